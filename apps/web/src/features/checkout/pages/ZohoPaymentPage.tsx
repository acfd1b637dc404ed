import { CheckoutPlaceholder } from '../components/CheckoutPlaceholder';

/** /checkout/zoho — creating the India payment link arrives with the India payment issue. */
export function ZohoPaymentPage() {
  return (
    <CheckoutPlaceholder title="Payment">
      <p>Payment for India is opening soon.</p>
    </CheckoutPlaceholder>
  );
}
