/**
 * Invoice totals as PayPal computes them from the lines: quantity × unit
 * price, minus the item discount, plus item tax, then the invoice-level
 * discount, shipping and a custom amount. Every step is rounded to the
 * currency's minor unit, half away from zero. PayPal does not publish its
 * exact rounding order; this one is documented in the emulator's tests so
 * the server's own arithmetic can be compared with it.
 */
import { divRound, fromMinor, parseScaled, toMinor } from './money';
import type { AmountBreakdown, AmountSummary, Configuration, Item, Money } from './types';

/** Quantities and percentages carry up to five decimals. */
const SCALE = 5;
const ONE = 10n ** BigInt(SCALE);
const HUNDRED_PERCENT = 100n * ONE;

function minor(money: Money | undefined): bigint {
  if (!money) return 0n;
  const value = toMinor(money);
  if (value === undefined) throw new Error(`Unvalidated amount ${money.value}`);
  return value;
}

function scaled(value: string | undefined): bigint {
  if (value === undefined) return 0n;
  const parsed = parseScaled(value, SCALE);
  if (parsed === undefined) throw new Error(`Unvalidated decimal ${value}`);
  return parsed;
}

function percentOf(base: bigint, percent: string): bigint {
  return divRound(base * scaled(percent), HUNDRED_PERCENT);
}

/** Tax contained in a tax-inclusive price: base − base / (1 + p). */
function includedTax(base: bigint, percent: string): bigint {
  return base - divRound(base * HUNDRED_PERCENT, HUNDRED_PERCENT + scaled(percent));
}

export interface Totals {
  /** The lines with the read-only `tax.amount` filled in. */
  items: Item[];
  amount: AmountSummary & { breakdown: AmountBreakdown };
}

export function computeTotals(
  currency: string,
  items: readonly Item[],
  configuration: Configuration,
  requested: Partial<AmountBreakdown> = {},
): Totals {
  const taxAfterDiscount = configuration.tax_calculated_after_discount ?? true;
  const taxInclusive = configuration.tax_inclusive ?? false;
  let itemTotal = 0n;
  let itemDiscount = 0n;
  let taxTotal = 0n;
  let anyTax = false;

  const lines = items.map((item): Item => {
    const gross = divRound(scaled(item.quantity) * minor(item.unit_amount), ONE);
    let discount = 0n;
    if (item.discount?.amount) discount = minor(item.discount.amount);
    else if (item.discount?.percent) discount = percentOf(gross, item.discount.percent);
    itemTotal += gross;
    itemDiscount += discount;
    if (!item.tax) return item;
    anyTax = true;
    const base = taxAfterDiscount ? gross - discount : gross;
    const tax = taxInclusive
      ? includedTax(base, item.tax.percent)
      : percentOf(base, item.tax.percent);
    taxTotal += tax;
    return { ...item, tax: { ...item.tax, amount: fromMinor(currency, tax) } };
  });

  // PayPal: "If you provide both amount and percent, amount takes precedent."
  const invoiceDiscountRequest = requested.discount?.invoice_discount;
  let invoiceDiscount = 0n;
  if (invoiceDiscountRequest?.amount) invoiceDiscount = minor(invoiceDiscountRequest.amount);
  else if (invoiceDiscountRequest?.percent) {
    invoiceDiscount = percentOf(itemTotal - itemDiscount, invoiceDiscountRequest.percent);
  }

  const shippingAmount = minor(requested.shipping?.amount);
  let shippingTax = 0n;
  if (requested.shipping?.tax && shippingAmount !== 0n) {
    anyTax = true;
    shippingTax = percentOf(shippingAmount, requested.shipping.tax.percent);
    taxTotal += shippingTax;
  }
  const custom = minor(requested.custom?.amount);

  const total =
    itemTotal -
    itemDiscount -
    invoiceDiscount +
    (taxInclusive ? 0n : taxTotal) +
    shippingAmount +
    custom;

  const money = (value: bigint) => fromMinor(currency, value);
  const breakdown: AmountBreakdown = { item_total: money(itemTotal) };
  if (itemDiscount !== 0n || invoiceDiscountRequest) {
    breakdown.discount = {};
    if (invoiceDiscountRequest) {
      breakdown.discount.invoice_discount = {
        ...(invoiceDiscountRequest.percent && !invoiceDiscountRequest.amount
          ? { percent: invoiceDiscountRequest.percent }
          : {}),
        amount: money(-invoiceDiscount),
      };
    }
    if (itemDiscount !== 0n) breakdown.discount.item_discount = money(-itemDiscount);
  }
  if (anyTax) breakdown.tax_total = money(taxTotal);
  if (requested.shipping) {
    breakdown.shipping = {
      amount: money(shippingAmount),
      ...(requested.shipping.tax
        ? { tax: { ...requested.shipping.tax, amount: money(shippingTax) } }
        : {}),
    };
  }
  if (requested.custom) {
    breakdown.custom = { label: requested.custom.label, amount: money(custom) };
  }

  return {
    items: lines,
    amount: { currency_code: currency, value: money(total).value, breakdown },
  };
}
