import { z } from 'zod';
import { emailSchema } from './common';
import { batchIdSchema, productSkuSchema } from './catalog';
import { gstinSchema } from './gstin';
import { requiredText, text } from './classic-text';
import { storableText } from './text';

/** The 28 states of India offered by the contact form (spec section 9). */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

/** GET /api/zoho-books/contacts/email/{email} — the path's parameter. */
export const zohoContactLookupParamsSchema = z.object({ email: emailSchema });

/** GET /api/zoho-books/contacts/email/{email} */
export const zohoContactLookupResponseSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  contact: z.object({ contact_id: z.string() }).nullable(),
});
export type ZohoContactLookupResponse = z.infer<typeof zohoContactLookupResponseSchema>;

/**
 * POST /api/zoho-books/contacts — the body of spec section 3, "Zoho contact
 * request". A business buyer may add its GSTIN (and company name): then the
 * contact is a GST-registered business (`business_gst`, `gst_no`), which
 * the server checks again and which decides Zoho's place of contact.
 */
export const zohoContactRequestSchema = z
  .object({
    contact_name: requiredText('Contact name', 200),
    contact_type: z.literal('customer'),
    customer_sub_type: z.enum(['individual', 'business']),
    gst_treatment: z.enum(['consumer', 'business_gst']),
    /** The buyer's GSTIN; only with `business_gst`. */
    gst_no: gstinSchema.optional(),
    /** The buyer's company, in their own words. */
    company_name: text().trim().max(200).optional(),
    /** The state's name, one of INDIAN_STATES (the server gives Zoho its GST code). */
    place_of_contact: z.enum(INDIAN_STATES, { message: 'Choose a state' }),
    contact_persons: z
      .array(
        z.object({
          first_name: requiredText('First name', 100),
          last_name: requiredText('Last name', 100),
          email: emailSchema,
          is_primary_contact: z.literal(true),
        }),
      )
      .length(1),
    billing_address: z.object({
      address: text().trim().max(500).default(''),
      city: requiredText('City', 100),
      state: z.enum(INDIAN_STATES, { message: 'Choose a state' }),
      zip: text()
        .trim()
        .regex(/^[1-9][0-9]{5}$/, 'ZIP Code must be a 6-digit PIN code'),
      country: z.literal('India'),
    }),
  })
  .strict()
  .superRefine((body, context) => {
    const registered = body.gst_no !== undefined && body.gst_no !== '';
    if (registered !== (body.gst_treatment === 'business_gst'))
      context.addIssue({
        code: 'custom',
        path: ['gst_treatment'],
        message: 'The GST treatment is business_gst with a GSTIN, and consumer without one',
      });
  });
export type ZohoContactRequest = z.input<typeof zohoContactRequestSchema>;

export const zohoContactResponseSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  contact: z.object({ contact_id: z.string() }),
});
export type ZohoContactResponse = z.infer<typeof zohoContactResponseSchema>;

/** POST /api/checkout/zoho-checkout */
export const zohoCheckoutRequestSchema = z
  .object({
    productSkuList: z.array(productSkuSchema).min(1).max(1, 'One workshop per order'),
    email: emailSchema,
    description: text().trim().min(1).max(500),
    discountCode: z.null(),
    batchId: batchIdSchema,
    returnUrl: z.url().check(storableText),
  })
  .strict();
export type ZohoCheckoutRequest = z.input<typeof zohoCheckoutRequestSchema>;

export const zohoCheckoutResponseSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  payment_links: z.object({
    url: z.url(),
    /** Amount in rupees as Zoho shows it, e.g. "41299.00". */
    amount: z.string(),
  }),
});
export type ZohoCheckoutResponse = z.infer<typeof zohoCheckoutResponseSchema>;

/** GET /api/zoho-payment-status/check */
export const zohoPaymentStatusResponseSchema = z.object({
  status: z.enum(['success', 'pending', 'failed', 'not_found']),
  message: z.string(),
  /**
   * With "pending": until when (ISO 8601) the e-mailed payment link can
   * still be paid — the order's seat is held until then, and the link is
   * withdrawn after.
   */
  payBy: z.iso.datetime().optional(),
});
export type ZohoPaymentStatusResponse = z.infer<typeof zohoPaymentStatusResponseSchema>;
