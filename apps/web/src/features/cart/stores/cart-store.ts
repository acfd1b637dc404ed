/**
 * The cart (spec section 3, "Cart state", and section 4, "Cart changes"),
 * kept in localStorage so a reload or a new tab keeps it.
 *
 * 1. Adding an item first removes any item with the same productSku, then
 *    appends the new one: a SKU appears at most once, re-adding moves it last.
 * 2. Removing takes a productSku and removes the match.
 * 3. Setting billing information replaces the whole object.
 * 4. Updating the discount code replaces the string.
 * 5. Clearing empties the items, resets billing to {} and the code to ''.
 */
import type { BillingInformationInput, CartItem } from '@wifi7/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type CartBilling = Partial<BillingInformationInput>;

export interface CartState {
  cartItems: CartItem[];
  billingInformation: CartBilling;
  discountCode: string;
  addItem(item: CartItem): void;
  removeItem(productSku: string): void;
  setBillingInformation(billing: CartBilling): void;
  updateDiscountCode(code: string): void;
  clearCart(): void;
}

export const CART_STORAGE_KEY = 'cart';

const empty = {
  cartItems: [] as CartItem[],
  billingInformation: {} as CartBilling,
  discountCode: '',
};

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      ...empty,
      addItem: (item) =>
        set((state) => ({
          cartItems: [
            ...state.cartItems.filter((each) => each.productSku !== item.productSku),
            { productSku: item.productSku, productName: item.productName, batchId: item.batchId },
          ],
        })),
      removeItem: (productSku) =>
        set((state) => ({
          cartItems: state.cartItems.filter((each) => each.productSku !== productSku),
        })),
      setBillingInformation: (billing) => set({ billingInformation: { ...billing } }),
      updateDiscountCode: (code) => set({ discountCode: code }),
      clearCart: () => set({ ...empty, cartItems: [], billingInformation: {} }),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ cartItems, billingInformation, discountCode }) => ({
        cartItems,
        billingInformation,
        discountCode,
      }),
      version: 1,
    },
  ),
);
