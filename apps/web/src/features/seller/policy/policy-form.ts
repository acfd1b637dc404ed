/**
 * The buyer policy form: what its inputs hold (text, as typed; amounts in
 * major units) and the policy it makes (days as whole numbers, amounts in
 * minor units). A choice that is off leaves its numbers out of the policy,
 * so a number typed under it and then switched off is never checked.
 */
import {
  formatMinor,
  parseAmount,
  type BuyerPolicy,
  type Currency,
  type RefundKeep,
} from '@wifi7/contract';
import { z } from 'zod/mini';

/** The contract's limits: a window of up to a year, an amount kept of up to 1,000,000.00. */
const MAX_DAYS = 365;
const MAX_KEPT_MINOR = 100_000_000;

export interface PolicyFormValues {
  refund: 'off' | 'until';
  refundDays: string;
  keep: RefundKeep['kind'];
  keepPercent: string;
  keepUSD: string;
  keepINR: string;
  move: 'off' | 'until';
  moveDays: string;
}

export const DAYS_MESSAGE = `Give a whole number of days from 0 to ${MAX_DAYS}.`;
export const PERCENT_MESSAGE = 'Give a whole percent from 1 to 100.';
export const amountMessage = (currency: Currency) =>
  `Give the amount in ${currency === 'USD' ? 'US dollars' : 'Indian rupees'} with up to two decimals, e.g. ${currency === 'USD' ? '50.00' : '4,000.00'}.`;

/** A whole number from `min` to `max` typed as text, or null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

function keptAmount(text: string): number | null {
  const minor = parseAmount(text);
  return minor !== null && minor <= MAX_KEPT_MINOR ? minor : null;
}

/** The policy the values make, or the problems, field by field. */
function read(
  values: PolicyFormValues,
): { policy: BuyerPolicy } | { problems: [string, string][] } {
  const problems: [string, string][] = [];
  const days = (field: 'refundDays' | 'moveDays') => {
    const value = wholeNumber(values[field], 0, MAX_DAYS);
    if (value === null) problems.push([field, DAYS_MESSAGE]);
    return value ?? 0;
  };
  const refundUntilDaysBefore = values.refund === 'until' ? days('refundDays') : null;
  let keep: RefundKeep = { kind: 'nothing' };
  if (refundUntilDaysBefore !== null && values.keep === 'percent') {
    const percent = wholeNumber(values.keepPercent, 1, 100);
    if (percent === null) problems.push(['keepPercent', PERCENT_MESSAGE]);
    keep = { kind: 'percent', percent: percent ?? 1 };
  }
  if (refundUntilDaysBefore !== null && values.keep === 'fixed') {
    const USD = keptAmount(values.keepUSD);
    const INR = keptAmount(values.keepINR);
    if (USD === null) problems.push(['keepUSD', amountMessage('USD')]);
    if (INR === null) problems.push(['keepINR', amountMessage('INR')]);
    keep = { kind: 'fixed', USD: USD ?? 0, INR: INR ?? 0 };
  }
  const moveUntilDaysBefore = values.move === 'until' ? days('moveDays') : null;
  if (problems.length > 0) return { problems };
  return { policy: { refundUntilDaysBefore, keep, moveUntilDaysBefore } };
}

const text = z.string();

/** The form's schema: its output is the policy the seller's PUT sends. */
export const policyFormSchema = z.pipe(
  z
    .object({
      refund: z.enum(['off', 'until']),
      refundDays: text,
      keep: z.enum(['nothing', 'percent', 'fixed']),
      keepPercent: text,
      keepUSD: text,
      keepINR: text,
      move: z.enum(['off', 'until']),
      moveDays: text,
    })
    .check(
      z.superRefine((values, ctx) => {
        const result = read(values);
        if (!('problems' in result)) return;
        for (const [field, message] of result.problems) {
          ctx.addIssue({ code: 'custom', path: [field], message });
        }
      }),
    ),
  z.transform((values: PolicyFormValues) => (read(values) as { policy: BuyerPolicy }).policy),
);

/** The policy the values make now, for the preview; null while a field is not right. */
export function policyOf(values: PolicyFormValues): BuyerPolicy | null {
  const result = read(values);
  return 'policy' in result ? result.policy : null;
}

/** A policy as the form shows it; numbers of a choice that is off start blank. */
export function policyFormValues(policy: BuyerPolicy): PolicyFormValues {
  const { keep } = policy;
  return {
    refund: policy.refundUntilDaysBefore === null ? 'off' : 'until',
    refundDays: policy.refundUntilDaysBefore === null ? '' : String(policy.refundUntilDaysBefore),
    keep: keep.kind,
    keepPercent: keep.kind === 'percent' ? String(keep.percent) : '',
    keepUSD: keep.kind === 'fixed' ? formatMinor(keep.USD) : '',
    keepINR: keep.kind === 'fixed' ? formatMinor(keep.INR) : '',
    move: policy.moveUntilDaysBefore === null ? 'off' : 'until',
    moveDays: policy.moveUntilDaysBefore === null ? '' : String(policy.moveUntilDaysBefore),
  };
}
