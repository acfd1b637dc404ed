/**
 * One buyer racing their own checkouts through real HTTP, on PGlite and
 * PostgreSQL: fifty PayPal checkouts at once, each with different billing
 * details, so each one replaces the open order the one before placed. Every
 * answer is 200 or a clear 4xx, and once reconciliation has withdrawn the
 * replaced invoices the buyer has one open order, one seat and one invoice
 * they can pay.
 */
import { apiRoutes, type ApiError, type PaypalInvoiceResponse } from '@wifi7/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, orders } from '../src/db/schema';
import { OrderReplacedError } from '../src/orders/errors';
import { OPEN_STATUSES } from '../src/orders/repository';
import { signedInBuyer } from './support/auth-emulator';
import { databaseKinds } from './support/databases';
import { paypalInvoiceBody } from './support/request-bodies';
import { reconcileNow, until, useStack } from './support/stack';

const RACERS = 50;

describe.each(databaseKinds)('one buyer’s own racing checkouts on %s', (kind) => {
  // The per-user limit (20 a minute) would refuse most of the fifty before they race.
  const env = useStack(kind, { env: { RATE_LIMITS_ENABLED: 'false' } });
  const db = () => env.database.handle.db;
  const seatsTaken = async () =>
    (await db().select().from(batches).where(eq(batches.id, 'B-JAN')))[0]!.seatsTaken;

  it('fifty at once with different details: no 5xx, one open order, one payable invoice', async () => {
    const { email, idToken } = await signedInBuyer('racer');
    const seatsBefore = await seatsTaken();
    const base = paypalInvoiceBody(email).billingInformation;

    const answers = await Promise.all(
      Array.from({ length: RACERS }, async (_, index) => {
        const response = await fetch(`${env.stack.appUrl}${apiRoutes.paypalInvoice}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
          body: JSON.stringify(
            paypalInvoiceBody(email, {
              billingInformation: { ...base, zipcode: String(10_001 + index) },
            }),
          ),
        });
        return {
          status: response.status,
          body: (await response.json()) as ApiError & Partial<PaypalInvoiceResponse>,
        };
      }),
    );

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const issued = answers.filter((answer) => answer.status === 200);
    expect(issued.length).toBeGreaterThan(0);
    // "Invoice sent" is only ever said of an order whose invoice went out.
    expect(issued.filter((answer) => answer.body.status !== 'awaiting_payment')).toEqual([]);
    // A request whose order a later one replaced before its invoice went out says so.
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused).toEqual({
        status: 422,
        body: expect.objectContaining({ message: new OrderReplacedError().message }) as unknown,
      });
    }

    const open = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.email, email), inArray(orders.status, OPEN_STATUSES)));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ status: 'awaiting_payment', holdsReserved: true });
    expect(await seatsTaken()).toBe(seatsBefore + 1);

    // The reconciler withdraws what the replaced orders had issued.
    const withdrawing = and(eq(orders.email, email), eq(orders.providerCancelPending, true));
    await until(async () => {
      await reconcileNow(env, withdrawing);
      return (await db().select().from(orders).where(withdrawing)).length === 0;
    }, 'the replaced orders’ invoices to be withdrawn');
    const payable = env.stack.emulators.paypal.store
      .list()
      .filter(
        (invoice) =>
          invoice.primary_recipients?.[0]?.billing_info?.email_address === email &&
          invoice.status === 'UNPAID',
      );
    expect(payable.map((invoice) => invoice.id)).toEqual([open[0]!.providerReference]);
  });
});
