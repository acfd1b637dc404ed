import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, useCartStore } from './cart-store';

const item = (productSku: string, batchId = 'B1') => ({
  productSku,
  productName: `Name ${productSku}`,
  batchId,
});
const state = () => useCartStore.getState();

describe('the cart rules', () => {
  beforeEach(() => state().clearCart());

  it('1. adding removes the same SKU first, then appends', () => {
    state().addItem(item('A'));
    state().addItem(item('B'));
    state().addItem(item('A', 'B2'));
    expect(state().cartItems).toEqual([item('B'), item('A', 'B2')]);
  });

  it('2. removing takes a SKU', () => {
    state().addItem(item('A'));
    state().addItem(item('B'));
    state().removeItem('A');
    expect(state().cartItems).toEqual([item('B')]);
    state().removeItem('missing');
    expect(state().cartItems).toEqual([item('B')]);
  });

  it('3. billing is replaced as a whole', () => {
    state().setBillingInformation({ firstName: 'Ada', city: 'London' });
    state().setBillingInformation({ lastName: 'Lovelace' });
    expect(state().billingInformation).toEqual({ lastName: 'Lovelace' });
  });

  it('4. the discount code is replaced', () => {
    state().updateDiscountCode('SAVE10');
    state().updateDiscountCode('TEAM15');
    expect(state().discountCode).toBe('TEAM15');
  });

  it('5. clearing resets everything', () => {
    state().addItem(item('A'));
    state().setBillingInformation({ firstName: 'Ada' });
    state().updateDiscountCode('SAVE10');
    state().clearCart();
    expect(state()).toMatchObject({ cartItems: [], billingInformation: {}, discountCode: '' });
  });

  it('survives a reload through localStorage', async () => {
    state().addItem(item('A'));
    state().updateDiscountCode('SAVE10');
    const saved = localStorage.getItem(CART_STORAGE_KEY) ?? '{}';
    expect((JSON.parse(saved) as { state: unknown }).state).toEqual({
      cartItems: [item('A')],
      billingInformation: {},
      discountCode: 'SAVE10',
    });
    // A "reload": the memory is empty, the storage still holds the cart.
    useCartStore.setState({ cartItems: [], discountCode: '' });
    localStorage.setItem(CART_STORAGE_KEY, saved);
    await useCartStore.persist.rehydrate();
    expect(state().cartItems).toEqual([item('A')]);
    expect(state().discountCode).toBe('SAVE10');
  });
});
