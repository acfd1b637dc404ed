/**
 * Whether a discount code applies, as a pure function of the code's row,
 * the products asked about and the time, so every outcome is easy to test
 * and the pricing call and the checkout judge a code the same way.
 */
import type { discountCodes } from '../db/schema';

/** What a decision reads of a code's row (its bookkeeping times aside). */
export type DiscountCodeRow = Omit<typeof discountCodes.$inferSelect, 'createdAt' | 'updatedAt'>;

export type DiscountDecision =
  | {
      applies: true;
      code: DiscountCode;
      percent: number;
      /** null: every product */ workshopSku: string | null;
    }
  | { applies: false; reason: DiscountRefusal; message: string };

type DiscountRefusal =
  'unknown' | 'disabled' | 'not-yet-valid' | 'expired' | 'used-up' | 'wrong-product';

export const discountMessages = {
  applied: 'Discount code applied.',
  unknown: 'This discount code does not exist.',
  disabled: 'This discount code is no longer valid.',
  notYetValid: 'This discount code is not valid yet.',
  expired: 'This discount code has expired.',
  usedUp: 'This discount code has already been used the maximum number of times.',
  wrongProduct: 'This discount code does not apply to this workshop.',
} as const;

/** A code as the buyer typed it, made canonical at the edge: trimmed, upper case, never blank. */
export type DiscountCode = string & { readonly __brand: 'DiscountCode' };

/** Trims the buyer's input; an empty code means "no code". Call once, where the request comes in. */
export function normalizeDiscountCode(input: string | null | undefined): DiscountCode | null {
  const trimmed = input?.trim() ?? '';
  return trimmed === '' ? null : (trimmed.toUpperCase() as DiscountCode);
}

export function decideDiscount(
  row: DiscountCodeRow | undefined,
  productSkus: readonly string[],
  now: Date,
): DiscountDecision {
  const refuse = (reason: DiscountRefusal, message: string): DiscountDecision => ({
    applies: false,
    reason,
    message,
  });
  if (!row) return refuse('unknown', discountMessages.unknown);
  if (!row.active) return refuse('disabled', discountMessages.disabled);
  if (row.validFrom && now < row.validFrom)
    return refuse('not-yet-valid', discountMessages.notYetValid);
  if (row.validUntil && now >= row.validUntil) return refuse('expired', discountMessages.expired);
  if (row.maxUses !== null && row.uses >= row.maxUses)
    return refuse('used-up', discountMessages.usedUp);
  if (row.workshopSku && !productSkus.includes(row.workshopSku)) {
    return refuse('wrong-product', discountMessages.wrongProduct);
  }
  return {
    applies: true,
    code: row.code as DiscountCode,
    percent: row.percent,
    workshopSku: row.workshopSku,
  };
}

/** The percent a decided code takes off one product. */
export function percentFor(decision: DiscountDecision, productSku: string): number {
  if (!decision.applies) return 0;
  return decision.workshopSku === null || decision.workshopSku === productSku
    ? decision.percent
    : 0;
}
