import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ReactRouterSeam } from '../../../app/ReactRouterSeam';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { useCartStore } from '../../cart';
import { setSignedInUser } from '../../../testing/auth-state';
import { scriptApi, signIn, type Handler } from '../../../testing/checkout-helpers';
import { renderWithQuery } from '../../../testing/render-with-query';
import { takeOfferReturn } from '../lib/offer-return';
import { WaitlistOfferPage } from './WaitlistOfferPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const TOKEN = 'a'.repeat(43);
const CLAIM = 'POST /api/waitlist/offers/claim';
const offer = (outcome: string, more: Record<string, unknown> = {}) => ({
  status: 200,
  data: {
    outcome,
    productSku: 'WIFI7-LIVE',
    productName: 'Wi-Fi 7 (802.11be) Live Online Workshop',
    batchId: 'WIFI7-2027-01-AM',
    offerExpiresAt: '2027-01-07T17:00:00.000Z',
    ...more,
  },
});

beforeEach(async () => {
  toast.remove();
  localStorage.clear();
  useCartStore.getState().clearCart();
  await signIn('ada@example.com');
});

function openOffer(
  routes: Record<string, Handler | { status: number; data?: unknown }>,
  token = TOKEN,
  { strict = false } = {},
) {
  const api = scriptApi(routes);
  const router = createMemoryRouter(
    [
      {
        path: paths.waitlistOffer,
        element: (
          <ReactRouterSeam>
            <WaitlistOfferPage />
          </ReactRouterSeam>
        ),
      },
      ...[paths.checkout, paths.login, paths.workshop].map((path) => ({
        path,
        element: <h1>{`Page at ${path}`}</h1>,
      })),
    ],
    { initialEntries: [`${paths.waitlistOffer}?token=${token}`] },
  );
  const page = (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
  renderWithQuery(strict ? <StrictMode>{page}</StrictMode> : page);
  return { ...api, router };
}

describe('the waitlist offer page', () => {
  it('puts a held seat in the cart and goes to checkout, saying until when', async () => {
    const { calls } = openOffer({ [CLAIM]: offer('ready') });
    expect(await screen.findByText('Page at /checkout')).toBeInTheDocument();
    expect(calls('POST', '/api/waitlist/offers/claim')[0]?.body).toEqual({ token: TOKEN });
    expect(useCartStore.getState().cartItems).toEqual([
      {
        productSku: 'WIFI7-LIVE',
        productName: 'Wi-Fi 7 (802.11be) Live Online Workshop',
        batchId: 'WIFI7-2027-01-AM',
      },
    ]);
    expect(
      await screen.findByText(/Your seat is held for you until Thu, Jan 7, 9:00 AM Pacific Time/),
    ).toBeInTheDocument();
  });

  it('opens the offer once, even under StrictMode', async () => {
    const { calls } = openOffer({ [CLAIM]: offer('ready') }, TOKEN, { strict: true });
    expect(await screen.findByText('Page at /checkout')).toBeInTheDocument();
    expect(calls('POST', '/api/waitlist/offers/claim')).toHaveLength(1);
    expect(useCartStore.getState().cartItems).toHaveLength(1);
  });

  it('sends a signed-out visitor to sign in, remembering the offer', async () => {
    setSignedInUser(null);
    openOffer({});
    expect(await screen.findByText('Page at /login')).toBeInTheDocument();
    expect(takeOfferReturn()).toBe(`${paths.waitlistOffer}?token=${TOKEN}`);
  });

  it('says an offer ran out, and joins the line again from there', async () => {
    const { calls } = openOffer({
      [CLAIM]: offer('expired'),
      'POST /api/waitlist': {
        status: 200,
        data: {
          outcome: 'joined',
          place: {
            batchId: 'WIFI7-2027-01-AM',
            state: 'waiting',
            position: 4,
            offerExpiresAt: null,
          },
        },
      },
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'This offer has ended' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(/held for you until Thu, Jan 7, 9:00 AM Pacific Time/),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join the waitlist again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You’re back on the waitlist, number 4 in line. We’ll e-mail ada@example.com as soon as a seat frees.',
    );
    expect(calls('POST', '/api/waitlist')[0]?.body).toEqual({ batchId: 'WIFI7-2027-01-AM' });
    expect(useCartStore.getState().cartItems).toEqual([]);
  });

  it.each([
    ['used', 'This offer has already been used'],
    ['not_yours', 'This offer is for another e-mail address'],
    ['unknown', 'We couldn’t find this offer'],
  ])('says what "%s" means', async (outcome, title) => {
    openOffer({
      [CLAIM]: offer(outcome, { productSku: null, productName: null, batchId: null }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go to the workshop page' })).toBeInTheDocument();
  });

  it('does not ask about a link that is not an offer link', async () => {
    const { calls } = openOffer({}, 'short');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find this offer' }),
    ).toBeInTheDocument();
    expect(calls('POST', '/api/waitlist/offers/claim')).toHaveLength(0);
  });

  it('shows a failure with a retry', async () => {
    let tries = 0;
    openOffer({ [CLAIM]: () => (++tries === 1 ? { status: 502 } : offer('ready')) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We couldn’t open your offer just now',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Page at /checkout')).toBeInTheDocument();
  });
});
