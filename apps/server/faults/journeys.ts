/**
 * The rows of the matrix: something a buyer does that needs one provider.
 * Each journey says where it starts (prepared before the fault), the
 * buyer's action under the fault, the same action once more while the
 * fault lasts, and what the buyer does first once it is over. Every action
 * answers what the page showed, in the spec's words.
 */
import { apiRoutes, zohoContactByEmailPath } from '@wifi7/contract';
import { inArray, sql } from 'drizzle-orm';
import { orders } from '../src/db/schema';
import {
  paypalInvoiceBody,
  zohoCheckoutBody,
  zohoContactBody,
} from '../test/support/request-bodies';
import { control, reconcileNow, until } from '../test/support/stack';
import {
  confirmAgain,
  confirmOnMyOrders,
  myOrderPrepared,
  underPolicy,
  type MyOrderAction,
} from './my-orders';
import { enrolmentsOf } from './provider-objects';
import {
  contactFailedSays,
  contactFormSays,
  contactFoundSays,
  invoicePageSays,
  noPageOfOurs,
  onPaypalsPage,
  paymentLinkPageSays,
  paymentStatusPageSays,
} from './user-saw';
import {
  deliverHandoffsNow,
  handoffsAttempted,
  webhooksDelivered,
  type BuyerSession,
  type ProviderName,
  type World,
} from './world';

export interface Journey {
  /** Provider · action, as the table names the row. */
  title: string;
  provider: ProviderName;
  /** What the provider makes on the way, as the table counts it. */
  objects: 'invoices' | 'links' | 'contacts';
  /** Whether the table counts the portal's enrolments too. */
  showsEnrolments: boolean;
  /** The call by which the provider acts: the one `lost-answer` drops the answer of, once. */
  actingCall: { method: 'GET' | 'POST'; path: string };
  /** A purchase ends paid and handed off; the contact step ends with one contact. */
  purchase: boolean;
  /** The buyer paid during the action, under the fault. */
  paysInAction: boolean;
  /** The buyer acts on their own order from My orders; judged by what that action must end in. */
  myOrder?: MyOrderAction;
  /** A company's order of this many seats: held all together, once, whatever the fault. */
  seats?: number;
  prepare(world: World, session: BuyerSession): Promise<void>;
  act(world: World, session: BuyerSession): Promise<string>;
  /** The same action again while the fault lasts (a second click, "Try again"); undefined when the page offers none. */
  again?(world: World, session: BuyerSession, first: string): Promise<string | undefined>;
  /** What the buyer does first once the outage is over. */
  retry?(world: World, session: BuyerSession): Promise<string>;
}

// ── The buyer's actions, as the pages make them ─────────────────────────────

async function askForInvoice(session: BuyerSession): Promise<string> {
  const answer = await session.call(
    'POST',
    apiRoutes.paypalInvoice,
    paypalInvoiceBody(session.email),
  );
  return invoicePageSays(answer.status);
}

/** Seats of a company order: two named attendees and one left open for an invite. */
const COMPANY_SEATS = 3;

/** The checkout of a company order of COMPANY_SEATS seats; the invoice goes to the buyer. */
async function askForCompanyInvoice(session: BuyerSession): Promise<string> {
  const attendee = (first: string) => ({
    firstName: first,
    lastName: 'Engineer',
    email: `${first.toLowerCase()}.${session.email}`,
  });
  const answer = await session.call('POST', apiRoutes.paypalInvoice, {
    ...paypalInvoiceBody(session.email),
    group: { seats: COMPANY_SEATS, attendees: [attendee('Ada'), attendee('Alan'), null] },
  });
  return invoicePageSays(answer.status);
}

/** The contact page: a look-up first (its failure only shows the form), then the form. */
async function openContactPage(session: BuyerSession): Promise<string> {
  const lookUp = await session.call('GET', zohoContactByEmailPath(session.email));
  const found = lookUp.status === 200 && (lookUp.body as { contact: unknown }).contact !== null;
  return found ? contactFoundSays : submitContactForm(session);
}

