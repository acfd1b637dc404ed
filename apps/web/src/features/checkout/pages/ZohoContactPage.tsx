import { CheckoutPlaceholder } from '../components/CheckoutPlaceholder';

/** /checkout/zoho-contact — the India contact form arrives with the India payment issue. */
export function ZohoContactPage() {
  return (
    <CheckoutPlaceholder title="Contact Information">
      <p>Payment for India is opening soon.</p>
    </CheckoutPlaceholder>
  );
}
