/**
 * Refunds of payments made on links (`POST /payments/{payment_id}/refunds`):
 * full or partial, never more in all than the payment brought in. The
 * payment becomes `partially_refunded` or `refunded`; the link stays `paid`,
 * as at Zoho. Refunds succeed at once and send `refund.succeeded`.
 *
 * Zoho documents no idempotency key for refunds, and neither is there one
 * here: every accepted call refunds again.
 */
import { z } from 'zod';
import type { Clock } from '../clock';
import { paymentsErrors } from './errors';
import type { IdSequence } from './ids';
import { paiseOf, paiseOfText, rupeesText } from './money';
import type { Refund } from './payment-link-types';
import type { PaymentLinkService } from './payment-links';
import type { ZohoWebhookDispatcher } from './webhooks';

export interface PaymentRefundDeps {
  links: PaymentLinkService;
  refundIds: IdSequence;
  clock: Clock;
  webhooks: ZohoWebhookDispatcher;
}

const refundRequestSchema = z.object({
  amount: z.number().positive(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer', 'others']),
  type: z.enum(['initiated_by_merchant', 'initiated_by_customer']).default('initiated_by_merchant'),
  description: z.string().max(500).default(''),
});

/** The body as a refund request in paise, or the error naming its first bad field. */
function checkRefundRequest(body: unknown) {
  const parsed = refundRequestSchema.safeParse(body);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    throw typeof field === 'string'
      ? paymentsErrors.invalidField(field)
      : paymentsErrors.unreadable();
  }
  const paise = paiseOf(parsed.data.amount);
  if (paise === undefined) throw paymentsErrors.invalidField('amount');
  return { ...parsed.data, paise };
}

export class PaymentRefundService {
  /** Paise refunded so far, per payment. */
  private readonly refundedPaise = new Map<string, number>();

  constructor(private readonly deps: PaymentRefundDeps) {}

  create(paymentId: string, body: unknown): Refund {
    const { links, refundIds, clock, webhooks } = this.deps;
    const found = links.findPayment(paymentId);
    if (!found) throw paymentsErrors.paymentNotFound();
    const { link, payment } = found;
    if (payment.status === 'failed') throw paymentsErrors.notRefundable(payment.status);
    const request = checkRefundRequest(body);

    const paid = paiseOfText(payment.amount);
    const refunded = this.refundedPaise.get(paymentId) ?? 0;
    if (refunded >= paid) throw paymentsErrors.alreadyRefunded();
    if (request.paise > paid - refunded)
      throw paymentsErrors.refundExceeds(rupeesText(paid - refunded));

    const total = refunded + request.paise;
    this.refundedPaise.set(paymentId, total);
    links.markRefunded(paymentId, total === paid ? 'refunded' : 'partially_refunded');
    const refund: Refund = {
      refund_id: refundIds.take(),
      payment_id: paymentId,
      amount: rupeesText(request.paise),
      type: request.type,
      reason: request.reason,
      description: request.description,
      status: 'succeeded',
      failure_reason: '',
      date: Math.floor(clock() / 1000),
    };
    webhooks.emit('refund.succeeded', link.payment_link_id, { refund });
    return refund;
  }

  clear(): void {
    this.refundedPaise.clear();
  }
}
