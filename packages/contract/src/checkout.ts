import { z } from 'zod/mini';
import { countryCodeSchema, emailSchema } from './common';
import { batchIdSchema, discountCodeInputSchema, productSkuSchema } from './catalog';
import { miniRequiredText, miniText } from './text';
import { groupCheckoutSchema } from './group-orders';

export const cartItemSchema = z.object({
  productSku: productSkuSchema,
  productName: miniText(z.maxLength(200)),
  batchId: batchIdSchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

/**
 * PayPal keeps a recipient's additional information to 40 characters; the
 * invoice shows "Tax ID: " before the buyer's.
 */
export const TAX_ID_MAX = 32;

const optionalText = (max: number) => z._default(miniText(z.trim(), z.maxLength(max)), '');

/** Billing information of an invoice (spec section 3). */
export const billingInformationSchema = z.object({
  firstName: miniRequiredText('First Name', 140),
  lastName: miniRequiredText('Last Name', 140),
  /** Country name as shown in the list. */
  country: miniRequiredText('Country', 120),
  state: optionalText(300),
  city: optionalText(120),
  zipcode: miniRequiredText('Zipcode', 60),
  isoCode: countryCodeSchema,
  /**
   * Buying for a company (optional, not in the spec's form): the company's
   * name goes on the invoice as the recipient's business name, and its
   * VAT or tax id as the recipient's additional information.
   */
  company: z.optional(miniText(z.trim(), z.maxLength(200))),
  taxId: z.optional(
    miniText(
      z.trim(),
      z.maxLength(TAX_ID_MAX, `VAT / Tax ID must be at most ${TAX_ID_MAX} characters`),
      z.regex(
        /^[\p{L}\p{N} ./-]*$/u,
        'VAT / Tax ID may only have letters, digits, spaces and . / -',
      ),
    ),
  ),
});
export type BillingInformation = z.infer<typeof billingInformationSchema>;
export type BillingInformationInput = z.input<typeof billingInformationSchema>;

/** The billing details an order keeps: the form's fields, plus the street address of India's contact step. */
export type BillingSnapshot = BillingInformation & { address?: string };

/** POST /api/checkout/paypal-invoice */
export const paypalInvoiceRequestSchema = z.strictObject({
  userEmail: emailSchema,
  selfLearn: z.literal(false),
  courseInfo: z
    .array(cartItemSchema)
    .check(z.minLength(1), z.maxLength(1, 'One workshop per order')),
  billingInformation: billingInformationSchema,
  discountCode: discountCodeInputSchema,
  /** Beyond the spec: several seats, named attendees (group-orders.ts). */
  group: z.optional(groupCheckoutSchema),
});
export type PaypalInvoiceRequest = z.input<typeof paypalInvoiceRequestSchema>;

export const orderStatusSchema = z.enum([
  'pending',
  'awaiting_payment',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refunded',
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Each state as people read it: the back office, its timeline and the sellers' e-mail. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The spec's page reads only the status (section 7); beyond it, the two fields below. */
export const paypalInvoiceResponseSchema = z.object({
  orderId: z.string(),
  status: orderStatusSchema,
  invoiceNumber: z.nullable(z.string()),
  /**
   * Beyond the spec: the buyer's open order for the batch was found with its
   * invoice out before this request (so the spec's "generated and sent"
   * would not be news); `sentAgain` says whether PayPal sent it again now (a
   * few times a day at most), so the page never claims an e-mail that did
   * not go.
   */
  reused: z.boolean(),
  sentAgain: z.boolean(),
  /**
   * Beyond the spec: where the invoice goes. The buyer's address, or a
   * company purchase's accounts-payable address, so the page says "sent to
   * your email" only when it was.
   */
  sentTo: z.string(),
});
export type PaypalInvoiceResponse = z.infer<typeof paypalInvoiceResponseSchema>;

/**
 * PUT /api/checkout/applied-discount — the code a signed-in buyer takes to
 * the India payment step, whose request (spec) carries no code. `null`
 * clears it.
 */
export const appliedDiscountRequestSchema = z.strictObject({
  productSku: productSkuSchema,
  discountCode: discountCodeInputSchema,
});
export type AppliedDiscountRequest = z.input<typeof appliedDiscountRequestSchema>;

export const appliedDiscountResponseSchema = z.object({
  applied: z.boolean(),
  message: z.string(),
});
export type AppliedDiscountResponse = z.infer<typeof appliedDiscountResponseSchema>;
