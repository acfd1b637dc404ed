/**
 * /checkout/zoho (spec section 2, "India payment link page", and section 4,
 * "India payment link"): on load the page creates the Zoho payment link for
 * the cart and empties the cart, then shows the link and an order summary.
 * The server applies the discount code the buyer applied on /checkout.
 */
import {
  apiErrorReasons,
  formatMoney,
  SEATS_PER_ORDER_LIMIT,
  toMinor,
  type CartItem,
  type GroupCheckoutInput,
} from '@wifi7/contract';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { buttonStyles } from '../../../components/button-styles';
import { paths } from '../../../config/paths';
import { getPublicConfig } from '../../../config/public-config';
import { RequestFailedError } from '../../../lib/api-client';
import { remoteLog } from '../../../lib/remote-log';
import { toast } from '../../../lib/toasts';
import { useAuth } from '../../auth';
import { useCartStore } from '../../cart';
import { useZohoPaymentLink } from '../api/zoho';
import { BatchWhen } from '../components/BatchWhen';
import { BuyerPolicyTerms } from '../components/BuyerPolicyTerms';
import { Notice } from '../components/Notice';
import { StatusBadge } from '../components/icons';
import { Card, Loading, PageFrame } from '../components/PageFrame';
import { errorName } from '../../../lib/error-name';
import { useCartBatches } from '../hooks/use-cart-batches';
import { checkGroup, openSeatCount, toGroupInput } from '../lib/group-order';
import { hasZohoContactFor } from '../lib/zoho-user-email';
import { useGroupStore } from '../stores/group-store';
import { checkoutTexts } from '../texts';

export function ZohoPaymentPage() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  // The cart as it was on arrival: the page empties it once the link exists.
  const [items] = useState(() => useCartStore.getState().cartItems);
  const [contactKnown] = useState(() => hasZohoContactFor(email));
  // A company purchase the checkout page checked: its seats travel with the cart.
  const [group] = useState(() => groupOnArrival());

  if (items.length === 0) return <Navigate to={paths.workshop} replace />;
  if (!contactKnown) return <Navigate to={paths.zohoContact} replace />;
  return <PaymentLink email={email} uid={user?.uid ?? null} items={items} group={group} />;
}

/** The group the buyer left the checkout page with, if its section was open. */
function groupOnArrival(): GroupCheckoutInput | undefined {
  const { open, draft } = useGroupStore.getState();
  if (!open) return undefined;
  // Checked there against the seller's limit; the server checks that limit again.
  const checked = checkGroup(draft, SEATS_PER_ORDER_LIMIT);
  return checked.ok ? checked.group : toGroupInput(draft);
}

/** A failed workshop list only leaves the summary without the batch's timing and dates. */
function logWorkshopListFailure(error: unknown) {
  void remoteLog.warning(`checkout: workshop list failed (${errorName(error)})`);
}

/** 409 means already purchased, as on the invoice path (spec sections 7 and 8). */
const alreadyPurchased = (error: unknown) =>
  error instanceof RequestFailedError && error.status === 409;

/**
 * A company purchase's refusal in the server's own words (an attendee who
 * already holds a seat, the seat limit, a full batch); null for any other.
 */
function groupRefusal(error: unknown): string | null {
  const refused = error instanceof RequestFailedError && [409, 422, 429].includes(error.status);
  return refused ? (error.serverMessage ?? null) : null;
}

