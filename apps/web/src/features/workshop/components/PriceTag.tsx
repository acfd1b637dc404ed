import { site } from '../../../content/site';
import type { WorkshopPrice } from '../hooks/use-workshop-price';

/**
 * The seat price (spec sections 2 and 5): ₹ for INR, otherwise $, two
 * decimals and the currency's digit grouping ("₹41,299.00", "$1,299.00"), and "(after N% discount)" when a discount applies. The block keeps
 * one height in every state, so nothing below it moves when the price arrives.
 */
export function PriceTag({ price }: { price: WorkshopPrice }) {
  return (
    <div
      className="flex min-h-[4.75rem] flex-col justify-center"
      aria-busy={price.status === 'loading'}
    >
      {price.status === 'loading' && (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading the price…</span>
          <span aria-hidden="true" className="h-9 w-36 animate-pulse rounded-lg bg-slate-200" />
          <span aria-hidden="true" className="h-4 w-52 animate-pulse rounded bg-slate-100" />
        </div>
      )}

      {price.status === 'unavailable' && (
        <p className="text-sm text-slate-600">
          The price could not be loaded just now. Please try again later.
        </p>
      )}

      {price.status === 'ready' && (
        <>
          <p className="flex flex-wrap items-baseline gap-x-2.5 gap-y-1">
            <span className="sr-only">Price: </span>
            <span className="text-4xl font-bold tracking-tight text-navy-950 tabular-nums">
              {price.price.amount}
            </span>
            {price.price.discount > 0 && (
              <>
                <span className="text-lg text-slate-500 tabular-nums">
                  <span className="sr-only">instead of </span>
                  <s>{price.price.listAmount}</s>
                </span>
                <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
                  {price.price.discountNote}
                </span>
              </>
            )}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Per seat · {site.workshop.sessions} live sessions, recordings and certificate
          </p>
        </>
      )}
    </div>
  );
}
