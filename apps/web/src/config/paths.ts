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
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
