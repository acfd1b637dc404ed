import { CheckoutPlaceholder } from '../components/CheckoutPlaceholder';

/** /checkout — cart, discount code, billing and invoice arrive with the checkout issue. */
export function CheckoutPage() {
  return (
    <CheckoutPlaceholder title="Checkout">
      <p>Online checkout is opening soon. Your cart and payment options will appear here.</p>
    </CheckoutPlaceholder>
  );
}
