/**
 * Money an order did not expect, against the PayPal emulator: a partial
 * payment, an invoice PayPal will not cancel when the hold ends, one paid
 * and refunded before we heard of either. Each must reach the seller's
 * "Needs attention" at once, and none may keep the reconciler busy: every
 * provider call of a pass is bounded and the next attempt waits.
 */
import { apiRoutes, sellerOrderRoutes, type SellerAttentionList } from '@wifi7/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { batches, orders } from '../src/db/schema';
import { resolveNotes, SYSTEM } from '../src/orders/attention';
import { findOrderWithAttention } from './support/attention';
import { signedInBuyer, signInWithEmailLink } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody } from './support/request-bodies';
import {
  control,
  placePaypalOrder,
  reconcileNow,
  useStack,
  type StackContext,
} from './support/stack';

/** A pass that loops on one order never ends: give up long before the test's own time-out. */
async function passWithin(env: StackContext, orderId: string, ms = 20_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the pass did not end within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([reconcileNow(env, eq(orders.id, orderId)), late]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each(databaseKinds)('unexpected money at PayPal on %s', (kind) => {
  describe('heard of by webhook', () => {
    const env = useStack(kind);
    let seller: string;
    beforeAll(async () => {
      seller = (await signInWithEmailLink('seller@example.com')).idToken;
    });
    const db = () => env.database.handle.db;

    const placeOrder = () => placePaypalOrder(env, 'stuck');
    const attentionItem = async (orderId: string) => {
      const response = await fetch(`${env.stack.appUrl}${sellerOrderRoutes.attention}`, {
        headers: { authorization: `Bearer ${seller}` },
      });
      const list = (await response.json()) as SellerAttentionList;
      return list.items.find((item) => item.orderId === orderId);
    };
    const callsAbout = (invoiceId: string) =>
      env.stack.emulators.paypal.requests
        .list()
        .filter((request) => request.path.includes(invoiceId)).length;

    it('a partial payment shows at once what came and what is due, and the ended hold never loops', async () => {
      const order = await placeOrder();
      const invoiceId = order.providerReference!;
      await control(env.stack, `/paypal/_control/invoices/${invoiceId}/pay`, { amount: '100.00' });
      await env.stack.emulators.paypal.webhooks.idle();

      const flagged = (await findOrderWithAttention(db(), order.id))!;
      expect(flagged.status).toBe('awaiting_payment');
      expect(flagged.attention).toContain('received 100.00 USD, 399.00 USD still due');
      const item = await attentionItem(order.id);
      expect(item).toMatchObject({ kind: 'order-flagged', resolution: 'check-provider' });
      expect(item!.detail).toContain('received 100.00 USD');

      // The hold ends with the invoice partly paid: PayPal will not cancel it.
      await db()
        .update(orders)
        .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
        .where(eq(orders.id, order.id));
      const before = callsAbout(invoiceId);
      await passWithin(env, order.id);
      expect(callsAbout(invoiceId) - before).toBeLessThanOrEqual(3);
      const after = (await findOrderWithAttention(db(), order.id))!;
      expect(after.status).toBe('awaiting_payment');
      expect(after.attention).toContain('received 100.00 USD, 399.00 USD still due');
      expect(after.nextCheckAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);

      // The rest arrives: the order settles and the part-payment note goes.
      await control(env.stack, `/paypal/_control/invoices/${invoiceId}/pay`, {});
      await env.stack.emulators.paypal.webhooks.idle();
      const paid = (await findOrderWithAttention(db(), order.id))!;
      expect(paid.status).toBe('paid');
      expect(paid.attention).toBeNull();
    });

    it('an order left issuing whose hold ends on a partly paid invoice is flagged, not looped on', async () => {
      const order = await placeOrder();
      const invoiceId = order.providerReference!;
      await control(env.stack, `/paypal/_control/invoices/${invoiceId}/pay`, { amount: '100.00' });
      await env.stack.emulators.paypal.webhooks.idle();
      // As a crash between sending the invoice and recording it would leave it, hold ended.
      await db()
        .update(orders)
        .set({
          status: 'pending',
          holdExpiresAt: sql`now() - interval '1 minute'`,
        })
        .where(eq(orders.id, order.id));
      await resolveNotes(db(), order.id, SYSTEM, 'as a crash before the note would leave it');
      const before = callsAbout(invoiceId);
      await passWithin(env, order.id);
      expect(callsAbout(invoiceId) - before).toBeLessThanOrEqual(2);
      const after = (await findOrderWithAttention(db(), order.id))!;
      expect(after.attention).toContain('received 100.00 USD, 399.00 USD still due');
      expect(after.nextCheckAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    });
  });

  describe('a replaced order whose invoice was partly paid', () => {
    const env = useStack(kind, { paypalWebhooks: false });
    const db = () => env.database.handle.db;

    it('is flagged with what came, and its withdrawal waits longer each time', async () => {
      const { email, idToken } = await signedInBuyer('replaced');
      const checkout = (batchId: string) =>
        fetch(`${env.stack.appUrl}${apiRoutes.paypalInvoice}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
          body: JSON.stringify(
            paypalInvoiceBody(email, {
              courseInfo: [{ productSku: 'WIFI7-LIVE', productName: 'x', batchId }],
            }),
          ),
        });
      const { orderId } = (await (await checkout('B-JAN')).json()) as { orderId: string };
      const first = (await findOrderWithAttention(db(), orderId))!;
      await control(env.stack, `/paypal/_control/invoices/${first.providerReference}/pay`, {
        amount: '100.00',
      });
      // Another batch replaces the order; PayPal will not cancel its partly paid invoice.
      expect((await checkout('B-APR')).status).toBe(200);
      await passWithin(env, orderId);
      await passWithin(env, orderId);

      const replaced = (await findOrderWithAttention(db(), orderId))!;
      expect(replaced.status).not.toBe('awaiting_payment');
      expect(replaced.attention).toContain('received 100.00 USD, 399.00 USD still due');
      expect(replaced.checkAttempts).toBeGreaterThanOrEqual(2);
      expect(replaced.nextCheckAt!.getTime()).toBeGreaterThan(Date.now() + 90_000);
    });
  });

  describe('paid and refunded before we heard of either', () => {
    const env = useStack(kind, { paypalWebhooks: false });
    const db = () => env.database.handle.db;
    const seatsTaken = async () =>
      (await db().select().from(batches).where(eq(batches.id, 'B-JAN')))[0]!.seatsTaken;

    it('closes the order, gives its seat back and tells the seller', async () => {
      const { email, idToken } = await signedInBuyer('refunded');
      const response = await fetch(`${env.stack.appUrl}${apiRoutes.paypalInvoice}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
        body: JSON.stringify(paypalInvoiceBody(email)),
      });
      const { orderId } = (await response.json()) as { orderId: string };
      const order = (await findOrderWithAttention(db(), orderId))!;
      const seatsWithOrder = await seatsTaken();
      await control(env.stack, `/paypal/_control/invoices/${order.providerReference}/pay`, {});
      await control(env.stack, `/paypal/_control/invoices/${order.providerReference}/refund`, {});

      await passWithin(env, orderId);
      const closed = (await findOrderWithAttention(db(), orderId))!;
      expect(closed.status).toBe('cancelled');
      expect(closed.attention).toContain('Paid and refunded at the provider');
      expect(closed.nextCheckAt).toBeNull();
      expect(await seatsTaken()).toBe(seatsWithOrder - 1);
    });
  });
});
