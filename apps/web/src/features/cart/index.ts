/** The cart feature's public surface. */
export { useCartStore, CART_STORAGE_KEY } from './stores/cart-store';
export type { CartBilling, CartState } from './stores/cart-store';
