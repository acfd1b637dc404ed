/**
 * Company purchases at checkout (beyond the spec): the seats section, its
 * summary figures (the contract's groupPrice), the `group` the requests
 * carry on both paths, and the server's refusals in its own words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { groupPrice, formatMoney, type GroupSalesResponse } from '@wifi7/contract';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../cart';
import {
  BUYER_EMAIL,
  fillCart,
  priced,
  renderRoute,
  scriptApi,
  signIn,
  visitorCountryIs,
  workshopItem,
  workshopList,
  type Handler,
} from '../../../testing/checkout-helpers';
import { useGroupStore } from '../stores/group-store';
import { checkoutTexts } from '../texts';
import { CheckoutPage } from './CheckoutPage';
import { ZohoPaymentPage } from './ZohoPaymentPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const texts = checkoutTexts.group;
const WORKSHOP = 'GET /api/learning-availability/workshop-list';
const PRICING = 'POST /api/courses/pricing';
const INVOICE = 'POST /api/checkout/paypal-invoice';
const GROUP_SALES = 'GET /api/group-sales';
const SCHEDULE = 'GET /api/schedule';
const CARRY_DISCOUNT = 'PUT /api/checkout/applied-discount';
const ZOHO_CHECKOUT = 'POST /api/checkout/zoho-checkout';

const settings: GroupSalesResponse = {
  settings: {
    maxSeatsPerOrder: 5,
    volumeTiers: [
      { minSeats: 3, percent: 10 },
      { minSeats: 5, percent: 15 },
    ],
    namesUntilDaysBefore: 0,
  },
};

const invoiceSent = {
  orderId: 'o1',
  status: 'awaiting_payment',
  invoiceNumber: 'W7-1',
  reused: false,
  sentAgain: false,
};

beforeEach(async () => {
  toast.remove();
  useGroupStore.getState().clear();
  await signIn();
  fillCart();
  visitorCountryIs('US');
});

type Routes = Record<string, Handler | { status: number; data?: unknown }>;

function openCheckout(routes: Routes = {}) {
  const api = scriptApi({
    [WORKSHOP]: { status: 200, data: workshopList(2) },
    [PRICING]: { status: 200, data: priced() },
    [INVOICE]: { status: 200, data: invoiceSent },
    [GROUP_SALES]: { status: 200, data: settings },
    [SCHEDULE]: { status: 200, data: { workshops: [] } },
    ...routes,
  });
  const router = renderRoute('/checkout', <CheckoutPage />);
  return { ...api, router, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

const summary = () => screen.getByRole('region', { name: 'Order summary' });
const seat = (number: number) => screen.getByRole('group', { name: texts.seat(number) });

/** Opens the seats section and steps to `seats` once the seller's settings are in. */
async function openSeats(user: User, seats: number) {
  await user.click(await screen.findByText(texts.title));
  await screen.findByText(/3\+ seats: 10\s% off/);
  for (let count = 1; count < seats; count++)
    await user.click(screen.getByRole('button', { name: texts.more }));
  expect(screen.getByRole('spinbutton', { name: texts.seats })).toHaveValue(seats);
}

async function nameSeat(user: User, number: number, first: string, last: string, email: string) {
  const row = seat(number);
  await user.type(within(row).getByRole('textbox', { name: texts.firstName }), first);
  await user.type(within(row).getByRole('textbox', { name: texts.lastName }), last);
  await user.type(within(row).getByRole('textbox', { name: texts.email }), email);
}

async function fillBilling(user: User) {
  await user.type(await screen.findByRole('textbox', { name: 'First Name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
  const country = await screen.findByRole('combobox', { name: 'Country' });
  await waitFor(() => expect(country).toBeEnabled());
  await user.selectOptions(country, 'US');
  await user.type(screen.getByRole('textbox', { name: 'Zipcode' }), '95134');
}

/** Three seats: two named (one by "I attend"), one left open, and an accounts-payable address. */
async function fillThreeSeats(user: User) {
  await openSeats(user, 3);
  await user.click(screen.getByRole('button', { name: texts.iAttend }));
  await nameSeat(user, 2, ' Grace ', 'Hopper', 'Grace@Example.com');
  await user.click(within(seat(3)).getByRole('checkbox', { name: texts.leaveOpen }));
  await user.type(screen.getByRole('textbox', { name: texts.invoiceEmail }), 'ap@example.com');
}

describe('closed (the default)', () => {
  it('sends the spec’s request, with no group, and asks nothing of group sales', async () => {
    const { user, calls } = openCheckout();
    expect(await screen.findByText(texts.title)).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: texts.seats })).not.toBeVisible();
    await fillBilling(user);
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));
    await screen.findByRole('dialog', { name: 'How it works?' });
    const [request] = calls('POST', '/api/checkout/paypal-invoice');
    expect(request!.body).not.toHaveProperty('group');
    expect(calls('GET', '/api/group-sales')).toHaveLength(0);
    expect(within(summary()).queryByText(/seats ×/)).not.toBeInTheDocument();
  });
});

