/**
 * An order's money: the payments that reached it and the refunds made of
 * them, one row each (pretix's OrderPayment and OrderRefund), and what
 * follows from them. Settlement, the seller's actions and the read models
 * ask here, and nowhere else, what was paid and what was given back.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderPayments, orderRefunds } from '../db/schema';
import type { OrderRow } from './repository';

export type OrderPayment = typeof orderPayments.$inferSelect;
export type OrderRefund = typeof orderRefunds.$inferSelect;
export interface OrderMoney {
  payments: OrderPayment[];
  refunds: OrderRefund[];
}

/** How the seller reads a payment recorded by hand: the money never went through a rail. */
export const MANUAL_PAYMENT_PREFIX = 'manual: ';

/** A payment as the seller reads it: the provider's id, or the seller's note of a manual one. */
export const paymentReference = (
  payment: Pick<OrderPayment, 'provider' | 'providerPaymentId' | 'note'>,
) =>
  payment.provider === 'manual'
    ? `${MANUAL_PAYMENT_PREFIX}${payment.note ?? ''}`
    : (payment.providerPaymentId ?? '');

/**
 * A refund made from this site (the back office or the buyer's My orders)
 * counts as given back once the provider made it or accepted it to settle
 * later; one whose answer was lost (pending with no refund id) does not,
 * and the seller checks it at the provider.
 */
const givenBack = (refund: OrderRefund) =>
  refund.source !== 'provider' &&
  (refund.state === 'succeeded' ||
    (refund.state === 'pending' && refund.providerRefundId !== null));

export function balance(order: Pick<OrderRow, 'totalMinor'>, money: OrderMoney) {
  const refundedMinor = money.refunds
    .filter(givenBack)
    .reduce((sum, refund) => sum + (refund.amountMinor ?? 0), 0);
  return {
    paymentReferences: money.payments.map(paymentReference),
    railPayments: money.payments.filter((payment) => payment.provider !== 'manual').length,
    /** Given back from this site so far, in minor units. */
    refundedMinor,
    /** What is left to give back, in minor units. */
    refundableMinor: Math.max(0, order.totalMinor - refundedMinor),
  };
}

export async function orderMoney(db: Db, orderId: string): Promise<OrderMoney> {
  const [payments, refunds] = await Promise.all([
    db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId))
      .orderBy(asc(orderPayments.id)),
    db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.id)),
  ]);
  return { payments, refunds };
}

/** The payment references of many orders at once (the CSV export). */
export async function paymentReferencesOf(db: Db, orderIds: string[]) {
  const byOrder = new Map<string, string[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderPayments)
    .where(inArray(orderPayments.orderId, orderIds))
    .orderBy(asc(orderPayments.id));
  for (const row of rows)
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), paymentReference(row)]);
  return byOrder;
}

const providerOf = (order: Pick<OrderRow, 'rail'>) =>
  order.rail === 'paypal_invoice' ? ('paypal' as const) : ('zoho' as const);

/**
 * The provider's payments of the order, each once. `paidMinor` is what they
 * brought together: it is one payment's amount only when there is one.
 */
export async function recordPayments(
  db: Db,
  order: Pick<OrderRow, 'id' | 'rail' | 'currency'>,
  paymentIds: string[],
  paidMinor: number | null,
): Promise<void> {
  if (paymentIds.length === 0) return;
  await db
    .insert(orderPayments)
    .values(
      paymentIds.map((id) => ({
        orderId: order.id,
        provider: providerOf(order),
        providerPaymentId: id,
        amountMinor: paymentIds.length === 1 ? paidMinor : null,
        currency: order.currency,
      })),
    )
    .onConflictDoNothing();
}

export async function recordManualPayment(
  db: Db,
  order: Pick<OrderRow, 'id' | 'currency' | 'totalMinor'>,
  note: string,
): Promise<void> {
  await db.insert(orderPayments).values({
    orderId: order.id,
    provider: 'manual',
    amountMinor: order.totalMinor,
    currency: order.currency,
    note,
  });
}

/** Refunded in full: none of its payments stands any more. */
export async function markPaymentsRefunded(db: Db, orderId: string): Promise<void> {
  await db
    .update(orderPayments)
    .set({ state: 'refunded' })
    .where(eq(orderPayments.orderId, orderId));
}

/** A seller's refund, recorded before the provider is asked; returns its id. */
export async function requestRefund(
  db: Db,
  order: Pick<OrderRow, 'id' | 'currency'>,
  refund: {
    amountMinor: number;
    /** The seller who asked; null when the buyer did (My orders). */
    requestedBy: string | null;
    reason: string;
    note: string | null;
  },
): Promise<number> {
  const source = refund.requestedBy === null ? 'buyer' : 'seller';
  const [row] = await db
    .insert(orderRefunds)
    .values({ orderId: order.id, source, currency: order.currency, ...refund })
    .returning({ id: orderRefunds.id });
  return row!.id;
}

export async function setRefundState(
  db: Db,
  refundId: number,
  state: OrderRefund['state'],
  providerRefundId?: string,
): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ state, providerRefundId, updatedAt: sql`now()` })
    .where(eq(orderRefunds.id, refundId));
}

/**
 * A refund the provider reported that no seller made here; its amount is
 * null when the provider said only "partly". Reported again, it is kept once.
 */
export async function recordProviderRefund(
  db: Db,
  order: Pick<OrderRow, 'id' | 'currency'>,
  amountMinor: number | null,
): Promise<void> {
  const [known] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, order.id),
        eq(orderRefunds.source, 'provider'),
        amountMinor === null
          ? isNull(orderRefunds.amountMinor)
          : eq(orderRefunds.amountMinor, amountMinor),
      ),
    );
  if (known) return;
  await db.insert(orderRefunds).values({
    orderId: order.id,
    source: 'provider',
    state: 'succeeded',
    amountMinor,
    currency: order.currency,
  });
}
