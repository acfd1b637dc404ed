import { z } from 'zod/mini';
import { emailSchema } from './common';
import { batchIdSchema, productSkuSchema } from './catalog';
import { gstinSchema } from './gstin';
import { groupCheckoutSchema } from './group-orders';
import { miniRequiredText, miniText } from './text';
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
  code: z.number().check(z.int()),
  message: z.string(),
  contact: z.nullable(z.object({ contact_id: z.string() })),
});
export type ZohoContactLookupResponse = z.infer<typeof zohoContactLookupResponseSchema>;

/**
 * POST /api/zoho-books/contacts — the body of spec section 3, "Zoho contact
 * request". A business buyer may add its GSTIN (and company name): then the
 * contact is a GST-registered business (`business_gst`, `gst_no`), which
 * the server checks again and which decides Zoho's place of contact.
 */
export const zohoContactRequestSchema = z
  .strictObject({
    contact_name: miniRequiredText('Contact name', 200),
    contact_type: z.literal('customer'),
    customer_sub_type: z.enum(['individual', 'business']),
    gst_treatment: z.enum(['consumer', 'business_gst']),
    /** The buyer's GSTIN; only with `business_gst`. */
    gst_no: z.optional(gstinSchema),
    /** The buyer's company, in their own words. */
    company_name: z.optional(miniText(z.trim(), z.maxLength(200))),
    /** The state's name, one of INDIAN_STATES (the server gives Zoho its GST code). */
    place_of_contact: z.enum(INDIAN_STATES, { message: 'Choose a state' }),
    contact_persons: z
      .array(
        z.object({
          first_name: miniRequiredText('First name', 100),
          last_name: miniRequiredText('Last name', 100),
          email: emailSchema,
          is_primary_contact: z.literal(true),
        }),
      )
      .check(z.length(1)),
    billing_address: z.object({
      address: z._default(miniText(z.trim(), z.maxLength(500)), ''),
      city: miniRequiredText('City', 100),
      state: z.enum(INDIAN_STATES, { message: 'Choose a state' }),
      zip: miniText(z.trim(), z.regex(/^[1-9][0-9]{5}$/, 'ZIP Code must be a 6-digit PIN code')),
      country: z.literal('India'),
    }),
  })
  .check(
    z.superRefine((body, context) => {
      const registered = body.gst_no !== undefined && body.gst_no !== '';
      if (registered !== (body.gst_treatment === 'business_gst'))
        context.addIssue({
          code: 'custom',
          path: ['gst_treatment'],
          message: 'The GST treatment is business_gst with a GSTIN, and consumer without one',
        });
    }),
  );
export type ZohoContactRequest = z.input<typeof zohoContactRequestSchema>;

export const zohoContactResponseSchema = z.object({
  code: z.number().check(z.int()),
  message: z.string(),
  contact: z.object({ contact_id: z.string() }),
});
export type ZohoContactResponse = z.infer<typeof zohoContactResponseSchema>;

/** POST /api/checkout/zoho-checkout */
export const zohoCheckoutRequestSchema = z.strictObject({
  productSkuList: z
    .array(productSkuSchema)
    .check(z.minLength(1), z.maxLength(1, 'One workshop per order')),
  email: emailSchema,
  description: miniText(z.trim(), z.minLength(1), z.maxLength(500)),
  discountCode: z.null(),
  batchId: batchIdSchema,
  returnUrl: z.url().check(storableText),
  /** Beyond the spec: several seats, named attendees (group-orders.ts). */
  group: z.optional(groupCheckoutSchema),
});
export type ZohoCheckoutRequest = z.input<typeof zohoCheckoutRequestSchema>;

export const zohoCheckoutResponseSchema = z.object({
  code: z.number().check(z.int()),
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
  payBy: z.optional(z.iso.datetime()),
});
export type ZohoPaymentStatusResponse = z.infer<typeof zohoPaymentStatusResponseSchema>;
