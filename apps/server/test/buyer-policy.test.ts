/**
 * The seller's policy for buyers' own cancels and moves, on PGlite and
 * PostgreSQL: anyone reads it (the checkout pages show it), only a seller
 * sets it, a refused change changes nothing, every change is audited; each
 * order placed on either rail keeps a copy of the policy of that moment,
 * which a later change leaves alone, and the buyer's confirmation e-mail
 * states the order's own copy.
 */
import {
  apiRoutes,
  buyerOrderRoutes,
  NO_BUYER_CHANGES,
  sellerApiRoutes,
  sellerOrderPathOf,
  sellerOrderRoutes,
  type BuyerPolicy,
  type BuyerPolicyResponse,
} from '@wifi7/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, buyerPolicies, mailOutbox, orders } from '../src/db/schema';
import { findOrder } from '../src/orders/repository';
import { signedInBuyer, signInWithEmailLink } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody, zohoCheckoutBody, zohoContactBody } from './support/request-bodies';
import { control, until, useStack } from './support/stack';

const SELLER = 'seller@example.com';

const TWO_WEEKS: BuyerPolicy = {
  refundUntilDaysBefore: 14,
  keep: { kind: 'percent', percent: 10 },
  moveUntilDaysBefore: 7,
};
const FEE: BuyerPolicy = {
  refundUntilDaysBefore: 3,
  keep: { kind: 'fixed', USD: 5_000, INR: 400_000 },
  moveUntilDaysBefore: null,
};

