import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { setSignedInUser } from '../../testing/auth-state';
import { sellerKeys } from './query-keys';

const seller = { uid: 'uid-seller', email: 'seller@example.com' };
const orders = sellerKeys.order('o-1');
const buyerPage = ['workshop', 'page'];

/** What the first person left in the browser's one cache. */
function signedInWithData() {
  setSignedInUser(seller);
  queryClient.setQueryData(orders, { id: 'o-1', email: 'first@example.com' });
  queryClient.setQueryData(sellerKeys.attention, { items: [] });
  queryClient.setQueryData(buyerPage, { title: 'Wi-Fi 7' });
}

describe("the seller's cached data", () => {
  it('is dropped when the seller signs out, and nothing else is', () => {
    signedInWithData();
    setSignedInUser(null);
    expect(queryClient.getQueryCache().findAll({ queryKey: sellerKeys.all })).toEqual([]);
    expect(queryClient.getQueryData(buyerPage)).toEqual({ title: 'Wi-Fi 7' });
  });

  it('is dropped when another person signs in', () => {
    signedInWithData();
    setSignedInUser({ uid: 'uid-other', email: 'other@example.com' });
    expect(queryClient.getQueryData(orders)).toBeUndefined();
  });

  it('stays while the same seller is still signed in', () => {
    signedInWithData();
    setSignedInUser({ ...seller });
    expect(queryClient.getQueryData(orders)).toEqual({ id: 'o-1', email: 'first@example.com' });
  });
});
