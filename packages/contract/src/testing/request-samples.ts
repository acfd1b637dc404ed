/**
 * Test data for the contract's request schemas, shared by the contract's
 * own tests and the server's fuzzing (imported as `@wifi7/contract/testing`;
 * never by application code).
 */

/** The e-mail address of every sample; a test signs in as someone else and swaps it. */
export const SAMPLE_EMAIL = 'ada@example.com';
/** An uploaded image: its id (the SHA-256 of its bytes) and its address. */
export const SAMPLE_IMAGE_ID = 'a'.repeat(64);
const SAMPLE_IMAGE_SRC = `/api/images/${SAMPLE_IMAGE_ID}`;

/** The version of a page-content section a sample save was made from. */
export const SAMPLE_CONTENT_VERSION = '20270112093000123456';

/** Fifteen Tuesday and Thursday mornings, Pacific Time: a batch's sessions. */
const SAMPLE_SESSIONS = [
  '2027-01-12T09:00',
  '2027-01-14T09:00',
  '2027-01-19T09:00',
  '2027-01-21T09:00',
  '2027-01-26T09:00',
  '2027-01-28T09:00',
  '2027-02-02T09:00',
  '2027-02-04T09:00',
  '2027-02-09T09:00',
  '2027-02-11T09:00',
  '2027-02-16T09:00',
  '2027-02-18T09:00',
  '2027-02-23T09:00',
  '2027-02-25T09:00',
  '2027-03-02T09:00',
];

/** The site the samples' return URL points at. */
export const SAMPLE_SITE_URL = 'http://localhost:3100';

/**
 * One valid value of every request schema the contract exports (bodies,
 * path parameters, query strings), with every optional field present. A new
 * request schema, or a new string field in one, fails text.test.ts until
 * it has a value here.
 */
