/**
 * The "Needs attention" list, loaded once for the back office: the menu
 * shows how many items it holds and the page shows them, so the two always
 * agree, and whatever the page resolves leaves the menu's count at once.
 */
import type { SellerAttentionList } from '@wifi7/contract';
import { createContext, useContext } from 'react';
import type { SellerData } from '../shell/use-seller-data';

export const AttentionListContext = createContext<SellerData<SellerAttentionList> | null>(null);

export function useAttentionList(): SellerData<SellerAttentionList> {
  const list = useContext(AttentionListContext);
  if (!list) throw new Error('useAttentionList needs an AttentionListProvider above it.');
  return list;
}

/** How many items need attention, or nothing until the list is known. */
export function useAttentionCount(): number | undefined {
  return useContext(AttentionListContext)?.data?.items.length;
}
