import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerOrder } from '@wifi7/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { renderRoute, scriptApi, signIn } from '../../../testing/checkout-helpers';
import { MyOrdersPage } from './MyOrdersPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const LIST = 'GET /api/me/orders';
const order = (more: Partial<BuyerOrder> = {}): BuyerOrder => ({
  orderId: 'ORDER0000000001',
  workshopName: 'Wi-Fi 7 Live Online Workshop',
  batchId: 'WIFI7-2027-01-AM',
  batchDescription: 'Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
  sessions: [],
  rail: 'paypal_invoice',
  currency: 'USD',
  totalMinor: 129_900,
  refundedMinor: 0,
  state: 'awaiting_payment',
  placedAt: '2026-11-20T17:00:00.000Z',
  paidAt: null,
  payableUntil: '2026-11-23T17:00:00.000Z',
  paymentUrl: null,
  policyTerms: ['An unpaid order may be cancelled at any time.'],
  resend: true,
  cancel: { until: null, refundMinor: 0 },
  move: null,
  notOffered: [],
  groupOrder: false,
  seats: [],
  names: null,
  ...more,
});

beforeEach(async () => {
  await signIn('ada@example.com');
});

describe('My orders', () => {
  it('shows an unpaid order and sends its invoice again, saying so once', async () => {
    const api = scriptApi({
      [LIST]: { status: 200, data: { orders: [order()] } },
      'POST /api/me/orders/ORDER0000000001/resend': {
        status: 200,
        data: { message: 'PayPal sent you the invoice again, to ada@example.com.' },
      },
    });
    renderRoute(paths.myOrders, <MyOrdersPage />);
    const card = await screen.findByRole('article', { name: 'Wi-Fi 7 Live Online Workshop' });
    expect(within(card).getByText('Awaiting payment')).toBeInTheDocument();
    expect(
      within(card).getByText(/Jan 12 - Mar 4, 2027 · Tue & Thu, 9 - 11 AM PT/),
    ).toBeInTheDocument();
    expect(within(card).getByText(/Your seat is held until Nov 23, 2026/)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Send the invoice again' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'PayPal sent you the invoice again, to ada@example.com.',
    );
    const [sent] = api.calls('POST', '/api/me/orders/ORDER0000000001/resend');
    expect(sent!.body).toMatchObject({ idempotencyKey: expect.any(String) });
    expect(api.calls('GET', '/api/me/orders').length).toBeGreaterThanOrEqual(2);
  });

  it('asks before cancelling a paid order, sends the refund it showed, and shows a refusal in the dialog', async () => {
    const paid = order({
      state: 'paid',
      paidAt: '2026-11-21T17:00:00.000Z',
      payableUntil: null,
      resend: false,
      cancel: { until: '2027-01-05T17:00:00.000Z', refundMinor: 116_910 },
      move: null,
      notOffered: ['Your order’s terms do not let you move it here: write to us.'],
    });
    let refuse = true;
    const api = scriptApi({
      [LIST]: { status: 200, data: { orders: [paid] } },
      'POST /api/me/orders/ORDER0000000001/cancel': () =>
        refuse
          ? {
              status: 409,
              data: {
                message:
                  'What cancelling gives back has changed since you looked: look at your order again.',
              },
            }
          : {
              status: 200,
              data: {
                message:
                  'Your order is cancelled and $1,169.10 is on its way back to you through PayPal. Your seat is given up.',
              },
            },
    });
    renderRoute(paths.myOrders, <MyOrdersPage />);
    const card = await screen.findByRole('article');
    expect(
      within(card).getByText(/You can cancel for a refund until Jan 5, 2027/),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('Your order’s terms do not let you move it here: write to us.'),
    ).toBeInTheDocument();

    await userEvent.click(
      within(card).getByRole('button', { name: 'Cancel for a refund of $1,169.10' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel for a refund?' });
    expect(dialog).toHaveTextContent('You get $1,169.10 back through PayPal; $129.90 is kept');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'What cancelling gives back has changed',
    );

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByRole('status')).toHaveTextContent(
      'is on its way back to you through PayPal',
    );
    const sent = api.calls('POST', '/api/me/orders/ORDER0000000001/cancel');
    expect(sent.map((request) => request.body)).toEqual([
      { idempotencyKey: expect.any(String), refundMinor: 116_910 },
      {
        idempotencyKey: (sent[0]!.body as { idempotencyKey: string }).idempotencyKey,
        refundMinor: 116_910,
      },
    ]);
  });

  it('moves a paid seat to the batch the buyer chooses', async () => {
    const paid = order({
      state: 'paid',
      resend: false,
      cancel: null,
      payableUntil: null,
      move: {
        until: '2027-01-10T17:00:00.000Z',
        batches: [
          {
            batchId: 'WIFI7-2027-04-AM',
            batchDescription: 'Apr 6 - May 27, 2027 -- Tue & Thu, 9 to 11 AM Pacific Time',
          },
          {
            batchId: 'WIFI7-2027-06-PM',
            batchDescription: 'Jun 1 - Jul 22, 2027 -- Tue & Thu, 6 to 8 PM Pacific Time',
          },
        ],
      },
    });
    const api = scriptApi({
      [LIST]: { status: 200, data: { orders: [paid] } },
      'POST /api/me/orders/ORDER0000000001/move': {
        status: 200,
        data: { message: 'Your seat moved.' },
      },
    });
    renderRoute(paths.myOrders, <MyOrdersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move to another batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to another batch' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Jun 1 - Jul 22, 2027/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move my seat' }));
    expect(await screen.findByText('Your seat moved.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/me/orders/ORDER0000000001/move')[0]!.body).toMatchObject({
      batchId: 'WIFI7-2027-06-PM',
    });
  });

  it('says when there are no orders, and when they cannot be loaded', async () => {
    scriptApi({ [LIST]: { status: 200, data: { orders: [] } } });
    renderRoute(paths.myOrders, <MyOrdersPage />);
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    cleanup();
    scriptApi({ [LIST]: { status: 503, data: { message: 'The database is not answering.' } } });
    renderRoute(paths.myOrders, <MyOrdersPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
