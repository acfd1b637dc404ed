/**
 * Every point where a create or send can be lost, for both rails, through
 * real HTTP against the emulators: before the request reached the
 * provider, after the provider acted but before its answer arrived, between
 * the create and the send, and after everything but before our own commit.
 * At each point the order is kept, reconciliation (or the provider's word)
 * finishes it, and the buyer never holds two payable objects.
 */
import { apiRoutes } from '@wifi7/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { updateOrder, type OrderRow } from '../src/orders/repository';
import { findOrderWithAttention } from './support/attention';
import { signedInBuyer } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody, zohoCheckoutBody, zohoContactBody } from './support/request-bodies';
import { control, reconcileNow, until, useStack } from './support/stack';

/** Longer than the stack's PROVIDER_TIMEOUT_MS (2 s): the provider acts after we gave up. */
const LATE_MS = 3000;

describe.each(databaseKinds)('answers lost at every point, on %s', (kind) => {
  const env = useStack(kind);
  beforeEach(async () => {
    for (const provider of ['paypal', 'zoho'])
      await fetch(`${env.stack.emulatorsUrl}/${provider}/_control/faults`, { method: 'DELETE' });
  });

  const post = (idToken: string, path: string, body: unknown) =>
    fetch(`${env.stack.appUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify(body),
    });
  const orderOf = async (email: string): Promise<OrderRow> =>
    (await env.database.handle.db.select().from(orders).where(eq(orders.email, email)))[0]!;
  const reconciled = async (order: OrderRow) => {
    await reconcileNow(env, eq(orders.id, order.id));
    return (await findOrderWithAttention(env.database.handle.db, order.id))!;
  };

  describe('PayPal', () => {
    const invoicesOf = (order: OrderRow) =>
      env.stack.emulators.paypal.store
        .list()
        .filter((invoice) => invoice.detail.invoice_number === `W7-${order.id}`);
    const payable = (order: OrderRow) =>
      invoicesOf(order).filter((invoice) => invoice.status === 'UNPAID');
    /** Every call to `path` fails in `mode` until the fault is lifted (retries included). */
    const fault = (mode: 'network' | 'slow', path: string) => () =>
      control(env.stack, '/paypal/_control/faults', { mode, delayMs: LATE_MS, path });
    const lift = () =>
      fetch(`${env.stack.emulatorsUrl}/paypal/_control/faults`, { method: 'DELETE' });
    /** The buyer asks for an invoice while `arm` makes a call fail; then the fault lifts. */
    const checkoutWith = async (arm: () => Promise<unknown>) => {
      const { email, idToken } = await signedInBuyer('lost.paypal');
      await arm();
      const answer = await post(idToken, apiRoutes.paypalInvoice, paypalInvoiceBody(email));
      expect(answer.status).toBe(502);
      await lift();
      return orderOf(email);
    };
    const expectOneSentInvoice = (order: OrderRow) => {
      expect(order.status).toBe('awaiting_payment');
      expect(invoicesOf(order)).toHaveLength(1);
      expect(payable(order).map((invoice) => invoice.id)).toEqual([order.providerReference]);
    };

    it('the create never reached PayPal: the next pass looks, finds nothing, and makes it', async () => {
      const order = await checkoutWith(fault('network', '^/v2/invoicing/invoices$'));
      expect(order).toMatchObject({ status: 'pending', providerReference: null });
      expect(invoicesOf(order)).toHaveLength(0);
      expectOneSentInvoice(await reconciled(order));
    });

    it('PayPal made the invoice but its answers were lost: it is found by number, never made twice', async () => {
      const { email, idToken } = await signedInBuyer('lost.paypal');
      await fault('slow', '^/v2/invoicing/invoices$')();
      const answer = await post(idToken, apiRoutes.paypalInvoice, paypalInvoiceBody(email));
      await lift();
      const order = await orderOf(email);
      await until(async () => invoicesOf(order).length === 1, 'PayPal to make it late');
      // Whether the request's own look-up already found it (200) or the next pass does (502 first),
      // the buyer ends with one sent invoice.
      expect([200, 502]).toContain(answer.status);
      expectOneSentInvoice(await reconciled(order));
    });

    it('the send was lost after PayPal sent it: the next pass sees it sent and sends nothing more', async () => {
      const order = await checkoutWith(fault('slow', '/send$'));
      expect(order.providerReference).not.toBeNull();
      await until(async () => payable(order).length === 1, 'PayPal to send it late');
      const sends = () =>
        env.stack.emulators.paypal.requests
          .list({ method: 'POST' })
          .filter((request) => request.path.endsWith(`/${order.providerReference}/send`)).length;
      const sentBefore = sends();
      expectOneSentInvoice(await reconciled(order));
      expect(sends()).toBe(sentBefore);
    });

    it('the send never reached PayPal: the next pass sends the draft', async () => {
      const order = await checkoutWith(fault('network', '/send$'));
      expect(invoicesOf(order).map((invoice) => invoice.status)).toEqual(['DRAFT']);
      expectOneSentInvoice(await reconciled(order));
    });

    it('one lost answer is absorbed by the retry with the same PayPal-Request-Id: one invoice', async () => {
      const { email, idToken } = await signedInBuyer('lost.paypal');
      await control(env.stack, '/paypal/_control/faults', {
        mode: 'slow',
        delayMs: LATE_MS,
        times: 1,
        path: '^/v2/invoicing/invoices$',
      });
      expect((await post(idToken, apiRoutes.paypalInvoice, paypalInvoiceBody(email))).status).toBe(
        200,
      );
      const order = await orderOf(email);
      expectOneSentInvoice(order);
      // The retry carried the first attempt's key, so the late create cannot make another.
      const creates = env.stack.emulators.paypal.requests
        .list({ method: 'POST' })
        .filter(
          (request) =>
            request.path.endsWith('/v2/invoicing/invoices') &&
            request.headers.paypalRequestId === `create-${order.id}`,
        );
      expect(creates.length).toBeGreaterThanOrEqual(2);
    });

    it('all done at PayPal but our own commit was lost: the next pass adopts what is there', async () => {
      const { email, idToken } = await signedInBuyer('lost.paypal');
      expect((await post(idToken, apiRoutes.paypalInvoice, paypalInvoiceBody(email))).status).toBe(
        200,
      );
      const issued = await orderOf(email);
      // As if the process died after PayPal's answers but before the state change committed.
      await env.database.handle.db
        .update(orders)
        .set({ status: 'pending', paymentUrl: null })
        .where(eq(orders.id, issued.id));
      expectOneSentInvoice(await reconciled(issued));
    });
  });

  describe('Zoho Payments', () => {
    const linksOf = (order: OrderRow) =>
      env.stack.emulators.zoho.links.all().filter((link) => link.reference_id === order.id);
    const payable = (order: OrderRow) => linksOf(order).filter((link) => link.status === 'active');
    const readyBuyer = async () => {
      const buyer = await signedInBuyer('lost.zoho');
      expect(
        (await post(buyer.idToken, apiRoutes.zohoContacts, zohoContactBody(buyer.email))).status,
      ).toBe(200);
      return buyer;
    };
    const checkoutWith = async (mode: 'network' | 'slow') => {
      const { email, idToken } = await readyBuyer();
      await control(env.stack, '/zoho/_control/faults', {
        mode,
        delayMs: LATE_MS,
        times: 1,
        path: '^/payments/api/v1/paymentlinks$',
      });
      expect((await post(idToken, apiRoutes.zohoCheckout, zohoCheckoutBody(email))).status).toBe(
        502,
      );
      return orderOf(email);
    };

    it('the create never reached Zoho, or Zoho made the link late: either way no second link, the seller is told', async () => {
      for (const mode of ['network', 'slow'] as const) {
        const order = await checkoutWith(mode);
        if (mode === 'slow') await until(async () => linksOf(order).length === 1, 'Zoho to act');
        const after = await reconciled(order);
        expect(after).toMatchObject({ status: 'pending', holdsReserved: true });
        expect(after.attention).toContain(`Look for reference ${order.id}`);
        expect(linksOf(order)).toHaveLength(mode === 'slow' ? 1 : 0);
      }
    });

    it('all done at Zoho but our own commit was lost: the next pass adopts the link it remembered', async () => {
      const { email, idToken } = await readyBuyer();
      expect((await post(idToken, apiRoutes.zohoCheckout, zohoCheckoutBody(email))).status).toBe(
        200,
      );
      const issued = await orderOf(email);
      await updateOrder(env.database.handle.db, issued.id, { status: 'pending', paymentUrl: null });
      const after = await reconciled(issued);
      expect(after).toMatchObject({ status: 'awaiting_payment', paymentUrl: issued.paymentUrl });
      expect(payable(issued).map((link) => link.payment_link_id)).toEqual([
        issued.providerReference,
      ]);
    });
  });
});
