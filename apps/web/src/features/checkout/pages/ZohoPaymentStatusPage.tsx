import { CheckoutPlaceholder } from '../components/CheckoutPlaceholder';

/** /checkout/zoho-payment-status — payment verification arrives with the India payment issue. */
export function ZohoPaymentStatusPage() {
  return (
    <CheckoutPlaceholder title="Payment status">
      <p>Payment for India is opening soon.</p>
    </CheckoutPlaceholder>
  );
}
