import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulators } from '../app';
import {
  ManualClock,
  ZOHO,
  linkBody,
  startEmulators,
  zohoClient,
  zohoToken,
} from '../test-support/harness';
import type { LinkPayment } from './payment-link-types';

let emulators: Emulators;
let call: ReturnType<typeof zohoClient>;

const refunds = (paymentId: string) =>
  `/payments/api/v1/payments/${paymentId}/refunds?account_id=${ZOHO.accountId}`;

beforeEach(async () => {
  // 2025-03-10 in India: the links of `linkBody()` are still payable.
  emulators = await startEmulators({ clock: new ManualClock().read });
  call = zohoClient(emulators, await zohoToken(emulators, 'payments'));
});

afterEach(async () => {
  await emulators.app.close();
});

/** A ₹41,299 link the buyer has paid; answers its id and the payment's id. */
function paidLink(): { linkId: string; paymentId: string } {
  const link = emulators.zoho.links.create(linkBody());
  const { payment } = emulators.zoho.links.pay(link.payment_link_id);
  return { linkId: link.payment_link_id, paymentId: payment.payment_id };
}

function refund(paymentId: string, body: unknown) {
  return call({ url: refunds(paymentId), body });
}

const rupees = (amount: number) => ({
  amount,
  reason: 'requested_by_customer',
  type: 'initiated_by_merchant',
});

function paymentOf(linkId: string): LinkPayment | undefined {
  return emulators.zoho.links.get(linkId).payments[0];
}

describe('Zoho Payments: refund a payment', () => {
  it('refunds all of it: the payment is refunded, the link stays paid', async () => {
    const { linkId, paymentId } = paidLink();
    const response = await refund(paymentId, rupees(41299));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      code: 0,
      message: 'success',
      refund: {
        payment_id: paymentId,
        amount: '41299.00',
        type: 'initiated_by_merchant',
        reason: 'requested_by_customer',
        status: 'succeeded',
      },
    });
    expect(response.json().refund.refund_id).toMatch(/^\d{16}$/);
    expect(paymentOf(linkId)?.status).toBe('refunded');
    expect(emulators.zoho.links.get(linkId)).toMatchObject({
      status: 'paid',
      amount_paid: '41299.00',
    });
    const [event] = emulators.zoho.webhooks.listEvents({ paymentLinkId: linkId });
    expect(event?.eventType).toBe('refund.succeeded');
    expect(JSON.parse(event?.body ?? '{}').event_object.refund.payment_id).toBe(paymentId);
  });

  it('refunds part, then the rest', async () => {
    const { linkId, paymentId } = paidLink();
    expect((await refund(paymentId, rupees(1000.5))).json().refund.amount).toBe('1000.50');
    expect(paymentOf(linkId)?.status).toBe('partially_refunded');
    expect((await refund(paymentId, rupees(40298.5))).statusCode).toBe(201);
    expect(paymentOf(linkId)?.status).toBe('refunded');
  });

  it('refuses more than is left to refund, and anything once all is refunded', async () => {
    const { linkId, paymentId } = paidLink();
    await refund(paymentId, rupees(41000));
    const over = await refund(paymentId, rupees(300));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      code: 'invalid_amount',
      message: 'The refund amount cannot exceed the amount left to refund (299.00).',
    });
    expect(paymentOf(linkId)?.status).toBe('partially_refunded');

    await refund(paymentId, rupees(299));
    const after = await refund(paymentId, rupees(1));
    expect(after.statusCode).toBe(400);
    expect(after.json().code).toBe('payment_already_refunded');
  });

  it('has no idempotency key: a repeated full refund is refused, not refunded twice', async () => {
    const { paymentId } = paidLink();
    expect((await refund(paymentId, rupees(41299))).statusCode).toBe(201);
    const repeat = await refund(paymentId, rupees(41299));
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json().code).toBe('payment_already_refunded');
    expect(
      emulators.zoho.webhooks
        .listEvents()
        .filter((event) => event.eventType === 'refund.succeeded'),
    ).toHaveLength(1);
  });

  it('refuses a failed payment, an unknown payment and a bad body', async () => {
    const link = emulators.zoho.links.create(linkBody());
    const failed = emulators.zoho.links.fail(link.payment_link_id).payment.payment_id;
    expect((await refund(failed, rupees(1))).json().code).toBe('invalid_payment_status');

    const unknown = await refund('9973000099999999', rupees(1));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'The payment does not exist.' });

    const { paymentId } = paidLink();
    const noReason = await refund(paymentId, { amount: 10 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('invalid_reason');
    expect((await refund(paymentId, rupees(10.005))).json().code).toBe('invalid_amount');
    expect((await refund(paymentId, { ...rupees(10), amount: '10' })).json().code).toBe(
      'invalid_amount',
    );
  });

  it('needs a token with the refunds scope and the account id', async () => {
    const { paymentId } = paidLink();
    const anonymous = await zohoClient(
      emulators,
      undefined,
    )({
      url: refunds(paymentId),
      body: rupees(1),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('invalid_oauthtoken');

    const books = zohoClient(emulators, await zohoToken(emulators, 'books'));
    const wrongScope = await books({ url: refunds(paymentId), body: rupees(1) });
    expect(wrongScope.json().code).toBe('oauth_scope_mismatch');

    const noAccount = await call({
      url: `/payments/api/v1/payments/${paymentId}/refunds`,
      body: rupees(1),
    });
    expect(noAccount.statusCode).toBe(400);
    expect(emulators.zoho.links.findPayment(paymentId)?.payment.status).toBe('succeeded');
  });
});
