/**
 * Company purchases (beyond the spec): one order of several seats in one
 * batch, one invoice or payment link for all of them, an attendee named
 * for each seat now or later (an invite link per open seat). The seller
 * sets the most seats an order may have and volume discounts; the server
 * prices every order with `groupPrice`, and the browser shows the same
 * figures from the same function. Amounts are integer minor units.
 */
import { z } from 'zod/mini';
import { emailSchema, idempotencyKeySchema } from './common';
import { priceAfterDiscountMinor } from './money';
import { miniRequiredText } from './text';

export const groupOrderRoutes = {
  /** Public: the seat limit and volume discounts a checkout now is priced by. */
  settings: '/api/group-sales',
  /** The seller sets them (back office). */
  sellerSettings: '/api/seller/group-sales',
  /** The buyer names, renames or opens one seat of their order. */
  seat: '/api/me/orders/:orderId/seats/:seatId',
  /** Signed in: what an invite is for, before it is taken. */
  invite: '/api/seat-invites/:code',
  /** Signed in: the invite's seat is named for the token's address. */
  claimInvite: '/api/seat-invites/:code/claim',
  /** The seller refunds or cancels one seat of an order. */
  sellerSeat: '/api/seller/orders/:orderId/seats/:seatId/:action',
} as const;

/** The page an invite link opens; kept with the light page paths the first page load may read. */
export { SEAT_INVITE_PAGE } from './routes';

/** No order has more seats than this, whatever the seller sets. */
export const SEATS_PER_ORDER_LIMIT = 50;

const seatsSchema = z.number().check(z.int(), z.gte(1), z.lte(SEATS_PER_ORDER_LIMIT));

export const volumeTierSchema = z.strictObject({
  /** From this many seats in one order… */
  minSeats: z.number().check(z.int(), z.gte(2), z.lte(SEATS_PER_ORDER_LIMIT)),
  /** …this percent off the order (after a discount code). */
  percent: z.number().check(z.int(), z.gte(1), z.lte(90)),
});
export type VolumeTier = z.infer<typeof volumeTierSchema>;

/**
 * The seller's settings for orders of several seats. `namesUntilDaysBefore`:
 * until how many days before the batch's first session starts a buyer may
 * change who holds a seat (0: until it starts).
 */
export const groupSalesSchema = z
  .strictObject({
    maxSeatsPerOrder: seatsSchema,
    volumeTiers: z.array(volumeTierSchema).check(z.maxLength(5)),
    namesUntilDaysBefore: z.number().check(z.int(), z.gte(0), z.lte(365)),
  })
  .check(
    z.superRefine((settings, context) => {
      const tiers = settings.volumeTiers;
      tiers.forEach((tier, index) => {
        const before = tiers[index - 1];
        if (before && (tier.minSeats <= before.minSeats || tier.percent <= before.percent))
          context.addIssue({
            code: 'custom',
            path: ['volumeTiers', index],
            message:
              'Each volume discount needs more seats and a larger percent than the one before',
          });
      });
    }),
  );
export type GroupSales = z.infer<typeof groupSalesSchema>;

/** Until a seller sets them: up to 10 seats, no volume discount, names until the first session. */
export const DEFAULT_GROUP_SALES: GroupSales = {
  maxSeatsPerOrder: 10,
  volumeTiers: [],
  namesUntilDaysBefore: 0,
};

/** GET /api/group-sales and the seller's GET and PUT. */
export const groupSalesResponseSchema = z.object({ settings: groupSalesSchema });
export type GroupSalesResponse = z.infer<typeof groupSalesResponseSchema>;

/** The volume discount `seats` seats get: the largest tier they reach, or 0. */
export function volumePercentFor(tiers: readonly VolumeTier[], seats: number): number {
  return tiers.reduce(
    (best, tier) => (seats >= tier.minSeats ? Math.max(best, tier.percent) : best),
    0,
  );
}

export interface GroupPrice {
  seats: number;
  /** The list price of one seat. */
  unitMinor: number;
  /** One seat after the code's percent (the spec's arithmetic for one seat). */
  unitAfterCodeMinor: number;
  /** The list price of all seats. */
  subtotalMinor: number;
  codeDiscountMinor: number;
  volumePercent: number;
  volumeDiscountMinor: number;
  /** Both discounts together: subtotal − total. */
  discountMinor: number;
  totalMinor: number;
}

/**
 * An order's price: the code's percent off each seat (rounded per seat, as
 * for one seat), then the volume percent off the seats together. One seat
 * with no volume discount is exactly the single-seat price.
 */
