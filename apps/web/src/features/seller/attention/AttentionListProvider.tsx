import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { fetchAttention } from '../orders/api';
import { useSellerData } from '../shell/use-seller-data';
import { AttentionListContext } from './attention-list';

/** Loads the list anew on each back-office page, so the count follows what other pages did. */
export function AttentionListProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const list = useSellerData(fetchAttention, `attention ${pathname}`);
  return <AttentionListContext value={list}>{children}</AttentionListContext>;
}