export const validRequests: Record<string, unknown> = {
  autoEnrollmentRequestSchema: { userEmail: SAMPLE_EMAIL },
  signInLinkRequestSchema: { email: SAMPLE_EMAIL },
  pricingRequestSchema: { productSkus: ['WIFI7-LIVE'], countryCode: 'US', discountCode: 'SAVE10' },
  paypalInvoiceRequestSchema: {
    userEmail: SAMPLE_EMAIL,
    selfLearn: false,
    courseInfo: [{ productSku: 'WIFI7-LIVE', productName: 'Wi-Fi 7', batchId: 'B-JAN' }],
    billingInformation: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'United States',
      state: 'Massachusetts',
      city: 'Boston',
      zipcode: '02110',
      isoCode: 'US',
      company: 'Analytical Engines Inc',
      taxId: 'US12-3456789',
    },
    group: {
      seats: 2,
      attendees: [{ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }, null],
      invoiceEmail: 'ap@example.com',
    },
    discountCode: 'SAVE10',
  },
  appliedDiscountRequestSchema: { productSku: 'WIFI7-LIVE', discountCode: 'SAVE10' },
  zohoContactLookupParamsSchema: { email: SAMPLE_EMAIL },
  batchCalendarParamsSchema: { batchId: 'WIFI7-2027-02-PM' },
  zohoContactRequestSchema: {
    contact_name: 'Asha Rao',
    contact_type: 'customer',
    customer_sub_type: 'business',
    gst_treatment: 'business_gst',
    gst_no: '29ABCDE1234F1ZW',
    company_name: 'Rao Wireless Pvt Ltd',
    place_of_contact: 'Karnataka',
    contact_persons: [
      { first_name: 'Asha', last_name: 'Rao', email: SAMPLE_EMAIL, is_primary_contact: true },
    ],
    billing_address: {
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      zip: '560001',
      country: 'India',
    },
  },
  zohoCheckoutRequestSchema: {
    productSkuList: ['WIFI7-LIVE'],
    email: SAMPLE_EMAIL,
    description: 'Payment for Wi-Fi 7 Live Online Workshop',
    discountCode: null,
    batchId: 'B-JAN',
    returnUrl: `${SAMPLE_SITE_URL}/checkout/zoho-payment-status`,
    group: {
      seats: 1,
      attendees: [{ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }],
      invoiceEmail: 'ap@example.com',
    },
  },
  logPushRequestSchema: { message: 'sign-in link requested', severity: 'INFO' },
  auditQuerySchema: { page: 1, pageSize: 50, targetType: 'order', targetId: 'ORDER-1' },
  contentImageParamsSchema: { id: SAMPLE_IMAGE_ID },
  instructorUpdateRequestSchema: {
    version: SAMPLE_CONTENT_VERSION,
    value: {
      name: 'Dr. Maya Raghunathan',
      title: 'Principal Wi-Fi Systems Architect',
      bio: ['Maya has designed Wi-Fi chipsets for nearly twenty years.'],
      facts: ['19 years in WLAN design and testing'],
      profileUrl: 'https://linkedin.example/in/maya-raghunathan-sample',
      photo: { src: SAMPLE_IMAGE_SRC, alt: 'Portrait of Maya', width: 320, height: 320 },
    },
  },
  testimonialsUpdateRequestSchema: {
    version: SAMPLE_CONTENT_VERSION,
    value: {
      items: [
        {
          name: 'Priya Raman',
          role: 'Firmware Engineer',
          company: 'Sample Networks',
          quote: 'The MLO sessions finally made link setup click for me.',
          profileUrl: 'https://linkedin.example/in/priya-raman-sample',
          photo: { src: SAMPLE_IMAGE_SRC, width: 200, height: 200 },
        },
      ],
    },
  },
  outlineUpdateRequestSchema: {
    version: SAMPLE_CONTENT_VERSION,
    value: {
      sessions: [{ title: 'Wi-Fi 7 at a glance', topics: ['Goals of IEEE 802.11be'] }],
    },
  },
  certificateUpdateRequestSchema: {
    version: SAMPLE_CONTENT_VERSION,
    value: {
      image: {
        src: '/images/certificate-sample.svg',
        alt: 'Sample certificate of completion',
        width: 1200,
        height: 850,
      },
    },
  },
  sellerOrderParamsSchema: { orderId: '01J9ZQ3V8K2M4N6P' },
  sellerOrdersQuerySchema: {
    page: 1,
    pageSize: 50,
    state: 'paid',
    batch: 'B-JAN',
    rail: 'paypal_invoice',
    q: SAMPLE_EMAIL,
    kind: 'group',
  },
  sellerOrdersCsvQuerySchema: {
    state: 'paid',
    batch: 'B-JAN',
    rail: 'zoho_link',
    q: 'ada',
    kind: 'single',
    rows: 'seats',
  },
  sellerSeatParamsSchema: {
    orderId: '01J9ZQ3V8K2M4N6P',
    seatId: '01J9ZQ3V8K2M4N6P-2',
    action: 'refund',
  },
  sellerSeatActionRequestSchema: {
    idempotencyKey: 'key-0011-seat',
    amountMinor: 1000,
    note: 'Attendee left the company',
  },
  seatAttendeeRequestSchema: {
    attendee: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    idempotencyKey: 'key-0104-buyer-seat',
  },
  seatInviteClaimRequestSchema: { firstName: 'Grace', lastName: 'Hopper' },
  orderResendRequestSchema: { idempotencyKey: 'key-0001-resend', note: 'Buyer lost the e-mail' },
  orderMarkPaidRequestSchema: { idempotencyKey: 'key-0002-paid', note: 'Bank transfer, ref 42' },
  orderCancelRequestSchema: { idempotencyKey: 'key-0003-cancel', note: 'Buyer asked' },
  orderRefundRequestSchema: {
    idempotencyKey: 'key-0004-refund',
    amountMinor: 1000,
    reason: 'buyer-asked',
    note: 'Cannot attend',
  },
  orderMoveBatchRequestSchema: {
    idempotencyKey: 'key-0005-move',
    batchId: 'B-APR',
    note: 'Prefers April',
  },
  buyerOrderParamsSchema: { orderId: '01J9ZQ3V8K2M4N6P' },
  buyerResendRequestSchema: { idempotencyKey: 'key-0101-buyer-resend' },
  buyerCancelRequestSchema: { idempotencyKey: 'key-0102-buyer-cancel', refundMinor: 116_910 },
  buyerMoveRequestSchema: { idempotencyKey: 'key-0103-buyer-move', batchId: 'B-APR' },
  orderRetryHandoffRequestSchema: { idempotencyKey: 'key-0006-retry', note: 'Portal is back' },
  orderDismissAttentionRequestSchema: {
    idempotencyKey: 'key-0007-dismiss',
    note: 'Checked at PayPal',
  },
  orderAttachRequestSchema: {
    idempotencyKey: 'key-0008-attach',
    providerReference: 'INV2-ABCD-EFGH',
    note: 'Found in the dashboard',
  },
  orderReissueRequestSchema: { idempotencyKey: 'key-0009-reissue', note: 'Nothing at Zoho' },
  orderResendMailRequestSchema: { idempotencyKey: 'key-0011-resend-mail', note: 'Address fixed' },
  releaseHoldsRequestSchema: {
    idempotencyKey: 'key-0010-release',
    batchId: 'B-JAN',
    by: 'domain',
    value: 'hoard.example',
    note: 'One script, one domain',
  },

  sellerBatchCreateRequestSchema: {
    id: 'WIFI7-2027-01-AM',
    workshopSku: 'WIFI7-LIVE',
    region: 'Americas',
    sessionStarts: SAMPLE_SESSIONS,
    sessionMinutes: 120,
    seatCapacity: 40,
    status: 'open',
    note: 'Second cohort for the Americas',
  },
  sellerBatchUpdateRequestSchema: {
    region: 'Americas',
    sessionStarts: SAMPLE_SESSIONS,
    sessionMinutes: 120,
    seatCapacity: 40,
    status: 'open',
    note: 'One more seat',
  },
  sellerBatchStatusRequestSchema: { status: 'closed', note: 'Full in the instructor’s view' },
  sellerBatchParamsSchema: { batchId: 'WIFI7-2027-01-AM' },
  sellerPricesRequestSchema: { USD: 49_900, INR: 4_129_900, note: 'New year prices' },
  sellerHoldRequestSchema: { holdHours: 48, note: 'Two days to pay' },
  sellerWorkshopParamsSchema: { workshopSku: 'WIFI7-LIVE' },
  sellerDiscountCodeCreateRequestSchema: {
    code: 'spring25',
    percent: 25,
    workshopSku: 'WIFI7-LIVE',
    validFrom: '2027-03-01T08:00:00Z',
    validUntil: '2027-05-01T07:00:00Z',
    maxUses: 50,
    note: 'Spring newsletter',
  },
  sellerDiscountCodeUpdateRequestSchema: {
    percent: 20,
    workshopSku: 'WIFI7-LIVE',
    validFrom: '2027-03-01T08:00:00Z',
    validUntil: '2027-05-01T07:00:00Z',
    maxUses: 60,
    note: 'Extended',
  },
  sellerDiscountCodeStateRequestSchema: { state: 'disabled', note: 'Posted on a coupon site' },
  sellerDiscountCodeParamsSchema: { code: 'SPRING25' },
  waitlistJoinRequestSchema: { batchId: 'WIFI7-2027-01-AM' },
  waitlistLeaveRequestSchema: { batchId: 'WIFI7-2027-01-AM' },
  waitlistClaimRequestSchema: { token: 'q3Vx8mZ0b7Kc1T2yW9sLrA5dEfGhJkNpQ4uV6wXyZ0a' },
  sellerWaitlistParamsSchema: { batchId: 'WIFI7-2027-01-AM' },
  sellerWaitlistQuerySchema: { page: 1, pageSize: 50, state: 'waiting' },
  sellerWaitlistPlaceParamsSchema: { placeId: '1' },
  sellerWaitlistRemoveRequestSchema: { idempotencyKey: 'key-0010-remove', note: 'Asked to leave' },
};
