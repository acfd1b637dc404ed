/**
 * The `reason` codes of error answers (`apiErrorSchema`), free of zod: the
 * web app's first load reads them without bringing any schema.
 */
export const apiErrorReasons = {
  /**
   * The payment provider never confirmed a request that may have made the
   * invoice or link (it may reach the buyer's inbox); no second one is made.
   */
  paymentUnconfirmed: 'payment-unconfirmed',
  /**
   * The signed-in account had a password (the site never offers one) and the
   * server closed it: the session is over, and its owner signs in again by link.
   */
  accountClosed: 'account-closed',
} as const;