describe.each(databaseKinds)("the seller's buyer policy on %s", (kind) => {
  const env = useStack(kind);
  const db = () => env.database.handle.db;
  let sellerToken: string;
  let buyerToken: string;

  beforeAll(async () => {
    ({ idToken: sellerToken } = await signInWithEmailLink(SELLER));
    ({ idToken: buyerToken } = await signedInBuyer('policy'));
  });

  const call = (method: HTTPMethods, url: string, token?: string, payload?: unknown) =>
    env.stack.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const publicPolicy = async () => {
    const response = await call('GET', buyerOrderRoutes.policy);
    expect(response.statusCode).toBe(200);
    return (response.json() as BuyerPolicyResponse).policy;
  };
  const setPolicy = async (policy: BuyerPolicy) => {
    const response = await call('PUT', buyerOrderRoutes.sellerPolicy, sellerToken, policy);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ policy });
  };
  /** Everything a refused change must leave as it was. */
  const policyState = async () => ({
    rows: await db().select().from(buyerPolicies),
    audit: (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
    )[0]!.n,
  });
  const policyAudit = () =>
    db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, 'buyer-policy'))
      .orderBy(desc(auditLog.id));

  // The tests run in order: the policy is unset, then set, then changed under placed orders.

  it('is NO_BUYER_CHANGES for everyone until a seller sets one', async () => {
    const response = await call('GET', buyerOrderRoutes.policy);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ policy: NO_BUYER_CHANGES });
    // The order takes the policy of the moment it is placed: no cache may show an older one.
    expect(response.headers['cache-control']).toBe('no-cache');

    const seller = await call('GET', buyerOrderRoutes.sellerPolicy, sellerToken);
    expect(seller.statusCode).toBe(200);
    expect(seller.json()).toEqual({ policy: NO_BUYER_CHANGES });
    expect(seller.headers['cache-control']).toBe('no-store');
  });

  it('is read and set by sellers only: 401 without a token, 403 for a buyer, nothing changed', async () => {
    const before = await policyState();
    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? TWO_WEEKS : undefined;
      expect((await call(method, buyerOrderRoutes.sellerPolicy, undefined, body)).statusCode).toBe(
        401,
      );
      expect((await call(method, buyerOrderRoutes.sellerPolicy, buyerToken, body)).statusCode).toBe(
        403,
      );
    }
    expect(await policyState()).toEqual(before);
    expect(await publicPolicy()).toEqual(NO_BUYER_CHANGES);
  });

  it('refuses a policy its schema does not allow with 400, and changes nothing', async () => {
    const before = await policyState();
    const refused: unknown[] = [
      {},
      { ...TWO_WEEKS, note: 'strict: no other field' },
      { ...TWO_WEEKS, refundUntilDaysBefore: -1 },
      { ...TWO_WEEKS, refundUntilDaysBefore: 2.5 },
      { ...TWO_WEEKS, moveUntilDaysBefore: 366 },
      { ...TWO_WEEKS, moveUntilDaysBefore: '7' },
      { ...TWO_WEEKS, keep: { kind: 'percent', percent: 0 } },
      { ...TWO_WEEKS, keep: { kind: 'percent', percent: 101 } },
      { ...TWO_WEEKS, keep: { kind: 'fixed', USD: 5_000 } },
      { ...TWO_WEEKS, keep: { kind: 'fixed', USD: 50.5, INR: 400_000 } },
      { ...TWO_WEEKS, keep: { kind: 'nothing', percent: 10 } },
      { ...TWO_WEEKS, keep: { kind: 'everything' } },
    ];
    for (const body of refused) {
      const response = await call('PUT', buyerOrderRoutes.sellerPolicy, sellerToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await policyState()).toEqual(before);
  });

  it('is set by a seller, audited before and after, and read by anyone at once', async () => {
    await setPolicy(TWO_WEEKS);
    expect(await publicPolicy()).toEqual(TWO_WEEKS);
    const [first] = await policyAudit();
    expect(first).toMatchObject({
      actorEmail: SELLER,
      actorRole: 'seller',
      action: 'policy.update',
      targetType: 'buyer-policy',
      targetId: 'buyer-policy',
      before: NO_BUYER_CHANGES,
      after: TWO_WEEKS,
    });

    await setPolicy(FEE);
    const seller = await call('GET', buyerOrderRoutes.sellerPolicy, sellerToken);
    expect(seller.json()).toEqual({ policy: FEE });
    expect(await publicPolicy()).toEqual(FEE);
    const [second, ...earlier] = await policyAudit();
    expect(second).toMatchObject({ before: TWO_WEEKS, after: FEE });
    expect(earlier).toHaveLength(1);
    const rows = await db().select().from(buyerPolicies);
    expect(rows).toMatchObject([{ id: 1, policy: FEE, updatedBy: SELLER }]);

    // The seller's log page lists it under its own target type.
    const page = await call(
      'GET',
      `${sellerApiRoutes.audit}?page=1&pageSize=10&targetType=buyer-policy`,
      sellerToken,
    );
    expect(page.statusCode).toBe(200);
    expect((page.json() as { total: number }).total).toBe(2);
  });

  /** Checks out on the rail; answers the order as placed. */
  const buyByPaypal = async () => {
    const { email, idToken } = await signedInBuyer('policy-paypal');
    const response = await call('POST', apiRoutes.paypalInvoice, idToken, paypalInvoiceBody(email));
    expect(response.statusCode, response.body).toBe(200);
    return (await findOrder(db(), (response.json() as { orderId: string }).orderId))!;
  };
  const buyByZoho = async () => {
    const { email, idToken } = await signedInBuyer('policy-zoho');
    const contact = await call('POST', apiRoutes.zohoContacts, idToken, zohoContactBody(email));
    expect(contact.statusCode, contact.body).toBe(200);
    const response = await call('POST', apiRoutes.zohoCheckout, idToken, zohoCheckoutBody(email));
    expect(response.statusCode, response.body).toBe(200);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.email, email))
      .orderBy(desc(orders.createdAt));
    return order!;
  };
  const policyOf = async (orderId: string) => (await findOrder(db(), orderId))!.buyerPolicy;

  it('is copied onto each order placed, on both rails, and a later change leaves placed orders alone', async () => {
    await setPolicy(TWO_WEEKS);
    const paypal = await buyByPaypal();
    const zoho = await buyByZoho();
    expect(paypal).toMatchObject({ rail: 'paypal_invoice', buyerPolicy: TWO_WEEKS });
    expect(zoho).toMatchObject({ rail: 'zoho_link', currency: 'INR', buyerPolicy: TWO_WEEKS });

    await setPolicy(FEE);
    expect(await policyOf(paypal.id)).toEqual(TWO_WEEKS);
    expect(await policyOf(zoho.id)).toEqual(TWO_WEEKS);
    // Orders placed from now on take the new one.
    expect((await buyByPaypal()).buyerPolicy).toEqual(FEE);
    expect((await buyByZoho()).buyerPolicy).toEqual(FEE);
  });

  it("keeps the buyer's terms when a seller moves an open order, which replaces it", async () => {
    await setPolicy(TWO_WEEKS);
    const order = await buyByPaypal();
    await setPolicy(FEE);
    const moved = await call(
      'POST',
      sellerOrderPathOf(sellerOrderRoutes.moveBatch, order.id),
      sellerToken,
      { idempotencyKey: `move-${order.id}`, batchId: 'B-APR' },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const [replacement] = await db()
      .select()
      .from(orders)
      .where(eq(orders.email, order.email))
      .orderBy(desc(orders.createdAt));
    expect(replacement).toMatchObject({ batchId: 'B-APR', buyerPolicy: TWO_WEEKS });
    expect(replacement!.id).not.toBe(order.id);
  });

  /** Pays the PayPal order at the provider; answers the text of its confirmation e-mail. */
  const payAndReadConfirmation = async (orderId: string) => {
    const order = (await findOrder(db(), orderId))!;
    await control(env.stack, `/paypal/_control/invoices/${order.providerReference}/pay`, {});
    const [mail] = await until(async () => {
      const found = await db().select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
      return found.length > 0 ? found : undefined;
    }, 'the confirmation e-mail');
    return mail!.text;
  };

  it("states the order's own policy in the confirmation e-mail, not the one of the day it is paid", async () => {
    await setPolicy(TWO_WEEKS);
    const order = await buyByPaypal();
    await setPolicy(FEE);
    const text = await payAndReadConfirmation(order.id);
    expect(text).toContain(
      [
        'Cancelling or moving your seat',
        '- You may cancel a paid order until 14 days before the first session: 10% of it is kept.',
        '- You may move to another open batch of the workshop until 7 days before the first session, when it has a free seat.',
        '- An unpaid order may be cancelled at any time.',
      ].join('\n'),
    );
    expect(text).not.toContain('3 days');
  });

  it('reads an order placed before there was a policy as changed by the seller only', async () => {
    const order = await buyByPaypal();
    await db().update(orders).set({ buyerPolicy: null }).where(eq(orders.id, order.id));
    const text = await payAndReadConfirmation(order.id);
    expect(text).toContain(
      '- A paid order cannot be cancelled for a refund from this site; write to us if you cannot attend.\n' +
        '- To move to another batch, write to us.',
    );
  });
});