describe('the summary of a company purchase', () => {
  it('shows groupPrice’s figures for 3 seats with a tier and a code, and the tiers as a hint', async () => {
    useCartStore.getState().updateDiscountCode('TEAM10');
    const { user } = openCheckout({ [PRICING]: { status: 200, data: priced(10) } });
    await within(summary()).findByText('10% off');
    await openSeats(user, 3);

    const price = groupPrice({ unitMinor: 49900, seats: 3, codePercent: 10, volumePercent: 10 });
    const usd = (minor: number) => formatMoney(minor, 'USD');
    const table = within(summary()).getByRole('table');
    expect(within(table).getByRole('row', { name: /3 seats × \$499\.00/ })).toHaveTextContent(
      usd(price.subtotalMinor),
    );
    expect(within(table).getByRole('row', { name: /Discount code: −10\s%/ })).toHaveTextContent(
      `−${usd(price.codeDiscountMinor)}`,
    );
    expect(
      within(table).getByRole('row', { name: /Volume discount \(3\+ seats\): −10\s%/ }),
    ).toHaveTextContent(`−${usd(price.volumeDiscountMinor)}`);
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent(
      usd(price.totalMinor),
    );
    // The same figures, spelt out: $1,497.00 − $149.70 − $134.73 = $1,212.57.
    expect(usd(price.totalMinor)).toBe('$1,212.57');
    expect(screen.getByText(/5\+ seats: 15\s% off/)).toBeInTheDocument();
  });

  it('steps no further than the seller’s limit or the seats left, whichever is fewer', async () => {
    const { user } = openCheckout({
      [SCHEDULE]: {
        status: 200,
        data: {
          workshops: [
            {
              productSku: workshopItem.productSku,
              productName: workshopItem.productName,
              batches: [
                {
                  batchId: workshopItem.batchId,
                  batchDescription: 'Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu',
                  sessions: [],
                  full: false,
                  seatsLeft: 2,
                },
              ],
            },
          ],
        },
      },
    });
    await openSeats(user, 1);
    await screen.findByText(/Up to 2 seats in one order/);
    await user.click(screen.getByRole('button', { name: texts.more }));
    await user.click(screen.getByRole('button', { name: texts.more }));
    expect(screen.getByRole('spinbutton', { name: texts.seats })).toHaveValue(2);
  });
});

