import { MY_ORDERS_PAGE, SEAT_INVITE_PAGE, WAITLIST_OFFER_PAGE } from '@wifi7/contract';

/**
 * Every page path of the site (spec section 2), so links and redirects are
 * never hand-typed strings.
 */
export const paths = {
  login: '/login',
  workshop: '/wifi7-workshop',
  checkout: '/checkout',
  zohoContact: '/checkout/zoho-contact',
  zoho: '/checkout/zoho',
  zohoPaymentStatus: '/checkout/zoho-payment-status',
  /** A signed-in buyer's own orders (beyond the spec). */
  myOrders: MY_ORDERS_PAGE,
  /** Where a waitlist offer e-mail leads (beyond the spec): `?token=…`. */
  waitlistOffer: WAITLIST_OFFER_PAGE,
  /** Where a company order's invite link leads (beyond the spec): `?code=…`. */
  seatInvite: SEAT_INVITE_PAGE,
  /** The back office; every page under it is for sellers only (loaded on demand). */
  seller: '/seller',
  sellerOrders: '/seller/orders',
  sellerBatches: '/seller/batches',
  sellerDiscountCodes: '/seller/discount-codes',
  /** What buyers may do with their own paid orders (beyond the spec). */
  sellerBuyerPolicy: '/seller/buyer-policy',
  /** Orders of several seats: seat limit, volume discounts, name changes (beyond the spec). */
  sellerGroupSales: '/seller/company-purchases',
  sellerContent: '/seller/content',
  sellerAttention: '/seller/attention',
  sellerAudit: '/seller/audit',
  sellerWaitlist: '/seller/waitlist',
  /** Whether the site's e-mail can be trusted: the sender domain's DNS records (beyond the spec). */
  sellerEmail: '/seller/email',
} as const;

/** One order's page in the back office. */
export function sellerOrderPath(orderId: string): string {
  return `${paths.sellerOrders}/${encodeURIComponent(orderId)}`;
}

/** One batch's waitlist in the back office. */
export function sellerWaitlistBatchPath(batchId: string): string {
  return `${paths.sellerWaitlist}/${encodeURIComponent(batchId)}`;
}