async function submitContactForm(session: BuyerSession): Promise<string> {
  const answer = await session.call(
    'POST',
    apiRoutes.zohoContacts,
    zohoContactBody(session.email, session.name),
  );
  return contactFormSays(answer.status);
}

async function askForPaymentLink(session: BuyerSession): Promise<string> {
  const answer = await session.call(
    'POST',
    apiRoutes.zohoCheckout,
    zohoCheckoutBody(session.email),
  );
  return paymentLinkPageSays(answer.status, answer.body);
}

async function checkPaymentStatus(session: BuyerSession): Promise<string> {
  const answer = await session.call('GET', apiRoutes.zohoPaymentStatus);
  return paymentStatusPageSays(answer.status, answer.body);
}

/** The e-mails' buttons that lead to a pay page. */
const PAY_BUTTONS = ['View and Pay Invoice', 'Pay Now'];

/**
 * The buyer pays from their e-mail: the newest invoice or link first, an
 * older one if that one cannot be paid. The pay pages are the providers'
 * own, for people, so they are reached directly, never through a gate.
 * Answers whether a payment went through.
 */
export async function payFromInbox(world: World, session: BuyerSession): Promise<boolean> {
  const buttons = world.stack.emulators.inbox
    .list(session.email)
    .flatMap((mail) => mail.links.filter((link) => PAY_BUTTONS.includes(link.label)));
  for (const button of buttons) {
    const page = `${world.stack.emulatorsUrl}${new URL(button.href).pathname}`;
    const paid = await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' });
    const next = paid.headers.get('location') ?? '';
    // PayPal shows its receipt, Zoho sends the buyer back with status=paid; a refusal shows the page again.
    if (next.endsWith('/done') || next.includes('status=paid')) return true;
  }
  return false;
}

async function mustSucceed(what: string, saw: Promise<string>, success: string): Promise<void> {
  const text = await saw;
  if (text !== success) throw new Error(`Setting up, ${what} showed "${text}"`);
}

async function readyForZoho(session: BuyerSession): Promise<void> {
  await mustSucceed('the contact form', submitContactForm(session), contactFormSays(200));
  await mustSucceed(
    'the payment link page',
    askForPaymentLink(session),
    paymentLinkPageSays(200, undefined),
  );
}

async function payInAction(world: World, session: BuyerSession): Promise<void> {
  if (!(await payFromInbox(world, session))) throw new Error('The buyer could not pay');
  await webhooksDelivered(world);
}

// ── The rows ────────────────────────────────────────────────────────────────

const paypalAsksForInvoice: Journey = {
  title: 'PayPal · asks for an invoice',
  provider: 'paypal',
  objects: 'invoices',
  showsEnrolments: false,
  actingCall: { method: 'POST', path: '^/v2/invoicing/invoices$' },
  purchase: true,
  paysInAction: false,
  prepare: async () => {},
  act: (_world, session) => askForInvoice(session),
  again: (_world, session) => askForInvoice(session),
  retry: (_world, session) => askForInvoice(session),
};

const paypalPaysInvoice: Journey = {
  title: 'PayPal · pays the invoice',
  provider: 'paypal',
  objects: 'invoices',
  showsEnrolments: false,
  // The webhook is verified here (PayPal's certificate, cached); reading the invoice back
  // is the first PayPal API call after the payment.
  actingCall: { method: 'GET', path: '^/v2/invoicing/invoices/[^/]+$' },
  purchase: true,
  paysInAction: true,
  prepare: (_world, session) =>
    mustSucceed('the invoice request', askForInvoice(session), invoicePageSays(200)),
  act: async (world, session) => {
    await payInAction(world, session);
    return onPaypalsPage;
  },
};

/**
 * The buyer paid part of the invoice (100.00 of its 499.00), and the hold
 * ends: PayPal will not cancel a partly paid invoice. The reconciler's pass
 * must end (the seller is told what came and what is due), under the fault
 * and after it, and the buyer can still pay the rest from the e-mail.
 */
