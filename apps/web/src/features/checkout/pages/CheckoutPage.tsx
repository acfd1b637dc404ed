/**
 * /checkout (spec section 2, "Checkout page"): the cart with its timing,
 * prices and total, the discount code, and the way to pay: the billing form
 * and a PayPal invoice outside India, the Zoho payment path in India.
 */
import { useMutation } from '@tanstack/react-query';
import { INDIA_COUNTRY_CODE, type BillingInformation } from '@wifi7/contract';
import { useCallback, useId, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { RequestFailedError } from '../../../lib/api-client';
import { errorName } from '../../../lib/error-name';
import { remoteLog } from '../../../lib/remote-log';
import { LONG_ERROR_TOAST_MS, toast } from '../../../lib/toasts';
import '../../../lib/zod-english';
import { isIndiaPath, useVisitorCountry } from '../../../lib/visitor-country';
import { useAuth } from '../../auth';
import { useCartStore, type CartBilling } from '../../cart';
import { usePaypalInvoice, type InvoiceSent } from '../api/paypal-invoice';
import { carryDiscountCodeMutation } from '../api/zoho';
import { BillingForm } from '../components/BillingForm';
import { BuyerPolicyTerms } from '../components/BuyerPolicyTerms';
import { DiscountCodeForm } from '../components/DiscountCodeForm';
import { GroupSeats } from '../components/GroupSeats';
import { IndiaPaymentPanel } from '../components/IndiaPaymentPanel';
import {
  InvoiceInstructionsDialog,
  type InstructionsView,
} from '../components/InvoiceInstructionsDialog';
import { OrderSummary } from '../components/OrderSummary';
import { Card, PageFrame, SectionHeading } from '../components/PageFrame';
import { useCartBatches } from '../hooks/use-cart-batches';
import { summaryKeyOf, useCheckoutPrices } from '../hooks/use-checkout-prices';
import { useGroupCheckout } from '../hooks/use-group-checkout';
import { openSeatCount } from '../lib/group-order';
import { useGroupStore } from '../stores/group-store';
import { checkoutTexts } from '../texts';

export function CheckoutPage() {
  const hasItems = useCartStore((state) => state.cartItems.length > 0);
  const navigate = useNavigate();
  const [finished, setFinished] = useState(false);

  // After the invoice: the cart is emptied, whether the buyer closes the
  // instructions (to the workshop page) or follows a link out of them.
  const leave = useCallback(() => {
    // Set first, so emptying the cart below does not count as "empty cart".
    setFinished(true);
    useCartStore.getState().clearCart();
    useGroupStore.getState().clear();
  }, []);
  const finish = useCallback(() => {
    leave();
    void navigate(paths.workshop);
  }, [leave, navigate]);

  if (finished) return null;
  // Spec section 4, "Checkout guards": an empty cart goes to the workshop page.
  if (!hasItems) return <EmptyCart />;
  return <Checkout onFinished={finish} onLeave={leave} />;
}

function EmptyCart() {
  return (
    <PageFrame title="Checkout">
      <Card>
        <p className="text-slate-700">{checkoutTexts.emptyCart}</p>
      </Card>
      <Navigate to={paths.workshop} replace />
    </PageFrame>
  );
}

/**
 * A failed workshop list is not shown to the buyer: the cart then simply
 * shows no timing and no "change batch" link.
 */
function logWorkshopListFailure(error: unknown) {
  void remoteLog.warning(`checkout: workshop list failed (${errorName(error)})`);
}

function Checkout({ onFinished, onLeave }: { onFinished: () => void; onLeave: () => void }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const email = user?.email ?? '';
  const cartItems = useCartStore((state) => state.cartItems);
  const billing = useCartStore((state) => state.billingInformation);
  const discountCode = useCartStore((state) => state.discountCode);
  const setBillingInformation = useCartStore((state) => state.setBillingInformation);

  const visitorCountry = useVisitorCountry();
  const chosenIndia = billing.isoCode?.toUpperCase() === INDIA_COUNTRY_CODE;
  const india = isIndiaPath(visitorCountry, billing.isoCode?.toUpperCase());
  // Price in the currency the buyer will pay: rupees on the India path.
  const pricingCountry =
    visitorCountry === undefined ? undefined : india ? INDIA_COUNTRY_CODE : visitorCountry;

  const batches = useCartBatches(cartItems, user?.uid ?? null, logWorkshopListFailure);
  const skus = cartItems.map((item) => item.productSku);
  const { prices, applyDiscountCode, droppedCodeReason } = useCheckoutPrices(skus, pricingCountry);
  const appliedPercent =
    prices.status === 'ready' ? Math.max(0, ...prices.prices.map((entry) => entry.discount)) : null;

  const group = useGroupCheckout(cartItems[0]);
  const invoiceTo = group.invoiceEmail || email;

  const invoice = usePaypalInvoice();
  const carry = useMutation(carryDiscountCodeMutation);
  const [instructions, setInstructions] = useState<InstructionsView | null>(null);
  const [sent, setSent] = useState<string>(checkoutTexts.invoice.success);
  const [sentTo, setSentTo] = useState(invoiceTo);
  const [openSeats, setOpenSeats] = useState(0);
  const paymentTitleId = useId();
  // When the buyer's own choice swaps the billing form for the India panel
  // (or back), focus follows to the new section's heading.
  const [focusTarget, setFocusTarget] = useState<'india' | 'billing' | null>(null);
  const keepBilling = useCallback(
    (values: CartBilling) => {
      if (values.isoCode?.toUpperCase() === INDIA_COUNTRY_CODE) setFocusTarget('india');
      setBillingInformation(values);
    },
    [setBillingInformation],
  );

  const payByInvoice = async (details: BillingInformation) => {
    const sending = group.groupToSend();
    if (!sending) return;
    const toastId = toast.loading(checkoutTexts.invoice.loading);
    let answer: InvoiceSent;
    try {
      answer = await invoice.mutateAsync({
        userEmail: email,
        selfLearn: false,
        courseInfo: cartItems,
        billingInformation: details,
        discountCode: discountCode.trim() || null,
        ...sending,
      });
    } catch (error) {
      toast.error(invoiceFailure(error, sending.group !== undefined), {
        id: toastId,
        duration: LONG_ERROR_TOAST_MS,
      });
      void remoteLog.warning(`checkout: invoice request failed (${errorName(error)})`);
      return;
    }
    // The instructions dialog says it: a toast would only sit behind its backdrop.
    toast.dismiss(toastId);
    // The order's own address: a reused order keeps the one it was placed with.
    const sentTo = answer.sentTo ?? invoiceTo;
    setSentTo(sentTo);
    setSent(sentText(answer, sentTo, email));
    setOpenSeats(sending.group ? openSeatCount(sending.group) : 0);
    setInstructions(isIndiaPath(visitorCountry, details.isoCode) ? 'india' : 'steps');
  };

  const proceedInIndia = async () => {
    // The group stays in its store for the payment link page, which sends it.
    if (!group.groupToSend()) return;
    try {
      await carry.mutateAsync({
        productSku: cartItems[0]!.productSku,
        discountCode: discountCode.trim() || null,
      });
    } catch (error) {
      void remoteLog.warning(`checkout: discount carry-over failed (${errorName(error)})`);
      toast.error(checkoutTexts.discount.failed);
      return;
    }
    void navigate(paths.zohoContact);
  };

  const changeCountry = () => {
    setFocusTarget('billing');
    setBillingInformation({ ...billing, country: '', isoCode: '', state: '', city: '' });
  };

  return (
    <PageFrame
      title="Checkout"
      width="wide"
      lead="Review your order, then choose how you’d like to pay."
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-8">
        <div className="lg:sticky lg:top-24">
          <OrderSummary items={cartItems} batches={batches} prices={prices} group={group.summary}>
            <div className="border-t border-slate-200 pt-5">
              <DiscountCodeForm
                appliedCode={discountCode}
                appliedPercent={appliedPercent}
                droppedCodeReason={droppedCodeReason}
                ready={prices.status === 'ready'}
                summaryKey={summaryKeyOf(prices)}
                onApply={applyDiscountCode}
              />
            </div>
          </OrderSummary>
        </div>

        <div className="flex flex-col gap-6">
          <GroupSeats
            settings={group.settings}
            maxSeats={group.maxSeats}
            errors={group.errors}
            attempt={group.attempt}
            buyer={{
              email,
              firstName: billing.firstName ?? '',
              lastName: billing.lastName ?? '',
            }}
          />

          <Card as="section" labelledBy={paymentTitleId}>
            {visitorCountry === undefined ? (
              <PaymentPlaceholder titleId={paymentTitleId} />
            ) : india ? (
              <IndiaPaymentPanel
                titleId={paymentTitleId}
                chosenCountry={chosenIndia}
                onChangeCountry={changeCountry}
                focusOnMount={focusTarget === 'india'}
                onProceed={proceedInIndia}
              />
            ) : (
              <div className="flex flex-col gap-4">
                <SectionHeading id={paymentTitleId} focusOnMount={focusTarget === 'billing'}>
                  {checkoutTexts.billing.title}
                </SectionHeading>
                <BillingForm
                  stored={billing}
                  onChange={keepBilling}
                  email={invoiceTo}
                  onPay={payByInvoice}
                />
                <BuyerPolicyTerms currency="USD" headingLevel={3} />
              </div>
            )}
          </Card>
        </div>
      </div>

      {instructions && (
        <InvoiceInstructionsDialog
          initialView={instructions}
          sent={sent}
          email={sentTo}
          openSeats={openSeats}
          onClose={onFinished}
          onLeave={onLeave}
        />
      )}
    </PageFrame>
  );
}

function PaymentPlaceholder({ titleId }: { titleId: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <h2 id={titleId} className="text-lg font-semibold text-navy-950">
        Payment
      </h2>
      <p role="status" className="text-sm text-slate-600">
        Preparing payment options for your country…
      </p>
      <div aria-hidden="true" className="flex flex-col gap-4">
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-11 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

/**
 * What the page may say of the e-mail: only what happened (a reused order's
 * invoice may not have gone again), and "your email" only when it went to
 * the buyer's own address.
 */
function sentText(answer: InvoiceSent, sentTo: string, buyerEmail: string): string {
  const texts = checkoutTexts.invoice;
  if (sentTo === buyerEmail) {
    if (!answer.reused) return texts.success;
    return answer.sentAgain ? texts.sentAgain : texts.sentBefore;
  }
  if (!answer.reused) return texts.successTo(sentTo);
  return answer.sentAgain ? texts.sentAgainTo(sentTo) : texts.sentBeforeTo(sentTo);
}

/**
 * What a refused invoice request tells the buyer: the spec's two texts. A
 * company purchase's refusals are the server's own words: its 409 is an
 * attendee who already holds a seat, not "already purchased"; its 422 a
 * seat limit or a full batch.
 */
function invoiceFailure(error: unknown, group: boolean): string {
  if (!(error instanceof RequestFailedError)) return checkoutTexts.invoice.failed;
  if (group && GROUP_REFUSALS.has(error.status) && error.serverMessage) return error.serverMessage;
  return error.status === 409
    ? checkoutTexts.invoice.alreadyPurchased
    : checkoutTexts.invoice.failed;
}

/** The statuses whose words a company purchase shows as the server gave them. */
const GROUP_REFUSALS = new Set([409, 422, 429]);
