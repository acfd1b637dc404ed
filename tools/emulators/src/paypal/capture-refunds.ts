/**
 * Refunds through the Payments v2 API (`POST /v2/payments/captures/{id}/refund`),
 * which is how a merchant refunds an invoice paid through PayPal: the
 * capture id is the invoice's `payments.transactions[].payment_id`. The
 * refund itself is the invoice service's (status REFUNDED or
 * PARTIALLY_REFUNDED, the REFUNDED event); this adds what the Payments API
 * checks on top: at most what is left of that capture, in its currency,
 * and `PayPal-Request-Id` replay (a repeat answers the refund it made and
 * refunds nothing more).
 */
import { z } from 'zod';
import { type Clock, rfc3339 } from '../clock';
import type { PaypalConfig } from './config';
import { type ErrorDetail, PaypalError, unprocessable } from './errors';
import { type InvoiceService, positiveAmount } from './invoices';
import { fromMinor, toMinor } from './money';
import type { InvoiceStore } from './state';
import type { Invoice, LinkDescription, Money, PaymentDetail } from './types';

export interface CaptureRefund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  note_to_payer?: string;
  create_time: string;
  update_time: string;
  links: LinkDescription[];
}

export interface CaptureRefundDeps {
  store: InvoiceStore;
  invoices: InvoiceService;
  config: PaypalConfig;
  clock: Clock;
}

const refundRequestSchema = z.object({
  amount: z
    .object({
      currency_code: z.string().regex(/^[A-Z]{3}$/),
      value: z
        .string()
        .max(32)
        .regex(/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/),
    })
    .optional(),
  note_to_payer: z.string().min(1).max(255).optional(),
});
type RefundRequest = z.infer<typeof refundRequestSchema>;

/** The body as a refund request, or PayPal's 400 naming the first bad field. */
function checkRefundRequest(body: unknown): RefundRequest {
  const parsed = refundRequestSchema.safeParse(body ?? {}, { reportInput: true });
  if (parsed.success) return parsed.data;
  const details: ErrorDetail[] = parsed.error.issues.slice(0, 1).map((issue) => ({
    field: `/${issue.path.join('/')}`,
    location: 'body',
    issue: issue.input === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_SYNTAX',
    description: issue.message,
  }));
  throw new PaypalError(400, details);
}

const captureNotFound = (id: string) =>
  new PaypalError(404, [
    {
      field: 'capture_id',
      value: id,
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description:
        'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);

export class CaptureRefundService {
  private readonly byRequestId = new Map<string, CaptureRefund>();
  /** Minor units refunded so far, per capture. */
  private readonly refundedByCapture = new Map<string, bigint>();

  constructor(private readonly deps: CaptureRefundDeps) {}

  refund(captureId: string, body: unknown, requestId?: string): CaptureRefund {
    const earlier = requestId ? this.byRequestId.get(requestId) : undefined;
    if (earlier) return earlier;

    const request = checkRefundRequest(body);
    const { invoice, capture } = this.findCapture(captureId);
    const currency = capture.amount.currency_code;
    const left = this.leftToRefund(invoice, capture);
    if (left <= 0n) {
      throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    }
    const refunding = request.amount ? this.requestedMinor(request.amount, currency) : left;
    if (refunding > left) {
      throw unprocessable(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        '/amount/value',
      );
    }

    const refunded = this.deps.invoices.refund(invoice.id, fromMinor(currency, refunding).value);
    this.refundedByCapture.set(
      captureId,
      (this.refundedByCapture.get(captureId) ?? 0n) + refunding,
    );
    const transaction = refunded.refunds?.transactions.at(-1);
    if (!transaction) throw new PaypalError(500);
    const answer = this.answer(captureId, transaction.refund_id, transaction.amount, request);
    if (requestId) this.byRequestId.set(requestId, answer);
    return answer;
  }

  clear(): void {
    this.byRequestId.clear();
    this.refundedByCapture.clear();
  }

  private findCapture(captureId: string): { invoice: Invoice; capture: PaymentDetail } {
    for (const invoice of this.deps.store.list()) {
      const capture = invoice.payments?.transactions.find(
        (transaction) => transaction.type === 'PAYPAL' && transaction.payment_id === captureId,
      );
      if (capture) return { invoice, capture };
    }
    throw captureNotFound(captureId);
  }

  /** What is left of the capture, and never more than the invoice has left (refunds made elsewhere count). */
  private leftToRefund(invoice: Invoice, capture: PaymentDetail): bigint {
    const ofCapture =
      (toMinor(capture.amount) ?? 0n) - (this.refundedByCapture.get(capture.payment_id) ?? 0n);
    const paid = invoice.payments ? (toMinor(invoice.payments.paid_amount) ?? 0n) : 0n;
    const refunded = invoice.refunds ? (toMinor(invoice.refunds.refund_amount) ?? 0n) : 0n;
    const ofInvoice = paid - refunded;
    return ofCapture < ofInvoice ? ofCapture : ofInvoice;
  }

  private requestedMinor(amount: Money, currency: string): bigint {
    if (amount.currency_code !== currency) {
      throw unprocessable(
        'CURRENCY_MISMATCH',
        'The currency of the refund must match the currency of the capture.',
        '/amount/currency_code',
      );
    }
    return positiveAmount(amount.value, currency, '/amount/value');
  }

  private answer(
    captureId: string,
    refundId: string,
    amount: Money,
    request: RefundRequest,
  ): CaptureRefund {
    const now = rfc3339(this.deps.clock());
    const base = `${this.deps.config.apiBaseUrl}/v2/payments`;
    return {
      id: refundId,
      status: 'COMPLETED',
      amount,
      ...(request.note_to_payer ? { note_to_payer: request.note_to_payer } : {}),
      create_time: now,
      update_time: now,
      links: [
        { href: `${base}/refunds/${refundId}`, rel: 'self', method: 'GET' },
        { href: `${base}/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
  }
}
