/**
 * The contract's schemas that the first page load would otherwise carry,
 * fetched when a check needs them. Answers from a server of this same
 * build are not checked again (ResponseCheck in api-client.ts), so a visit
 * that only reads the workshop page never fetches zod.
 */
export {
  autoEnrollmentRequestSchema,
  autoEnrollmentResponseSchema,
  buyerActionResponseSchema,
  buyerOrdersResponseSchema,
  emailSchema,
  logTokenResponseSchema,
  meResponseSchema,
  myEnrolmentsResponseSchema,
  pricingResponseSchema,
  publicConfigSchema,
  scheduleResponseSchema,
  seatInviteClaimResponseSchema,
  seatInviteResponseSchema,
  signInLinkResponseSchema,
  waitlistClaimResponseSchema,
  waitlistJoinResponseSchema,
  waitlistLeaveResponseSchema,
  waitlistMineResponseSchema,
  workshopContentSchema,
  workshopListResponseSchema,
} from '@wifi7/contract';