function PaymentLink({
  email,
  uid,
  items,
  group,
}: {
  email: string;
  uid: string | null;
  items: CartItem[];
  group: GroupCheckoutInput | undefined;
}) {
  const summaryTitleId = useId();
  const hintId = useId();
  const names = items.map((item) => item.productName);
  const { descriptionOf } = useCartBatches(items, uid, logWorkshopListFailure);
  // The cart is emptied and the buyer told even if they have left the page meanwhile.
  const link = useZohoPaymentLink({
    onSuccess: () => {
      useCartStore.getState().clearCart();
      useGroupStore.getState().clear();
      toast.success(checkoutTexts.paymentLink.created);
    },
    onError: (error: Error) => {
      void remoteLog.warning(`checkout: zoho payment link failed (${errorName(error)})`);
      // Already bought: the page says so in full (no toast as well). A failure
      // is the spec's toast plus an inline message of what it means.
      if (group || !alreadyPurchased(error)) toast.error(checkoutTexts.paymentLink.failed);
    },
  });
  // A company's 409 is an attendee's seat, not the buyer's purchase: said in the server's words.
  const refusal = group && link.isError ? groupRefusal(link.error) : null;
  const purchased = link.isError && !group && alreadyPurchased(link.error);

  const create = () => {
    const [first] = items;
    if (!first) return;
    link.mutate({
      productSkuList: items.map((item) => item.productSku),
      email,
      description: `Payment for ${names.join(', ')}`,
      discountCode: null,
      batchId: first.batchId,
      returnUrl: `${getPublicConfig().siteBaseUrl.replace(/\/+$/, '')}${paths.zohoPaymentStatus}`,
      ...(group ? { group } : {}),
    });
  };

  // Created once per visit, even under StrictMode, which runs this effect twice:
  // the link is a write, and a second request would be a second link.
  const started = useRef(false);
  const createOnOpen = useEffectEvent(create);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    createOnOpen();
  }, []);

  return (
    <PageFrame title="Payment" lead="Pay for your workshop seat in Indian rupees with Zoho.">
      {(link.isIdle || link.isPending) && (
        <Card>
          <Loading label="Creating your payment link…" />
        </Card>
      )}

      {link.isError && !purchased && (
        <Card className="flex flex-col gap-5">
          <Notice tone="error" role="alert">
            {/* The link may exist and be in the buyer's inbox; trying again makes no new one. */}
            {refusal ? (
              <p>{refusal}</p>
            ) : link.error instanceof RequestFailedError &&
              link.error.reason === apiErrorReasons.paymentUnconfirmed ? (
              <p>{checkoutTexts.paymentLink.unconfirmed}</p>
            ) : (
              <p>{checkoutTexts.paymentLink.notCreated}</p>
            )}
          </Notice>
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="button" onClick={create} className={buttonStyles.solid}>
              Try again
            </button>
            <Link to={paths.checkout} className={buttonStyles.secondary}>
              Back to checkout
            </Link>
          </div>
        </Card>
      )}

      {purchased && (
        <Card className="flex flex-col items-center gap-4 text-center">
          <StatusBadge tone="success" />
          <h2 className="text-lg font-semibold text-navy-950">You already have this workshop</h2>
          <p role="alert" className="max-w-prose text-slate-700">
            {checkoutTexts.invoice.alreadyPurchased}
          </p>
          <p className="text-sm text-slate-600">
            Nothing was charged again. The courses portal opens in a new tab.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <a
              href={getPublicConfig().coursesPortalUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonStyles.solid}
            >
              Open the courses portal
              <NewTabIcon />
            </a>
            <Link to={paths.workshop} className={buttonStyles.secondary}>
              Back to the workshop
            </Link>
          </div>
        </Card>
      )}

      {link.isSuccess && (
        <>
          <Card className="flex flex-col items-center gap-4 text-center">
            <StatusBadge tone="success" />
            <h2 className="text-lg font-semibold text-navy-950">Your payment link is ready</h2>
            <p role="status" className="text-slate-700">
              {checkoutTexts.paymentLink.sentTo(group?.invoiceEmail ?? email)}
            </p>
            <a
              href={link.data.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={hintId}
              className={`${buttonStyles.solid} w-full sm:w-64`}
            >
              {checkoutTexts.paymentLink.payNow}
              <NewTabIcon />
            </a>
            <p id={hintId} className="text-xs text-slate-500">
              Opens Zoho Payments in a new tab.
            </p>
            {group && openSeatCount(group) > 0 && (
              <p className="text-sm text-slate-700">
                {checkoutTexts.group.invitesOn}{' '}
                <Link
                  to={paths.myOrders}
                  className="rounded font-semibold text-sky-800 underline underline-offset-4 hover:text-sky-950"
                >
                  {checkoutTexts.declined.myOrders}
                </Link>
                .
              </p>
            )}
          </Card>

          <Card as="section" labelledBy={summaryTitleId} className="flex flex-col gap-4">
            <h2 id={summaryTitleId} className="text-lg font-semibold text-navy-950">
              Order summary
            </h2>
            <ul className="flex flex-col divide-y divide-slate-100 text-slate-700">
              {items.map((item) => (
                <li key={item.productSku} className="py-2 first:pt-0">
                  <span className="block">{item.productName}</span>
                  {group && (
                    <span className="mt-1 block text-sm font-medium text-navy-950">
                      {checkoutTexts.group.seatCount(group.seats)}
                    </span>
                  )}
                  <span className="mt-1 block text-sm">
                    <BatchWhen description={descriptionOf(item)} />
                  </span>
                </li>
              ))}
            </ul>
            <p className="border-t border-slate-200 pt-4 text-right text-lg font-bold text-navy-950">
              {`Total: ${rupees(link.data.amount)}`}
            </p>
          </Card>

          <BuyerPolicyTerms currency="INR" headingLevel={2} />

          <Notice>
            <ul className="flex list-disc flex-col gap-1.5 pl-5">
              <li>Discount codes you applied at checkout are applied automatically.</li>
              <li>
                {group?.invoiceEmail
                  ? checkoutTexts.paymentLink.retryFrom(group.invoiceEmail)
                  : 'If the payment fails, retry with the payment link sent to your email.'}
              </li>
            </ul>
          </Notice>

          <Link to={paths.workshop} className={`${buttonStyles.secondary} w-fit`}>
            Back to the workshop
          </Link>
        </>
      )}
    </PageFrame>
  );
}

function NewTabIcon() {
  return (
    <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path d="M11 3a1 1 0 1 0 0 2h2.59l-6.3 6.29a1 1 0 1 0 1.42 1.42L15 6.41V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
      <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
    </svg>
  );
}

/** The link's amount ("41299.00") as every page shows rupees (spec: en-IN), "₹41,299.00". */
function rupees(amount: string): string {
  const major = Number(amount);
  return Number.isFinite(major) ? formatMoney(toMinor(major), 'INR') : `₹${amount}`;
}
