import {
  sellerSeatActionRequestSchema,
  type SellerOrderDetail,
  type SellerSeat,
} from '@wifi7/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptApi, signIn } from '../../../testing/checkout-helpers';
import { renderWithQuery } from '../../../testing/render-with-query';
import { sellerKeys } from '../query-keys';
import OrderDetailPage from './OrderDetailPage';
import { SeatsSection } from './SeatsSection';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const ORDER = 'ORDERCOMPANY0001';
const allowed = { allowed: true, reason: null };
const notNow = (reason: string) => ({ allowed: false, reason });

function seat(number: number, changes: Partial<SellerSeat> = {}): SellerSeat {
  return {
    id: `${ORDER}-${number}`,
    number,
    state: 'active',
    attendee: {
      firstName: 'Anna',
      lastName: `Karlsson ${number}`,
      email: `anna.${number}@corp.example`,
    },
    enrolled: true,
    shareMinor: 40_000,
    handoff: 'delivered',
    actions: { refund: { ...allowed, maxMinor: 40_000 }, cancel: allowed },
    ...changes,
  };
}

const detail: SellerOrderDetail = {
  order: {
    id: ORDER,
    email: 'manager@corp.example',
    name: 'Grace Hopper',
    batchId: 'WIFI7-2027-01-AM',
    batchDescription: 'Jan 12 - Mar 4, 2027 (Americas)',
    rail: 'paypal_invoice',
    currency: 'USD',
    totalMinor: 120_000,
    discountCode: null,
    status: 'paid',
    createdAt: '2027-01-02T17:00:00.000Z',
    paidAt: '2027-01-02T18:00:00.000Z',
    updatedAt: '2027-01-02T18:00:00.000Z',
    needsAttention: false,
    seatCount: 3,
    groupOrder: true,
    workshopSku: 'WIFI7',
    workshopName: 'Wi-Fi 7 workshop',
    subtotalMinor: 149_700,
    discountMinor: 29_700,
    discountPercent: 0,
    billing: {
      firstName: 'Grace',
      lastName: 'Hopper',
      country: 'United States',
      isoCode: 'US',
      state: 'NY',
      city: 'New York',
      zipcode: '10001',
    },
    providerReference: 'INV2-1',
    paymentUrl: null,
    paymentReferences: ['CAPTURE-1'],
    attention: null,
    holdExpiresAt: '2027-01-03T17:00:00.000Z',
    lastProviderError: null,
    refundedMinor: 0,
    unitPriceMinor: 49_900,
    volumeDiscountPercent: 20,
    invoiceEmail: 'ap@corp.example',
  },
  seats: [
    seat(1),
    seat(2, { handoff: 'failing' }),
    seat(3, {
      attendee: null,
      enrolled: false,
      handoff: 'none',
      actions: {
        refund: { ...notNow('Nobody holds the seat yet: cancel it instead.'), maxMinor: 40_000 },
        cancel: allowed,
      },
    }),
  ],
  handoff: { state: 'delivered', attempts: 1, lastError: null },
  actions: {
    resend: allowed,
    markPaid: allowed,
    cancel: allowed,
    refund: { ...allowed, maxMinor: 120_000 },
    moveBatch: allowed,
    retryHandoff: allowed,
    dismissAttention: allowed,
    attach: allowed,
    reissue: allowed,
    resendMail: { allowed: false, reason: 'No e-mail of this order failed to go out.' },
  },
  timeline: [],
};

const seatUrl = (number: number, action: string) =>
  `/api/seller/orders/${ORDER}/seats/${ORDER}-${number}/${action}`;
const answer = { status: 200, data: { message: 'Seat 2 refunded: $120.50.', detail } };

function renderSeats(shown: SellerOrderDetail = detail) {
  const user = userEvent.setup();
  const rendered = renderWithQuery(
    <>
      <SeatsSection detail={shown} />
      <Toaster />
    </>,
  );
  const table = within(screen.getByRole('table'));
  return { user, table, ...rendered };
}

beforeEach(async () => {
  await signIn('seller@example.com');
});