describe('paying for a company purchase by PayPal invoice', () => {
  it('names the address of a reused order’s invoice, as the server gives it', async () => {
    const { user } = openCheckout({
      [INVOICE]: {
        status: 200,
        data: { ...invoiceSent, reused: true, sentAgain: true, sentTo: 'payables@example.com' },
      },
    });
    await fillBilling(user);
    await fillThreeSeats(user);
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));

    const dialog = await screen.findByRole('dialog', { name: 'How it works?' });
    expect(
      within(dialog).getByText(
        'You already have an invoice for this batch: it has been sent to payables@example.com again.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/It was sent to/)).toHaveTextContent('payables@example.com');
  });

  it('sends the exact group, and says where the open seat’s invite link is', async () => {
    const { user, calls } = openCheckout();
    await fillBilling(user);
    await fillThreeSeats(user);
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));

    const dialog = await screen.findByRole('dialog', { name: 'How it works?' });
    const [request] = calls('POST', '/api/checkout/paypal-invoice');
    expect((request!.body as { group: unknown }).group).toEqual({
      seats: 3,
      attendees: [
        { firstName: 'Ada', lastName: 'Lovelace', email: BUYER_EMAIL },
        { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
        null,
      ],
      invoiceEmail: 'ap@example.com',
    });
    expect(within(dialog).getByText(/It was sent to/)).toHaveTextContent('ap@example.com');
    // Not "sent to your email": it went to the accounts-payable address.
    expect(
      within(dialog).getByText('Invoice has been generated and sent to ap@example.com.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(checkoutTexts.invoice.success)).not.toBeInTheDocument();
    const invites = within(dialog).getByText(new RegExp(texts.invitesOn));
    const myOrders = within(invites).getByRole('link', { name: 'My orders' });
    expect(myOrders).toHaveAttribute('href', '/my-orders');
    await user.click(myOrders);
    expect(useGroupStore.getState().open).toBe(false);
    expect(useCartStore.getState().cartItems).toEqual([]);
  });

  it('refuses missing names and an address named twice beside the fields, and sends nothing', async () => {
    const { user, calls } = openCheckout();
    await fillBilling(user);
    await openSeats(user, 2);
    await nameSeat(user, 1, 'Grace', 'Hopper', 'grace@example.com');
    await user.type(
      within(seat(2)).getByRole('textbox', { name: texts.email }),
      'GRACE@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));

    const firstName = within(seat(2)).getByRole('textbox', { name: texts.firstName });
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(firstName).toHaveAccessibleDescription('First name is required');
    expect(within(seat(2)).getByRole('textbox', { name: texts.email })).toHaveAccessibleDescription(
      'Each attendee holds one seat: this address is named twice',
    );
    expect(calls('POST', '/api/checkout/paypal-invoice')).toHaveLength(0);

    // Errors follow each change once shown.
    await user.type(firstName, 'Alan');
    expect(firstName).not.toHaveAccessibleDescription('First name is required');
  });

  it('shows a group 409 in the server’s own words, not as "already purchased"', async () => {
    const error = vi.spyOn(toast, 'error');
    const words =
      'grace@example.com already has a paid seat in this workshop. Leave that seat open or name someone else.';
    const { user } = openCheckout({ [INVOICE]: { status: 409, data: { message: words } } });
    await fillBilling(user);
    await fillThreeSeats(user);
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(words, expect.anything()));
    expect(error).not.toHaveBeenCalledWith(
      checkoutTexts.invoice.alreadyPurchased,
      expect.anything(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a company purchase in India', () => {
  it('checks the group before the contact step, and keeps it for the payment link page', async () => {
    visitorCountryIs('IN');
    const { user, router } = openCheckout({
      [PRICING]: { status: 200, data: priced(0, 'INR') },
      [CARRY_DISCOUNT]: { status: 200, data: { applied: true, message: 'ok' } },
    });
    const proceed = await screen.findByRole('button', { name: 'Proceed with Zoho Payment' });
    await openSeats(user, 2);
    await user.click(proceed);
    // Seat 1 is blank: the buyer stays and is put on it.
    await waitFor(() =>
      expect(within(seat(1)).getByRole('textbox', { name: texts.firstName })).toHaveFocus(),
    );
    expect(router.state.location.pathname).toBe('/checkout');
    await nameSeat(user, 1, 'Ravi', 'Kumar', 'ravi@example.in');
    await user.click(within(seat(2)).getByRole('checkbox', { name: texts.leaveOpen }));
    await user.click(proceed);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/zoho-contact'));
    expect(useGroupStore.getState()).toMatchObject({ open: true, draft: { seats: 2 } });
  });

  it('sends the kept group with the zoho checkout and clears it after the link is made', async () => {
    useGroupStore.setState({
      open: true,
      draft: {
        seats: 2,
        attendees: [
          { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in', leaveOpen: false },
          { firstName: '', lastName: '', email: '', leaveOpen: true },
        ],
        invoiceEmail: 'payables@example.in',
      },
    });
    localStorage.setItem('zohoUserEmail', BUYER_EMAIL);
    const { calls } = scriptApi({
      [ZOHO_CHECKOUT]: {
        status: 200,
        data: {
          code: 0,
          message: 'ok',
          payment_links: { url: 'https://payments.example.com/link/pl_1', amount: '74338.20' },
        },
      },
      [WORKSHOP]: { status: 200, data: workshopList(2) },
    });
    renderRoute('/checkout/zoho', <ZohoPaymentPage />, { strict: true });
    await screen.findByRole('link', { name: 'Pay Now' });
    const requests = calls('POST', '/api/checkout/zoho-checkout');
    expect(requests).toHaveLength(1);
    expect((requests[0]!.body as { group: unknown }).group).toEqual({
      seats: 2,
      attendees: [{ firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in' }, null],
      invoiceEmail: 'payables@example.in',
    });
    // The link went to accounts payable: the page says so, not "your email".
    expect(screen.getByText('Zoho payment link sent to payables@example.in.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'If the payment fails, retry with the payment link sent to payables@example.in.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('2 seats')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(texts.invitesOn))).toBeInTheDocument();
    expect(useGroupStore.getState().open).toBe(false);
  });

  it('shows a group refusal of the payment link in the server’s words', async () => {
    useGroupStore.setState({
      open: true,
      draft: {
        seats: 1,
        attendees: [
          { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in', leaveOpen: false },
        ],
        invoiceEmail: '',
      },
    });
    localStorage.setItem('zohoUserEmail', BUYER_EMAIL);
    const words =
      'ravi@example.in already has a paid seat in this workshop. Leave that seat open or name someone else.';
    scriptApi({
      [ZOHO_CHECKOUT]: { status: 409, data: { message: words } },
      [WORKSHOP]: { status: 200, data: workshopList(2) },
    });
    renderRoute('/checkout/zoho', <ZohoPaymentPage />);
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.queryByText(checkoutTexts.invoice.alreadyPurchased)).not.toBeInTheDocument();
    expect(useGroupStore.getState().open).toBe(true);
  });
});
