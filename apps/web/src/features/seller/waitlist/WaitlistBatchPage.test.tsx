import type { SellerWaitlistPlace } from '@wifi7/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../testing/render-with-query';
import { scriptApi, signIn } from '../../../testing/checkout-helpers';
import WaitlistBatchPage from './WaitlistBatchPage';
import WaitlistPage from './WaitlistPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const BATCH = 'WIFI7-2027-01-AM';
const batches = {
  batches: [
    {
      batchId: BATCH,
      batchDescription: 'Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
      seatCapacity: 20,
      seatsTaken: 20,
      waiting: 1,
      offered: 1,
    },
  ],
};
const place = (id: number, more: Partial<SellerWaitlistPlace>): SellerWaitlistPlace => ({
  id,
  email: `buyer${id}@example.com`,
  state: 'waiting',
  position: id,
  joinedAt: '2027-01-02T17:00:00.000Z',
  offeredAt: null,
  offerExpiresAt: null,
  offers: 0,
  orderId: null,
  ...more,
});

beforeEach(async () => {
  await signIn('seller@example.com');
});

function renderAt(path: string) {
  renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/seller/waitlist" element={<WaitlistPage />} />
        <Route path="/seller/waitlist/:batchId" element={<WaitlistBatchPage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
}

describe('the back office waitlist', () => {
  it('lists every batch with its seats and counts, and opens one', async () => {
    scriptApi({ 'GET /api/seller/waitlist': { status: 200, data: batches } });
    renderAt('/seller/waitlist');
    const table = await screen.findByRole('table', { name: 'Batches and their waitlists' });
    const row = within(table).getByRole('row', { name: /Jan 12 - Mar 4, 2027/ });
    expect(row).toHaveTextContent('20 of 20 taken');
    expect(row).toHaveTextContent('Full');
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/seller/waitlist/${BATCH}`);
  });

  it('shows one batch’s line and removes a place after asking, once', async () => {
    const first = place(1, {
      state: 'offered',
      position: null,
      offeredAt: '2027-01-05T17:00:00.000Z',
      offerExpiresAt: '2027-01-06T17:00:00.000Z',
      offers: 1,
    });
    const second = place(2, { position: 1 });
    const done = place(3, { state: 'converted', position: null, offers: 1, orderId: 'ORDER-3' });
    let removed = false;
    const { calls } = scriptApi({
      'GET /api/seller/waitlist': { status: 200, data: batches },
      [`GET /api/seller/waitlist/${BATCH}`]: () => ({
        status: 200,
        data: {
          items: removed ? [second, done, { ...first, state: 'removed' }] : [first, second, done],
          page: 1,
          pageSize: 50,
          total: 3,
        },
      }),
      'POST /api/seller/waitlist/places/1/remove': () => {
        removed = true;
        return {
          status: 200,
          data: {
            message: 'buyer1@example.com was removed.',
            place: { ...first, state: 'removed' },
          },
        };
      },
    });
    renderAt(`/seller/waitlist/${BATCH}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Waitlist: Jan 12 - Mar 4, 2027' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Places in line order' });
    const converted = within(table).getByRole('row', { name: /buyer3@example.com/ });
    expect(converted).toHaveTextContent('Converted');
    expect(within(converted).getByRole('link', { name: 'ORDER-3' })).toHaveAttribute(
      'href',
      '/seller/orders/ORDER-3',
    );
    expect(within(converted).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Remove buyer1@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove from the waitlist?' });
    expect(dialog).toHaveAccessibleDescription(
      /^buyer1@example.com loses the offer held until .+; the seat passes to the next person in line now\.$/,
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from waitlist' }));
    expect(await screen.findByText('buyer1@example.com was removed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [request] = calls('POST', '/api/seller/waitlist/places/1/remove');
    expect(request?.body).toMatchObject({ note: 'Asked by phone' });
    expect((request?.body as { idempotencyKey: string }).idempotencyKey).toMatch(/^[\w-]{8,}$/);
    expect(
      await within(table).findByRole('row', { name: /buyer1@example.com.*Removed/ }),
    ).toBeInTheDocument();
  });
});