const paypalHoldEndsPartlyPaid: Journey = {
  title: 'PayPal · the hold ends on a partly paid invoice',
  provider: 'paypal',
  objects: 'invoices',
  showsEnrolments: false,
  // The reconciler asks PayPal about the invoice (a partly paid one is never withdrawn).
  actingCall: { method: 'GET', path: '^/v2/invoicing/invoices/[^/]+$' },
  purchase: true,
  paysInAction: false,
  prepare: async (world, session) => {
    await mustSucceed('the invoice request', askForInvoice(session), invoicePageSays(200));
    for (const order of await session.orders()) {
      await control(world.stack, `/paypal/_control/invoices/${order.providerReference}/pay`, {
        amount: '100.00',
      });
    }
    await webhooksDelivered(world);
  },
  act: async (world, session) => {
    const ids = (await session.orders()).map((order) => order.id);
    await world.database.handle.db
      .update(orders)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(inArray(orders.id, ids));
    await reconcileNow(world, inArray(orders.id, ids));
    return noPageOfOurs;
  },
};

/** A company's order of several seats: one invoice for all of them, the seats taken together. */
const paypalCompanyAsksForInvoice: Journey = {
  title: `PayPal · a company asks for one invoice for ${COMPANY_SEATS} seats`,
  provider: 'paypal',
  objects: 'invoices',
  showsEnrolments: false,
  actingCall: { method: 'POST', path: '^/v2/invoicing/invoices$' },
  purchase: true,
  paysInAction: false,
  seats: COMPANY_SEATS,
  prepare: async () => {},
  act: (_world, session) => askForCompanyInvoice(session),
  again: (_world, session) => askForCompanyInvoice(session),
  retry: (_world, session) => askForCompanyInvoice(session),
};

const booksContact: Journey = {
  title: 'Zoho Books · submits the India contact form',
  provider: 'zoho-books',
  objects: 'contacts',
  showsEnrolments: false,
  actingCall: { method: 'POST', path: '^/books/v3/contacts$' },
  purchase: false,
  paysInAction: false,
  prepare: async () => {},
  act: (_world, session) => openContactPage(session),
  // The form stays, with its error, and the buyer presses the button again.
  again: async (_world, session, first) =>
    first === contactFailedSays ? submitContactForm(session) : undefined,
  retry: (_world, session) => openContactPage(session),
};

const zohoAsksForLink: Journey = {
  title: 'Zoho Payments · asks for the payment link',
  provider: 'zoho-payments',
  objects: 'links',
  showsEnrolments: false,
  actingCall: { method: 'POST', path: '^/payments/api/v1/paymentlinks$' },
  purchase: true,
  paysInAction: false,
  prepare: (_world, session) =>
    mustSucceed('the contact form', submitContactForm(session), contactFormSays(200)),
  act: (_world, session) => askForPaymentLink(session),
  again: (_world, session) => askForPaymentLink(session),
  retry: (_world, session) => askForPaymentLink(session),
};

const zohoPaysLink: Journey = {
  title: 'Zoho Payments · pays the link, returns to the status page',
  provider: 'zoho-payments',
  objects: 'links',
  showsEnrolments: false,
  // Nothing is written to Zoho on this way: the answer lost is the link's, read back.
  actingCall: { method: 'GET', path: '^/payments/api/v1/paymentlinks/' },
  purchase: true,
  paysInAction: true,
  prepare: (_world, session) => readyForZoho(session),
  act: async (world, session) => {
    await payInAction(world, session);
    return checkPaymentStatus(session);
  },
  again: (_world, session) => checkPaymentStatus(session),
  retry: (_world, session) => checkPaymentStatus(session),
};

const portalHandoff: Journey = {
  title: 'Courses portal · the hand-off after a payment',
  provider: 'portal',
  objects: 'links',
  showsEnrolments: true,
  actingCall: { method: 'POST', path: '/api/enrollments$' },
  purchase: true,
  paysInAction: true,
  prepare: (_world, session) => readyForZoho(session),
  act: async (world, session) => {
    await payInAction(world, session);
    await handoffsAttempted(
      world,
      (await session.orders()).map((order) => order.id),
    );
    return checkPaymentStatus(session);
  },
  again: (_world, session) => checkPaymentStatus(session),
  retry: (_world, session) => checkPaymentStatus(session),
};

