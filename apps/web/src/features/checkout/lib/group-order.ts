/**
 * A company purchase as the checkout pages send and show it: the draft the
 * buyer fills in becomes the contract's `group` (checked with its schema, so
 * the browser refuses exactly what the server would), and the summary's
 * figures come from the contract's `groupPrice`, the server's own arithmetic.
 */
import {
  groupCheckoutSchema,
  groupPrice,
  toMinor,
  volumePercentFor,
  type GroupCheckout,
  type GroupCheckoutInput,
  type GroupPrice,
  type PriceEntry,
  type VolumeTier,
} from '@wifi7/contract';
import { seatRows, type GroupDraft } from '../stores/group-store';
import { checkoutTexts } from '../texts';

/** Field errors by the path of the request's field: `attendees.0.email`, `invoiceEmail`, `seats`. */
export type GroupErrors = Readonly<Record<string, string>>;

export type CheckedGroup = { ok: true; group: GroupCheckout } | { ok: false; errors: GroupErrors };

/** The draft as the request's `group`: an open seat is null, a blank invoice address is left out. */
export function toGroupInput(draft: GroupDraft): GroupCheckoutInput {
  const invoiceEmail = draft.invoiceEmail.trim();
  return {
    seats: draft.seats,
    attendees: seatRows(draft).map(({ leaveOpen, firstName, lastName, email }) =>
      leaveOpen ? null : { firstName, lastName, email },
    ),
    ...(invoiceEmail ? { invoiceEmail } : {}),
  };
}

/**
 * The draft checked with the contract's schema and the seller's most seats
 * per order; the group as the server will read it (names trimmed, e-mail
 * addresses normalised), or the first error of each field.
 */
export function checkGroup(draft: GroupDraft, maxSeats: number): CheckedGroup {
  const errors: Record<string, string> = {};
  if (draft.seats > maxSeats) errors.seats = checkoutTexts.group.tooManySeats(maxSeats);
  const parsed = groupCheckoutSchema.safeParse(toGroupInput(draft));
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, group: parsed.data };
  return { ok: false, errors };
}

/** How many seats of a group are left open (their invite links come later). */
export function openSeatCount(group: GroupCheckoutInput): number {
  return group.attendees.filter((attendee) => attendee === null).length;
}

/** The volume discount tier `seats` reach, if any. */
export function reachedTier(tiers: readonly VolumeTier[], seats: number): VolumeTier | null {
  const percent = volumePercentFor(tiers, seats);
  return tiers.find((tier) => tier.percent === percent && seats >= tier.minSeats) ?? null;
}

/** The group's price from the summary's price of one seat (list price and the code's percent). */
export function groupPriceOf(
  entry: PriceEntry,
  seats: number,
  tiers: readonly VolumeTier[],
): GroupPrice {
  return groupPrice({
    unitMinor: toMinor(entry.price),
    seats,
    codePercent: entry.discount,
    volumePercent: volumePercentFor(tiers, seats),
  });
}
