/**
 * PayPal's wire format, as far as we read it (Invoicing v2, OAuth2,
 * webhooks). Unknown fields pass through; fields we act on are checked.
 */
import { z } from 'zod';

export const PAYPAL_BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });

const invoiceStatusSchema = z.enum([
  'DRAFT',
  'SENT',
  'SCHEDULED',
  'PAID',
  'MARKED_AS_PAID',
  'CANCELLED',
  'REFUNDED',
  'PARTIALLY_PAID',
  'PARTIALLY_REFUNDED',
  'MARKED_AS_REFUNDED',
  'UNPAID',
  'PAYMENT_PENDING',
]);
export type PayPalInvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceSchema = z.looseObject({
  id: z.string().min(1),
  status: invoiceStatusSchema,
  detail: z.looseObject({
    invoice_number: z.string().optional(),
    currency_code: z.string(),
    metadata: z.looseObject({ recipient_view_url: z.string().optional() }).optional(),
  }),
  amount: z.looseObject({ currency_code: z.string(), value: z.string() }).optional(),
  due_amount: moneySchema.optional(),
  payments: z
    .looseObject({
      paid_amount: moneySchema.optional(),
      transactions: z.array(z.looseObject({ payment_id: z.string().optional() })).optional(),
    })
    .optional(),
});
export type PayPalInvoice = z.infer<typeof invoiceSchema>;

export const linkSchema = z.looseObject({
  href: z.string(),
  rel: z.string().optional(),
  method: z.string().optional(),
});

/** Create answers the invoice with `Prefer: return=representation`, a link without it. */
export const createdInvoiceSchema = z.union([invoiceSchema, linkSchema]);

export const tokenSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

export const searchResultSchema = z.looseObject({
  items: z.array(invoiceSchema).optional(),
  total_items: z.number().optional(),
});

/** What we read of a webhook before it is verified and acted on. */
export const webhookEventSchema = z.looseObject({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource_type: z.string().optional(),
  resource: z
    .looseObject({
      id: z.string().optional(),
      invoice: z.looseObject({ id: z.string() }).optional(),
    })
    .optional(),
});
export type PayPalWebhookEvent = z.infer<typeof webhookEventSchema>;

/** The invoice a webhook is about: `resource.invoice.id`, or `resource.id` in newer payloads. */
export function invoiceIdOf(event: PayPalWebhookEvent): string | undefined {
  return event.resource?.invoice?.id ?? event.resource?.id;
}

/** PayPal's REST error body, or the OAuth error body of the token endpoint. */
export function describePayPalError(status: number, body: unknown) {
  const value = (body ?? {}) as {
    name?: string;
    message?: string;
    debug_id?: string;
    details?: { issue?: string; field?: string; description?: string }[];
    error?: string;
    error_description?: string;
  };
  const detail = value.details?.[0];
  return {
    code: detail?.issue ?? value.name ?? value.error ?? `HTTP_${status}`,
    message:
      [value.message ?? value.error_description, detail?.field, detail?.description]
        .filter(Boolean)
        .join(' — ') || 'no description',
    ...(value.debug_id ? { debugId: value.debug_id } : {}),
  };
}

/**
 * The answer of `POST /v2/payments/captures/{id}/refund` (Payments v2): an
 * invoice paid through PayPal is refunded on its payment transaction, whose
 * id is the capture id. Only `id` and `status` are acted on.
 */
export const refundSchema = z.looseObject({
  id: z.string().min(1),
  status: z.enum(['COMPLETED', 'PENDING', 'CANCELLED', 'FAILED']),
  amount: moneySchema.optional(),
  links: z.array(linkSchema).optional(),
});
export type PayPalRefund = z.infer<typeof refundSchema>;
export type PayPalRefundStatus = PayPalRefund['status'];
