import { act, fireEvent, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../content/site';
import { renderRoute, scriptApi, signIn, type Handler } from '../../../testing/checkout-helpers';
import { ZohoPaymentStatusPage } from './ZohoPaymentStatusPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const STATUS = 'GET /api/zoho-payment-status/check';

beforeEach(async () => {
  toast.remove();
  await signIn();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function openStatusPage(route: Handler | { status: number; data?: unknown }) {
  const api = scriptApi({ [STATUS]: route });
  const router = renderRoute('/checkout/zoho-payment-status', <ZohoPaymentStatusPage />, {
    strict: true,
  });
  return { ...api, router };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Testing Library's findBy/waitFor wait on timers, which are fake here:
 * instead, let pending promises settle (without moving the clock) until
 * `expectation` holds.
 */
async function settle(expectation: () => void): Promise<void> {
  for (let round = 0; ; round += 1) {
    try {
      expectation();
      return;
    } catch (error) {
      if (round >= 100) throw error;
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
  }
}

describe('payment status page', () => {
  it('verifies once, then goes to the workshop page 2 s after a success', async () => {
    const { router, calls } = openStatusPage({
      status: 200,
      data: { status: 'success', message: 'Payment received.' },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Verifying Payment...');
    await settle(() =>
      expect(
        screen.getByText('Payment status updated! Redirecting to your courses...'),
      ).toBeInTheDocument(),
    );
    expect(calls('GET', '/api/zoho-payment-status/check')).toHaveLength(1);
    expect(calls('GET', '/api/zoho-payment-status/check')[0]!.headers.Authorization).toBe(
      'Bearer id-token',
    );

    await advance(1999);
    expect(router.state.location.pathname).toBe('/checkout/zoho-payment-status');
    await advance(1);
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
  });

  it.each(['pending', 'failed', 'not_found'])(
    'says it could not verify a "%s" payment and leaves after 3 s',
    async (status) => {
      const { router } = openStatusPage({ status: 200, data: { status, message: 'x' } });
      await settle(() =>
        expect(
          screen.getByText('Unable to verify payment status. Please try again later.'),
        ).toBeInTheDocument(),
      );
      await advance(2999);
      expect(router.state.location.pathname).toBe('/checkout/zoho-payment-status');
      await advance(1);
      expect(router.state.location.pathname).toBe('/wifi7-workshop');
    },
  );

  it('stays with "Verification Error" when the check fails, and can try again', async () => {
    const error = vi.spyOn(toast, 'error');
    let attempts = 0;
    const { router, calls } = openStatusPage(() => {
      attempts += 1;
      return attempts === 1
        ? { status: 502, data: { message: 'Zoho Payments is not answering right now.' } }
        : { status: 200, data: { status: 'success', message: 'Payment received.' } };
    });

    await settle(() =>
      expect(screen.getByRole('heading', { name: 'Verification Error' })).toHaveFocus(),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to verify payment status. Please try again later.',
    );
    expect(error).toHaveBeenCalledWith('Failed to verify payment. Please try again.');
    await advance(10_000);
    expect(router.state.location.pathname).toBe('/checkout/zoho-payment-status');

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await settle(() =>
      expect(
        screen.getByText('Payment status updated! Redirecting to your courses...'),
      ).toBeInTheDocument(),
    );
    expect(calls('GET', '/api/zoho-payment-status/check')).toHaveLength(2);
  });

  it('"Go to Workshop" leaves at once', async () => {
    const { router } = openStatusPage({ status: 500 });
    await settle(() => screen.getByRole('button', { name: 'Go to Workshop' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to Workshop' }));
    await settle(() => expect(router.state.location.pathname).toBe('/wifi7-workshop'));
  });

  it('cancels the redirect when the buyer leaves first', async () => {
    const { router } = openStatusPage({ status: 200, data: { status: 'pending', message: 'x' } });
    await settle(() =>
      screen.getByText('Unable to verify payment status. Please try again later.'),
    );
    await act(() => router.navigate('/checkout'));
    await advance(5000);
    expect(router.state.location.pathname).toBe('/checkout');
  });
});

describe('after a declined payment', () => {
  const notVerified = 'Unable to verify payment status. Please try again later.';

  it('says to pay with the e-mailed link until the order expires, or to write to us', async () => {
    const { router } = openStatusPage({
      status: 200,
      data: { status: 'pending', message: 'x', payBy: '2026-11-28T18:30:00.000Z' },
    });
    await settle(() => expect(screen.getByText(notVerified)).toBeInTheDocument());
    const steps = screen.getByRole('region', { name: 'Payment declined or not finished?' });
    expect(steps).toHaveTextContent(
      'Pay again with the Zoho payment link we e-mailed you: it stays valid until 29 Nov 2026, 12:00 am IST, and your seat is held for you until then.',
    );
    expect(steps).toHaveTextContent(
      'Your order, and until when its seat is held, is in My orders.',
    );
    expect(within(steps).getByRole('link', { name: 'My orders' })).toHaveAttribute(
      'href',
      '/my-orders',
    );
    expect(screen.getByRole('link', { name: site.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${site.contactEmail}`,
    );
    // The spec's redirect still happens unless the buyer asks to stay.
    await advance(3000);
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
  });

  it('"Stay on this page" stops the redirect', async () => {
    const { router } = openStatusPage({ status: 200, data: { status: 'pending', message: 'x' } });
    await settle(() => expect(screen.getByText(notVerified)).toBeInTheDocument());
    expect(
      screen.getByRole('region', { name: 'Payment declined or not finished?' }),
    ).toHaveTextContent(
      'it stays valid until your order expires, and your seat is held for you until then.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await advance(10_000);
    expect(router.state.location.pathname).toBe('/checkout/zoho-payment-status');
    expect(screen.queryByRole('button', { name: 'Stay on this page' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Workshop' }));
    await settle(() => expect(router.state.location.pathname).toBe('/wifi7-workshop'));
  });

  it('says when the order is closed and its link no longer works', async () => {
    openStatusPage({ status: 200, data: { status: 'failed', message: 'The order is expired.' } });
    await settle(() => expect(screen.getByText(notVerified)).toBeInTheDocument());
    const steps = screen.getByRole('region', { name: 'Payment declined or not finished?' });
    expect(steps).toHaveTextContent('Your order is no longer open');
    expect(within(steps).getByRole('link', { name: 'My orders' })).toHaveAttribute(
      'href',
      '/my-orders',
    );
  });
});