// ── The buyer's own orders (My orders, beyond the spec) ────────────────────

/** Paid from the e-mail, and the student handed to the courses portal, before the fault. */
async function paidAndEnrolled(world: World, session: BuyerSession): Promise<void> {
  await payInAction(world, session);
  const ids = (await session.orders()).map((order) => order.id);
  await until(
    async () => (await session.orders()).every((order) => order.status === 'paid'),
    'the order to be paid',
  );
  await handoffsAttempted(world, ids);
  await deliverHandoffsNow(world, ids);
  if (enrolmentsOf(world, ids) !== 1) throw new Error('Setting up, the portal did not enrol');
}

/** A My orders row: the order prepared as `ready` leaves it, then the page's dialog confirmed. */
function onMyOrders(
  action: MyOrderAction,
  ready: (world: World, session: BuyerSession) => Promise<void>,
): Pick<Journey, 'myOrder' | 'purchase' | 'paysInAction' | 'prepare' | 'act' | 'again' | 'retry'> {
  return {
    myOrder: action,
    purchase: false,
    paysInAction: false,
    prepare: async (world, session) => {
      await ready(world, session);
      await myOrderPrepared(world, session, action, await underPolicy(world, session));
    },
    act: (_world, session) => confirmOnMyOrders(session),
    // The dialog keeps its key until it succeeds: pressing confirm again is a retry.
    again: (_world, session) => confirmAgain(session),
    // After reloading: a fresh look at the order, a new dialog and key.
    retry: (_world, session) => confirmOnMyOrders(session),
  };
}

const paypalInvoiceSent = (_world: World, session: BuyerSession) =>
  mustSucceed('the invoice request', askForInvoice(session), invoicePageSays(200));

const buyerCancelsUnpaidPaypal: Journey = {
  title: 'PayPal · My orders: cancels an unpaid order',
  provider: 'paypal',
  objects: 'invoices',
  showsEnrolments: false,
  actingCall: { method: 'POST', path: '^/v2/invoicing/invoices/[^/]+/cancel$' },
  ...onMyOrders('cancel-unpaid', paypalInvoiceSent),
};

const buyerCancelsPaidPaypal: Journey = {
  title: 'PayPal · My orders: cancels a paid order for a refund',
  provider: 'paypal',
  objects: 'invoices',
  showsEnrolments: true,
  actingCall: { method: 'POST', path: '^/v2/payments/captures/[^/]+/refund$' },
  ...onMyOrders('cancel-paid', async (world, session) => {
    await paypalInvoiceSent(world, session);
    await paidAndEnrolled(world, session);
  }),
};

const buyerCancelsPaidZoho: Journey = {
  title: 'Zoho Payments · My orders: cancels a paid order for a refund',
  provider: 'zoho-payments',
  objects: 'links',
  showsEnrolments: true,
  actingCall: { method: 'POST', path: '^/payments/api/v1/payments/[^/]+/refunds$' },
  ...onMyOrders('cancel-paid', async (world, session) => {
    await readyForZoho(session);
    await paidAndEnrolled(world, session);
  }),
};

const buyerMovesPaid: Journey = {
  title: 'Courses portal · My orders: moves a paid seat to another batch',
  provider: 'portal',
  objects: 'invoices',
  showsEnrolments: true,
  actingCall: { method: 'POST', path: '/api/enrollments$' },
  ...onMyOrders('move', async (world, session) => {
    await paypalInvoiceSent(world, session);
    await paidAndEnrolled(world, session);
  }),
};

export const JOURNEYS: readonly Journey[] = [
  paypalAsksForInvoice,
  paypalPaysInvoice,
  paypalHoldEndsPartlyPaid,
  paypalCompanyAsksForInvoice,
  booksContact,
  zohoAsksForLink,
  zohoPaysLink,
  portalHandoff,
  buyerCancelsUnpaidPaypal,
  buyerCancelsPaidPaypal,
  buyerCancelsPaidZoho,
  buyerMovesPaid,
];
