/** The cart feature's public surface. */
export { useCartStore } from './stores/cart-store';
export type { CartBilling } from './stores/cart-store';
