import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerOrder, OrderSeat } from '@wifi7/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { deferred, renderRoute, scriptApi, signIn } from '../../../testing/checkout-helpers';
import type { Reply } from '../../../testing/fake-api';
import { MyOrdersPage } from '../pages/MyOrdersPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const LIST = 'GET /api/me/orders';
const INVITE_URL = 'https://wifi7.example/seat-invite?code=abcdefghijklmnopqrstuvwx';
const SEAT_PUT = 'PUT /api/me/orders/ORDER0000000007/seats/seat-1';

const seat = (number: number, more: Partial<OrderSeat> = {}): OrderSeat => ({
  id: `seat-${number}`,
  number,
  state: 'active',
  attendee: null,
  inviteUrl: null,
  enrolled: false,
  ...more,
});

const companyOrder = (more: Partial<BuyerOrder> = {}): BuyerOrder => ({
  orderId: 'ORDER0000000007',
  workshopName: 'Wi-Fi 7 Live Online Workshop',
  batchId: 'WIFI7-2027-01-AM',
  batchDescription: 'Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
  sessions: [],
  rail: 'paypal_invoice',
  currency: 'USD',
  totalMinor: 350_730,
  refundedMinor: 0,
  state: 'paid',
  placedAt: '2026-11-20T17:00:00.000Z',
  paidAt: '2026-11-21T17:00:00.000Z',
  payableUntil: null,
  paymentUrl: null,
  policyTerms: ['An unpaid order may be cancelled at any time.'],
  resend: false,
  cancel: null,
  move: null,
  notOffered: [],
  groupOrder: true,
  seats: [
    seat(1, {
      attendee: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      enrolled: true,
    }),
    seat(2, {
      state: 'cancelled',
      attendee: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    }),
    seat(3, { inviteUrl: INVITE_URL }),
  ],
  names: { until: '2027-01-12T17:00:00.000Z' },
  ...more,
});

beforeEach(async () => {
  await signIn('buyer@example.com');
});

async function seatRows() {
  const seats = await screen.findByRole('region', { name: 'Seats: 3' });
  return within(seats).getAllByRole('listitem');
}

