/**
 * Every API path the web app calls, in one place. The server registers its
 * routes from these constants, so a path cannot drift between the two sides.
 */
/**
 * The header on every answer of the server that names the web build it
 * serves. The web app of that same build trusts the answer's shape: the
 * server wrote it from the same contract and checked it as it was sent. An
 * app of another build (a tab left open across a release) checks it again.
 */
export const WEB_BUILD_HEADER = 'x-web-build';

export const apiRoutes = {
  workshopList: '/api/learning-availability/workshop-list',
  autoEnrollment: '/api/learning-availability/auto-enrollment',
  pricing: '/api/courses/pricing',
  paypalInvoice: '/api/checkout/paypal-invoice',
  appliedDiscount: '/api/checkout/applied-discount',
  zohoContactByEmail: '/api/zoho-books/contacts/email/:email',
  zohoContacts: '/api/zoho-books/contacts',
  zohoCheckout: '/api/checkout/zoho-checkout',
  zohoPaymentStatus: '/api/zoho-payment-status/check',
  webLogsToken: '/api/web-logs/token',
  webLogsPush: '/api/web-logs/push',
  publicConfig: '/api/public-config',
  /** Kept for load balancers that already use it: the same check as readiness. */
  health: '/api/health',
  /** Liveness: the process answers (no database). */
  healthLive: '/api/health/live',
  /** Readiness: the database answers, its migrations are applied and the jobs run. */
  healthReady: '/api/health/ready',
  me: '/api/me',
  signInLink: '/api/sign-in-link',
  // Beyond the spec (buyers): the public schedule, a batch's calendar, what a buyer has bought.
  schedule: '/api/schedule',
  batchCalendar: '/api/batches/:batchId/calendar.ics',
  myEnrolments: '/api/me/enrolments',
} as const;

/** The buyer's page of their own orders (beyond the spec); our e-mails link to it. */
export const MY_ORDERS_PAGE = '/my-orders';

/** The page a company order's invite link opens: `${SEAT_INVITE_PAGE}?code=…` (beyond the spec). */
export const SEAT_INVITE_PAGE = '/seat-invite';

/** The operator's endpoints: not called by the web app, but one place for their paths too. */
export const operatorRoutes = {
  /** Prometheus text; needs METRICS_TOKEN as a bearer token. */
  metrics: '/metrics',
  /** The API reference (OpenAPI 3.1) and its viewer; the document itself at `/api/docs/json`. */
  apiDocs: '/api/docs',
} as const;

/** The public calendar file of one batch. */
export function batchCalendarPath(batchId: string): string {
  return apiRoutes.batchCalendar.replace(':batchId', encodeURIComponent(batchId));
}

/** Builds the contact look-up path for one e-mail address. */
export function zohoContactByEmailPath(email: string): string {
  return apiRoutes.zohoContactByEmail.replace(':email', encodeURIComponent(email));
}

/** Header that carries the short-lived web-log token. */
export const LOG_TOKEN_HEADER = 'x-log-token';
