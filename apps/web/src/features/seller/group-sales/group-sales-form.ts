/**
 * The company purchases form: what its inputs hold (numbers as typed) and
 * the settings they make, checked by the contract's `groupSalesSchema` so
 * the page says what the server would refuse, in the schema's words, next
 * to the field it is about.
 */
import { groupSalesSchema, type GroupSales, type VolumeTier } from '@wifi7/contract';
import { z } from 'zod/mini';

/** The contract allows at most five volume discounts. */
export const MAX_TIERS = 5;

export interface GroupSalesFormValues {
  maxSeatsPerOrder: string;
  volumeTiers: { minSeats: string; percent: string }[];
  namesUntilDaysBefore: string;
}

export const WHOLE_NUMBER_MESSAGE = 'Give a whole number.';
const wholeNumber = z.string().check(z.regex(/^\s*\d+\s*$/, WHOLE_NUMBER_MESSAGE));

function settingsOf(values: GroupSalesFormValues): GroupSales {
  return {
    maxSeatsPerOrder: Number(values.maxSeatsPerOrder),
    volumeTiers: values.volumeTiers.map((tier) => ({
      minSeats: Number(tier.minSeats),
      percent: Number(tier.percent),
    })),
    namesUntilDaysBefore: Number(values.namesUntilDaysBefore),
  };
}

/** The form's schema: whole numbers as typed, then the settings the seller's PUT sends. */
export const groupSalesFormSchema = z.pipe(
  z.pipe(
    z.object({
      maxSeatsPerOrder: wholeNumber,
      volumeTiers: z.array(z.object({ minSeats: wholeNumber, percent: wholeNumber })),
      namesUntilDaysBefore: wholeNumber,
    }),
    z.transform(settingsOf),
  ),
  groupSalesSchema,
);

/** The settings the values make now, for the preview; null while a field is not right. */
export function groupSalesOf(values: GroupSalesFormValues): GroupSales | null {
  const parsed = groupSalesFormSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

/** Settings as the form shows them. */
export function groupSalesFormValues(settings: GroupSales): GroupSalesFormValues {
  return {
    maxSeatsPerOrder: String(settings.maxSeatsPerOrder),
    volumeTiers: settings.volumeTiers.map((tier) => ({
      minSeats: String(tier.minSeats),
      percent: String(tier.percent),
    })),
    namesUntilDaysBefore: String(settings.namesUntilDaysBefore),
  };
}

/** The tiers in one sentence, e.g. "3+ seats: 10 % off; 5+ seats: 15 % off". */
export function tiersSentence(tiers: readonly VolumeTier[]): string {
  if (tiers.length === 0) return 'No volume discount: every seat costs the list price.';
  return tiers.map((tier) => `${tier.minSeats}+ seats: ${tier.percent} % off`).join('; ');
}