export function groupPrice(input: {
  unitMinor: number;
  seats: number;
  codePercent: number;
  volumePercent: number;
}): GroupPrice {
  const { unitMinor, seats, codePercent, volumePercent } = input;
  const unitAfterCodeMinor = priceAfterDiscountMinor(unitMinor, codePercent);
  const subtotalMinor = unitMinor * seats;
  const afterCodeMinor = unitAfterCodeMinor * seats;
  const volumeDiscountMinor = Math.round((afterCodeMinor * volumePercent) / 100);
  const totalMinor = afterCodeMinor - volumeDiscountMinor;
  return {
    seats,
    unitMinor,
    unitAfterCodeMinor,
    subtotalMinor,
    codeDiscountMinor: subtotalMinor - afterCodeMinor,
    volumePercent,
    volumeDiscountMinor,
    discountMinor: subtotalMinor - totalMinor,
    totalMinor,
  };
}

/**
 * One seat's share of what its order cost: the total split evenly, the
 * cents that do not split going to the last seat. What a seat given back
 * alone refunds at most.
 */
export function seatShareMinor(totalMinor: number, seatCount: number, seatNumber: number): number {
  const even = Math.floor(totalMinor / seatCount);
  return seatNumber === seatCount ? totalMinor - even * (seatCount - 1) : even;
}

// ── At checkout ─────────────────────────────────────────────────────────────

export const attendeeSchema = z.strictObject({
  firstName: miniRequiredText('First name', 100),
  lastName: miniRequiredText('Last name', 100),
  email: emailSchema,
});
export type Attendee = z.infer<typeof attendeeSchema>;

/**
 * The part of a checkout that makes it a company purchase; without it the
 * order is the spec's one seat for the buyer. `attendees` has one entry per
 * seat: a person, or null for a seat left open (its invite link is on My
 * orders). The buyer is an attendee only if listed. `invoiceEmail`: where
 * the invoice or payment link goes when it is not the buyer's address
 * (accounts payable).
 */
export const groupCheckoutSchema = z
  .strictObject({
    seats: seatsSchema,
    attendees: z.array(z.nullable(attendeeSchema)).check(z.maxLength(SEATS_PER_ORDER_LIMIT)),
    invoiceEmail: z.optional(emailSchema),
  })
  .check(
    z.superRefine((group, context) => {
      if (group.attendees.length !== group.seats)
        context.addIssue({
          code: 'custom',
          path: ['attendees'],
          message: 'Give one attendee, or an open seat, for each seat',
        });
      const seen = new Set<string>();
      group.attendees.forEach((attendee, index) => {
        if (!attendee) return;
        if (seen.has(attendee.email))
          context.addIssue({
            code: 'custom',
            path: ['attendees', index, 'email'],
            message: 'Each attendee holds one seat: this address is named twice',
          });
        seen.add(attendee.email);
      });
    }),
  );
export type GroupCheckout = z.infer<typeof groupCheckoutSchema>;
export type GroupCheckoutInput = z.input<typeof groupCheckoutSchema>;

// ── Seats as the buyer and the seller read them ─────────────────────────────

export const seatStateSchema = z.enum(['active', 'cancelled', 'refunded']);
export type SeatState = z.infer<typeof seatStateSchema>;

/** An attendee as answers carry them (already checked on the way in). */
const attendeeViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const orderSeatSchema = z.object({
  id: z.string(),
  /** 1, 2, … in the order. */
  number: z.number(),
  state: seatStateSchema,
  /** Null while the seat is open. */
  attendee: z.nullable(attendeeViewSchema),
  /** An open seat's invite link (the buyer's view only). */
  inviteUrl: z.optional(z.nullable(z.string())),
  /** Whether the portal has been told of the attendee (handed off). */
  enrolled: z.boolean(),
});
export type OrderSeat = z.infer<typeof orderSeatSchema>;

/** PUT /api/me/orders/:orderId/seats/:seatId — name a seat (a person) or open it (null). */
export const seatAttendeeRequestSchema = z.strictObject({
  attendee: z.nullable(attendeeSchema),
  idempotencyKey: idempotencyKeySchema,
});
export type SeatAttendeeRequest = z.input<typeof seatAttendeeRequestSchema>;

export const seatInviteCodeSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/));

/** GET /api/seat-invites/:code */
export const seatInviteResponseSchema = z.object({
  workshopName: z.string(),
  batchDescription: z.string(),
  /** Who bought the seat: a company, or the buyer's name. */
  from: z.string(),
  state: z.enum(['open', 'taken', 'closed']),
});
export type SeatInviteResponse = z.infer<typeof seatInviteResponseSchema>;

/** POST /api/seat-invites/:code/claim — the seat is named for the signed-in address. */
export const seatInviteClaimRequestSchema = z.strictObject({
  firstName: miniRequiredText('First name', 100),
  lastName: miniRequiredText('Last name', 100),
});
export type SeatInviteClaimRequest = z.input<typeof seatInviteClaimRequestSchema>;

export const seatInviteClaimResponseSchema = z.object({ message: z.string() });