describe('the seats and attendees of a company purchase', () => {
  it('lists each seat with its attendee or its open invite, state, hand-off and share', () => {
    const { table } = renderSeats();
    const first = table.getByRole('row', { name: /Seat 1/ });
    expect(first).toHaveTextContent('Anna Karlsson 1');
    expect(first).toHaveTextContent('anna.1@corp.example');
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent('Enrolled');
    expect(first).toHaveTextContent('$400.00');
    expect(table.getByRole('row', { name: /Seat 2/ })).toHaveTextContent('Not acknowledged yet');
    expect(table.getByRole('row', { name: /Seat 3/ })).toHaveTextContent(
      'Open (invite not used yet)',
    );
  });

  it('shows a disabled action with the server’s reason', () => {
    const { table } = renderSeats();
    const refund = table.getByRole('button', { name: 'Refund this seat, seat 3' });
    expect(refund).toBeDisabled();
    expect(refund).toHaveAccessibleDescription('Nobody holds the seat yet: cancel it instead.');
    expect(table.getByRole('button', { name: 'Cancel this seat, seat 3' })).toBeEnabled();
    expect(table.getByRole('button', { name: 'Refund this seat, seat 1' })).toBeEnabled();
  });

  it('refunds one seat, the amount prefilled with its share and checked, once confirmed', async () => {
    const { calls } = scriptApi({ [`POST ${seatUrl(2, 'refund')}`]: answer });
    const { user, table, queryClient } = renderSeats();
    queryClient.setQueryData(sellerKeys.order(ORDER), detail);
    await user.click(table.getByRole('button', { name: 'Refund this seat, seat 2' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund seat 2?' }));
    const amount = dialog.getByRole('textbox', { name: 'Amount (USD)' });
    expect(amount).toHaveValue('400.00');

    await user.clear(amount);
    await user.type(amount, '400.01');
    await user.click(dialog.getByRole('button', { name: 'Refund $400.01' }));
    expect(amount).toHaveAccessibleDescription('Enter an amount from $0.01 to $400.00.');
    expect(calls('POST', seatUrl(2, 'refund'))).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '120.5');
    await user.click(dialog.getByRole('button', { name: 'Refund $120.50' }));
    expect(await screen.findByText('Seat 2 refunded: $120.50.')).toBeInTheDocument();
    const [request] = calls('POST', seatUrl(2, 'refund'));
    expect(request?.body).toEqual({ idempotencyKey: expect.any(String), amountMinor: 12_050 });
    expect(sellerSeatActionRequestSchema.safeParse(request?.body).success).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The order is read again.
    expect(queryClient.getQueryState(sellerKeys.order(ORDER))?.isInvalidated).toBe(true);
  });

  it('cancels one seat with no amount, a retry keeps the key, a new dialog makes another', async () => {
    let refused = false;
    const { calls } = scriptApi({
      [`POST ${seatUrl(3, 'cancel')}`]: () => {
        if (refused) return { status: 200, data: { message: 'Seat 3 cancelled.', detail } };
        refused = true;
        return { status: 409, data: { message: 'The order changed: look again.' } };
      },
    });
    const { user, table } = renderSeats();
    await user.click(table.getByRole('button', { name: 'Cancel this seat, seat 3' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel seat 3?' }));
    expect(dialog.queryByRole('textbox', { name: /Amount/ })).not.toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /Note for the audit log/ }), 'Left');
    await user.click(dialog.getByRole('button', { name: 'Cancel this seat' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The order changed: look again.');
    await user.click(dialog.getByRole('button', { name: 'Cancel this seat' }));
    expect(await screen.findByText('Seat 3 cancelled.')).toBeInTheDocument();
    const [first, second] = calls('POST', seatUrl(3, 'cancel')).map((request) => request.body);
    expect(first).toEqual({ idempotencyKey: expect.any(String), note: 'Left' });
    expect(second).toEqual(first);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(table.getByRole('button', { name: 'Cancel this seat, seat 3' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel seat 3?' })).getByRole('button', {
        name: 'Cancel this seat',
      }),
    );
    await waitFor(() => expect(calls('POST', seatUrl(3, 'cancel'))).toHaveLength(3));
    const third = calls('POST', seatUrl(3, 'cancel'))[2]!.body as { idempotencyKey: string };
    expect(third).toEqual({ idempotencyKey: expect.any(String) });
    expect(third.idempotencyKey).not.toBe((first as { idempotencyKey: string }).idempotencyKey);
  });
});

describe('a company purchase’s page', () => {
  function openOrder(shown: SellerOrderDetail) {
    scriptApi({ [`GET /api/seller/orders/${shown.order.id}`]: { status: 200, data: shown } });
    const router = createMemoryRouter(
      [{ path: '/seller/orders/:orderId', element: <OrderDetailPage /> }],
      { initialEntries: [`/seller/orders/${shown.order.id}`] },
    );
    renderWithQuery(<RouterProvider router={router} />);
  }

  it('shows the unit price × seats, the volume discount and where the invoice went', async () => {
    openOrder(detail);
    const seats = await screen.findByRole('region', { name: 'Seats and attendees' });
    expect(within(seats).getAllByRole('row')).toHaveLength(4);
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('3 seats × $499.00 USD, volume discount −20%');
    expect(summary).toHaveTextContent('Invoice toap@corp.exampleAccounts payable');
    // No code was used: the list price alone is in brackets.
    expect(summary).toHaveTextContent('$1,200.00 USD (list $1,497.00 USD)');
  });

  it('lists no seats for the spec’s single seat', async () => {
    openOrder({
      ...detail,
      order: {
        ...detail.order,
        groupOrder: false,
        seatCount: 1,
        invoiceEmail: null,
        volumeDiscountPercent: 0,
      },
      seats: [seat(1)],
    });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary).not.toHaveTextContent('seats ×');
    expect(summary).not.toHaveTextContent('Invoice to');
    expect(screen.queryByRole('region', { name: 'Seats and attendees' })).not.toBeInTheDocument();
  });
});
