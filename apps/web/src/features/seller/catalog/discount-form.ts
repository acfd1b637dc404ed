/**
 * The discount code and price forms: what the inputs hold (text; times as
 * Pacific wall-clock times, which a datetime-local input writes) and the
 * requests they make (instants in ISO 8601, amounts in minor units).
 */
import {
  DISCOUNT_CODE_PATTERN,
  formatMinor,
  formatMoney,
  MAX_PRICE_MINOR,
  pacificInstant,
  parseAmount,
  pacificWallClockOf,
  type Currency,
  type SellerDiscountCode,
  type SellerDiscountCodeUpdateRequest,
} from '@wifi7/contract';
import { z } from 'zod/mini';
import { wholeNumberText } from './batch-form';

export interface DiscountFormValues {
  code: string;
  percent: string;
  /** '' for every workshop. */
  workshopSku: string;
  /** Pacific wall-clock time (`2027-03-01T00:00`), '' for no limit. */
  validFrom: string;
  validUntil: string;
  /** '' for no limit. */
  maxUses: string;
}

/** A Pacific wall-clock time as an ISO instant; '' is none; a time the clocks skip is refused. */
const instantOf = (value: string) => pacificInstant(value.slice(0, 16));
const pacificTime = z.pipe(
  z.string().check(
    z.trim(),
    z.refine(
      (value: string) => value === '' || instantOf(value) !== null,
      'This time does not exist in Pacific Time (the clocks skip it).',
    ),
  ),
  z.transform((value: string) => (value === '' ? null : instantOf(value)!.toISOString())),
);

export function discountFormSchema(minimumUses = 0) {
  return z
    .object({
      code: z.pipe(
        z
          .string()
          .check(
            z.trim(),
            z.regex(DISCOUNT_CODE_PATTERN, 'A code has 3 to 32 letters, digits, _ or -.'),
          ),
        z.transform((code: string) => code.toUpperCase()),
      ),
      percent: wholeNumberText(1, 99, 'Give a whole percent from 1 to 99.'),
      workshopSku: z.pipe(
        z.string(),
        z.transform((sku: string) => sku || null),
      ),
      validFrom: pacificTime,
      validUntil: pacificTime,
      maxUses: z
        .pipe(
          z
            .string()
            .check(
              z.trim(),
              z.regex(/^\d*$/, 'Give a whole number, or leave it empty for no limit.'),
            ),
          z.transform((value: string) => (value === '' ? null : Number(value))),
        )
        .check(
          z.refine(
            (value: number | null) =>
              value === null || (value >= Math.max(minimumUses, 1) && value <= 1_000_000),
            minimumUses > 0
              ? `At least ${minimumUses}: the code has been used that often.`
              : 'At least 1, or empty for no limit.',
          ),
        ),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (values.validFrom && values.validUntil && values.validFrom >= values.validUntil) {
          ctx.addIssue({
            code: 'custom',
            path: ['validUntil'],
            message: 'The end must be after the start.',
          });
        }
      }),
    );
}

export type DiscountFormOutput = z.output<ReturnType<typeof discountFormSchema>>;

/** The edit request: every term but the code itself. */
export function discountUpdateRequestOf({
  code: _code,
  ...terms
}: DiscountFormOutput): SellerDiscountCodeUpdateRequest {
  return terms;
}

/** A code's terms as the form shows them; blank for a new code. */
export function discountFormValues(code?: SellerDiscountCode): DiscountFormValues {
  const local = (iso: string | null) => (iso ? pacificWallClockOf(new Date(iso)) : '');
  return {
    code: code?.code ?? '',
    percent: code ? String(code.percent) : '',
    workshopSku: code?.workshopSku ?? '',
    validFrom: local(code?.validFrom ?? null),
    validUntil: local(code?.validUntil ?? null),
    maxUses: code?.maxUses === null || code === undefined ? '' : String(code.maxUses),
  };
}

// ── Prices ──────────────────────────────────────────────────────────────────

/** Minor units as the input shows them: 49900 → "499.00". */
export function majorTextOf(minor: number | null): string {
  return minor === null ? '' : formatMinor(minor);
}

const isPrice = (minor: number | null) =>
  minor !== null && minor >= 100 && minor <= MAX_PRICE_MINOR;
const priceText = (currency: Currency) =>
  z.pipe(
    z
      .string()
      .check(
        z.refine(
          (text: string) => isPrice(parseAmount(text)),
          `Give the ${currency} price with up to two decimals, at least 1.00.`,
        ),
      ),
    z.transform((text: string) => parseAmount(text)!),
  );

export const priceFormSchema = z.object({ USD: priceText('USD'), INR: priceText('INR') });

/** "$499.00" and "₹41,299.00", as buyers see them. */
export function formatPrice(minor: number | null, currency: Currency): string {
  return minor === null ? '—' : formatMoney(minor, currency);
}
