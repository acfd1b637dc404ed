import {
  formatMoney,
  priceAfterDiscountMinor,
  toMinor,
  type CartItem,
  type PriceEntry,
  type VolumeTier,
} from '@wifi7/contract';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { displayPrice } from '../../pricing';
import type { CartBatches } from '../hooks/use-cart-batches';
import type { PricesState } from '../hooks/use-checkout-prices';
import { groupPriceOf, reachedTier } from '../lib/group-order';
import { BatchWhen } from './BatchWhen';
import { checkoutTexts } from '../texts';
import { Notice } from './Notice';
import { Card } from './PageFrame';

const texts = checkoutTexts.group;

interface OrderSummaryProps {
  items: CartItem[];
  /** The offered workshop and the description of each item's batch. */
  batches: CartBatches;
  prices: PricesState;
  /**
   * A company purchase (beyond the spec): its seats and the seller's volume
   * discounts, null while they load. Without it the summary is the spec's.
   */
  group?: { seats: number; tiers: readonly VolumeTier[] | null } | undefined;
  /** The discount code form, shown under the table. */
  children?: ReactNode;
}

/**
 * The cart as a table (spec section 2, "Checkout page"): course name, batch
 * timing, price with an optional "% off" badge, and the total.
 */
export function OrderSummary({
  items,
  batches: { workshop, descriptionOf },
  prices,
  group,
  children,
}: OrderSummaryProps) {
  const titleId = useId();
  const batchCount =
    workshop.status === 'ready' ? (workshop.workshop?.batchDetails.length ?? 0) : 0;
  const priceOf = (item: CartItem) =>
    prices.status === 'ready'
      ? prices.prices.find((entry) => entry.productSku === item.productSku)
      : undefined;
  const groupEntry = group && items.length === 1 ? priceOf(items[0]!) : undefined;
  const total = group
    ? groupEntry && group.tiers && groupTotal(groupEntry, group.seats, group.tiers)
    : prices.status === 'ready'
      ? totalOf(items.map(priceOf))
      : null;

  return (
    <Card as="section" labelledBy={titleId} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="text-lg font-semibold text-navy-950">
          Order summary
        </h2>
        {batchCount > 1 && (
          <Link
            to={paths.workshop}
            className="rounded text-sm font-medium text-sky-800 underline decoration-sky-300 underline-offset-4 hover:text-sky-950 hover:decoration-sky-600"
          >
            {checkoutTexts.changeBatch}
          </Link>
        )}
      </div>

      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items in your cart</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              Course
            </th>
            <th scope="col" className="hidden pb-2 pl-4 font-medium sm:table-cell">
              Batch timing
            </th>
            <th scope="col" className="pb-2 pl-4 text-right font-medium">
              Price
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => {
            const description = descriptionOf(item);
            return (
              <tr key={item.productSku} className="align-top">
                <td className="py-4">
                  <span className="block font-medium text-navy-950">{item.productName}</span>
                  <span className="mt-1 block text-slate-600 sm:hidden">
                    <TimingText loading={workshop.status === 'loading'} description={description} />
                  </span>
                </td>
                <td className="hidden py-4 pl-4 text-slate-700 sm:table-cell">
                  <TimingText loading={workshop.status === 'loading'} description={description} />
                </td>
                <td className="py-4 pl-4 text-right whitespace-nowrap">
                  <PriceCell prices={prices} entry={priceOf(item)} />
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="border-t border-slate-200">
          {group && groupEntry && (
            <GroupLines entry={groupEntry} seats={group.seats} tiers={group.tiers ?? []} />
          )}
          <tr>
            <th scope="row" className="pt-4 text-base font-semibold text-navy-950">
              Total
            </th>
            <td className="hidden sm:table-cell" />
            <td className="pt-4 pl-4 text-right text-lg font-bold whitespace-nowrap text-navy-950">
              {total ?? <Placeholder status={group && !group.tiers ? 'loading' : prices.status} />}
            </td>
          </tr>
        </tfoot>
      </table>

      {prices.status === 'failed' && (
        <Notice tone="error" role="alert">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>We couldn’t load the price. Please check your connection.</span>
            <button
              type="button"
              onClick={prices.retry}
              className="rounded font-semibold text-red-900 underline underline-offset-4"
            >
              Reload prices
            </button>
          </div>
        </Notice>
      )}

      {children}
    </Card>
  );
}

function TimingText({
  loading,
  description,
}: {
  loading: boolean;
  description: string | undefined;
}) {
  if (loading) {
    return (
      <span
        aria-hidden="true"
        className="inline-block h-4 w-40 animate-pulse rounded bg-slate-200"
      />
    );
  }
  // The workshop feature's display rule, "Tue & Thu, 9 - 11 AM PT (Americas)", and the dates.
  return <BatchWhen description={description} />;
}

function PriceCell({ prices, entry }: { prices: PricesState; entry: PriceEntry | undefined }) {
  if (!entry) return <Placeholder status={prices.status} />;
  const shown = displayPrice(entry);
  if (shown.discount <= 0) {
    return <span className="font-semibold text-navy-950">{shown.amount}</span>;
  }
  return (
    <span className="flex flex-col items-end gap-1">
      <span className="font-semibold text-navy-950">{shown.amount}</span>
      <span className="flex items-center gap-2">
        <span className="sr-only">instead of</span>
        <s className="text-slate-500">{shown.listAmount}</s>
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
          {shown.discount}% off
        </span>
      </span>
    </span>
  );
}

function Placeholder({ status }: { status: PricesState['status'] }) {
  if (status === 'loading') {
    return (
      <>
        <span className="sr-only">Loading price…</span>
        <span
          aria-hidden="true"
          className="inline-block h-5 w-20 animate-pulse rounded bg-slate-200 align-middle"
        />
      </>
    );
  }
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Price unavailable</span>
    </>
  );
}

/** A company purchase's lines: its seats at the list price, then each discount (the contract's `groupPrice`). */
function GroupLines({
  entry,
  seats,
  tiers,
}: {
  entry: PriceEntry;
  seats: number;
  tiers: readonly VolumeTier[];
}) {
  const price = groupPriceOf(entry, seats, tiers);
  const tier = reachedTier(tiers, seats);
  const money = (minor: number) => formatMoney(minor, entry.currency);
  const lines: [label: string, amount: string][] = [
    [texts.seatsTimesUnit(seats, money(price.unitMinor)), money(price.subtotalMinor)],
  ];
  if (price.codeDiscountMinor > 0)
    lines.push([texts.codeDiscount(entry.discount), `−${money(price.codeDiscountMinor)}`]);
  if (tier && price.volumeDiscountMinor > 0)
    lines.push([
      texts.volumeDiscount(tier.minSeats, tier.percent),
      `−${money(price.volumeDiscountMinor)}`,
    ]);
  return lines.map(([label, amount], index) => (
    <tr key={label} className="text-slate-700">
      <th scope="row" className={`${index === 0 ? 'pt-4' : 'pt-2'} font-normal`}>
        {label}
      </th>
      <td className="hidden sm:table-cell" />
      <td className={`${index === 0 ? 'pt-4' : 'pt-2'} pl-4 text-right whitespace-nowrap`}>
        {amount}
      </td>
    </tr>
  ));
}

/** A company purchase's total, in the prices' currency. */
function groupTotal(entry: PriceEntry, seats: number, tiers: readonly VolumeTier[]): string {
  return formatMoney(groupPriceOf(entry, seats, tiers).totalMinor, entry.currency);
}

/** Sum of the lines after discount, in the prices' currency; null if a price is missing. */
function totalOf(entries: (PriceEntry | undefined)[]): string | null {
  const known = entries.filter((entry): entry is PriceEntry => entry !== undefined);
  const first = known[0];
  if (!first || known.length !== entries.length) return null;
  const minor = known.reduce(
    (sum, entry) => sum + priceAfterDiscountMinor(toMinor(entry.price), entry.discount),
    0,
  );
  // Rupees in Indian digit grouping, "₹35,104.15", as on the payment link page that follows.
  return formatMoney(minor, first.currency);
}