describe('a company order in My orders', () => {
  it('lists its seats: enrolled, given back, and open with a link to copy', async () => {
    const user = userEvent.setup();
    scriptApi({ [LIST]: { status: 200, data: { orders: [companyOrder()] } } });
    renderRoute(paths.myOrders, <MyOrdersPage />);

    const [enrolled, cancelled, open] = await seatRows();
    expect(enrolled).toHaveTextContent('Seat 1: Ada Lovelace (ada@example.com) · enrolled');
    expect(cancelled).toHaveTextContent('Seat 2: Grace Hopper (grace@example.com) · cancelled');
    expect(within(cancelled!).queryByRole('button')).not.toBeInTheDocument();
    expect(open).toHaveTextContent('Seat 3: open — invite link');
    expect(within(open!).getByText(INVITE_URL)).toBeInTheDocument();
    expect(screen.getByText(/You can change who holds a seat until Jan 12, 2027/)).toBeVisible();

    await user.click(within(open!).getByRole('button', { name: 'Copy link of seat 3' }));
    expect(await within(open!).findByRole('status')).toHaveTextContent('Copied');
    expect(await navigator.clipboard.readText()).toBe(INVITE_URL);
  });

  it('says so when the browser will not copy, leaving the link to copy by hand', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied'));
    scriptApi({ [LIST]: { status: 200, data: { orders: [companyOrder()] } } });
    renderRoute(paths.myOrders, <MyOrdersPage />);
    const open = (await seatRows())[2]!;
    await user.click(within(open).getByRole('button', { name: 'Copy link of seat 3' }));
    expect(await within(open).findByRole('status')).toHaveTextContent(
      'select the link and copy it by hand',
    );
    expect(within(open).getByRole('status')).not.toHaveTextContent('Copied');
  });

  it('offers no change while names may not change, and says why', async () => {
    scriptApi({
      [LIST]: {
        status: 200,
        data: {
          orders: [
            companyOrder({
              names: null,
              notOffered: ['The time to change attendees ended on Jan 5, 2027.'],
            }),
          ],
        },
      },
    });
    renderRoute(paths.myOrders, <MyOrdersPage />);
    await seatRows();
    expect(
      screen.getByText('The time to change attendees ended on Jan 5, 2027.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change attendee/ })).not.toBeInTheDocument();
  });

  it('changes a seat’s attendee once, however often Save is pressed, with one key', async () => {
    const user = userEvent.setup();
    const answer = deferred<Reply>();
    const api = scriptApi({
      [LIST]: { status: 200, data: { orders: [companyOrder()] } },
      [SEAT_PUT]: () => answer.promise,
    });
    renderRoute(paths.myOrders, <MyOrdersPage />);
    const [first] = await seatRows();
    await user.click(within(first!).getByRole('button', { name: 'Change attendee of seat 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the attendee of seat 1' });
    expect(within(dialog).getByRole('heading', { name: /seat 1/ })).toHaveFocus();

    // The contract's attendee schema refuses the address before anything is sent.
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/me/orders/ORDER0000000007/seats/seat-1')).toHaveLength(0);

    const first_ = within(dialog).getByRole('textbox', { name: 'First Name' });
    await user.clear(first_);
    await user.type(first_, ' Katherine ');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Last Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Johnson');
    await user.clear(email);
    await user.type(email, 'Katherine@Example.com');
    // Two presses in one moment, before the dialog can show it is busy; then one more while it is.
    const save = within(dialog).getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Working…' })).toBeDisabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Working…' }));

    const sent = api.calls('PUT', '/api/me/orders/ORDER0000000007/seats/seat-1');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      attendee: { firstName: 'Katherine', lastName: 'Johnson', email: 'katherine@example.com' },
      idempotencyKey: expect.stringMatching(/^.{8,100}$/),
    });

    const listsBefore = api.calls('GET', '/api/me/orders').length;
    answer.resolve({
      status: 200,
      data: { message: 'Seat 1 is now Katherine Johnson’s; Ada Lovelace’s access has ended.' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText(
        'Seat 1 is now Katherine Johnson’s; Ada Lovelace’s access has ended.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('GET', '/api/me/orders').length).toBeGreaterThan(listsBefore),
    );
  });

  it('leaves a seat open for a new invite link, with a new key for each opening', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = scriptApi({
      [LIST]: { status: 200, data: { orders: [companyOrder()] } },
      [SEAT_PUT]: () =>
        refuse
          ? { status: 409, data: { message: 'The time to change attendees has ended.' } }
          : { status: 200, data: { message: 'Seat 1 is open: pass on its new invite link.' } },
    });
    renderRoute(paths.myOrders, <MyOrdersPage />);
    const change = async () => {
      const [first] = await seatRows();
      await user.click(within(first!).getByRole('button', { name: 'Change attendee of seat 1' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change the attendee of seat 1' });
      await user.click(
        within(dialog).getByRole('radio', { name: 'Leave this seat open (new invite link)' }),
      );
      expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      return dialog;
    };

    const dialog = await change();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The time to change attendees has ended.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep as it is' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    refuse = false;
    await change();
    expect(
      await screen.findByText('Seat 1 is open: pass on its new invite link.'),
    ).toBeInTheDocument();
    const bodies = api
      .calls('PUT', '/api/me/orders/ORDER0000000007/seats/seat-1')
      .map((request) => request.body as { attendee: unknown; idempotencyKey: string });
    expect(bodies.map((body) => body.attendee)).toEqual([null, null]);
    expect(bodies[0]!.idempotencyKey).not.toBe(bodies[1]!.idempotencyKey);
  });

  it('shows no seat list for the spec’s single-seat order', async () => {
    scriptApi({
      [LIST]: {
        status: 200,
        data: {
          orders: [
            companyOrder({
              groupOrder: false,
              seats: [
                seat(1, {
                  attendee: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
                  enrolled: true,
                }),
              ],
              names: null,
            }),
          ],
        },
      },
    });
    renderRoute(paths.myOrders, <MyOrdersPage />);
    await screen.findByRole('article');
    expect(screen.queryByRole('region', { name: /Seats/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Seat 1/)).not.toBeInTheDocument();
  });
});
