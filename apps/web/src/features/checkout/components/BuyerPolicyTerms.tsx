import { buyerPolicyTerms, type Currency } from '@wifi7/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { buyerPolicyQuery } from '../api/buyer-policy';

/**
 * What the buyer may do with the order once paid (cancel for a refund, move
 * to another batch), in the seller's words for the currency paid in: shown
 * before paying, as the order is placed under this policy.
 */
export function BuyerPolicyTerms({
  currency,
  headingLevel,
}: {
  currency: Currency;
  /** 3 inside a card titled by an h2; 2 beside the page's cards. */
  headingLevel: 2 | 3;
}) {
  const titleId = useId();
  const policy = useQuery(buyerPolicyQuery);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={policy.isPending}
      className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
    >
      <Heading id={titleId} className="mb-1.5 font-semibold text-navy-950">
        Cancelling or moving your seat
      </Heading>
      {policy.isSuccess ? (
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {buyerPolicyTerms(policy.data, currency).map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      ) : policy.isError ? (
        <p>
          Our terms for cancelling and moving could not be loaded just now.{' '}
          <button
            type="button"
            onClick={() => void policy.refetch()}
            className="rounded font-medium text-sky-800 underline underline-offset-4 hover:text-sky-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
          >
            Load the terms again
          </button>
        </p>
      ) : (
        <p>Loading our terms for cancelling and moving…</p>
      )}
    </section>
  );
}
