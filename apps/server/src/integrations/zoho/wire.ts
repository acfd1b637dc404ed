/**
 * Zoho's wire format as far as we read it: OAuth (accounts server), Books
 * contacts and Payments payment links. Every Zoho answer carries
 * `code` (0 = success) and `message`.
 */
import { z } from 'zod';

/** Data centres and their hosts; India by default. */
export const ZOHO_DATA_CENTRES = {
  in: { accounts: 'https://accounts.zoho.in', apis: 'https://www.zohoapis.in' },
  com: { accounts: 'https://accounts.zoho.com', apis: 'https://www.zohoapis.com' },
  eu: { accounts: 'https://accounts.zoho.eu', apis: 'https://www.zohoapis.eu' },
  'com.au': { accounts: 'https://accounts.zoho.com.au', apis: 'https://www.zohoapis.com.au' },
  jp: { accounts: 'https://accounts.zoho.jp', apis: 'https://www.zohoapis.jp' },
  ca: { accounts: 'https://accounts.zohocloud.ca', apis: 'https://www.zohoapis.ca' },
} as const;
export type ZohoDataCentre = keyof typeof ZOHO_DATA_CENTRES;

export const ZOHO_PAYMENTS_BASE_URLS = {
  live: 'https://payments.zoho.in/api/v1',
  sandbox: 'https://paymentssandbox.zoho.in/api/v1',
} as const;

/** Zoho may answer HTTP 200 with `{"error": "..."}` instead of a token. */
export const tokenSchema = z.union([
  z.looseObject({
    access_token: z.string().min(1),
    expires_in: z.number().int().positive().optional(),
    expires_in_sec: z.number().int().positive().optional(),
    api_domain: z.string().optional(),
  }),
  z.looseObject({ error: z.string() }),
]);

const envelope = { code: z.union([z.number(), z.string()]), message: z.string().optional() };

const contactSummarySchema = z.looseObject({
  contact_id: z.union([z.string(), z.number()]).transform(String),
  contact_name: z.string().optional(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});
export type ZohoContactSummary = z.infer<typeof contactSummarySchema>;

export const contactListSchema = z.looseObject({
  ...envelope,
  contacts: z.array(contactSummarySchema),
});
export const contactCreatedSchema = z.looseObject({ ...envelope, contact: contactSummarySchema });

/** One payment made on a link; its `payment_id` is what a refund names. */
const linkPaymentSchema = z.looseObject({
  payment_id: z.union([z.string(), z.number()]).transform(String),
  amount: z.union([z.string(), z.number()]).transform(String),
  status: z.string(),
});

export const paymentLinkSchema = z.looseObject({
  payment_link_id: z.union([z.string(), z.number()]).transform(String),
  url: z.string().min(1),
  amount: z.union([z.string(), z.number()]).transform(String),
  amount_paid: z.union([z.string(), z.number()]).transform(String).optional(),
  currency: z.string(),
  status: z.string(),
  reference_id: z.string().optional(),
  expires_at: z.string().optional(),
  // Read only for refunds: entries in an unexpected shape are dropped rather
  // than failing the link, so a link parses exactly as it did without them.
  payments: z.array(linkPaymentSchema).optional().catch(undefined),
});
export type ZohoPaymentLink = z.infer<typeof paymentLinkSchema>;

export const paymentLinkEnvelopeSchema = z.looseObject({
  ...envelope,
  payment_links: paymentLinkSchema,
});

/**
 * Zoho's event ids are 16-digit JSON numbers, more than a JavaScript number
 * holds exactly: read the digits from the raw body, before JSON.parse
 * rounds them, so two events never share an id.
 */
export function eventIdFromRawBody(rawBody: string): string | undefined {
  return /"event_id"\s*:\s*"?(\d+)"?/.exec(rawBody)?.[1];
}

/** A Payments webhook; the inner object is re-fetched before anything is acted on. */
export const webhookEventSchema = z.looseObject({
  event_id: z.union([z.string(), z.number()]).transform(String),
  event_type: z.string().min(1),
  event_object: z
    .looseObject({
      payment_link: z
        .looseObject({
          payment_link_id: z.union([z.string(), z.number()]).transform(String).optional(),
          reference_id: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});

export function describeZohoError(status: number, body: unknown) {
  const value = (body ?? {}) as { code?: number | string; message?: string; error?: string };
  return {
    code: String(value.code ?? value.error ?? `HTTP_${status}`),
    message: value.message ?? value.error ?? 'no description',
  };
}

/** Zoho's reasons a merchant may give for a refund (a required field at Zoho). */
export const refundReasonSchema = z.enum([
  'duplicate',
  'fraudulent',
  'requested_by_customer',
  'others',
]);
export type ZohoRefundReason = z.infer<typeof refundReasonSchema>;

const refundStatusSchema = z.enum(['initiated', 'pending', 'succeeded', 'failed', 'canceled']);
export type ZohoRefundStatus = z.infer<typeof refundStatusSchema>;

/** The answer of `POST /payments/{payment_id}/refunds`: the refund, in the usual envelope. */
export const refundEnvelopeSchema = z.looseObject({
  ...envelope,
  refund: z.looseObject({
    refund_id: z.union([z.string(), z.number()]).transform(String),
    payment_id: z.union([z.string(), z.number()]).transform(String),
    amount: z.union([z.string(), z.number()]).transform(String),
    status: refundStatusSchema,
  }),
});
