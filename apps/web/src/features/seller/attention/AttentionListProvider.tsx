import type { ReactNode } from 'react';
import { useAttention } from './api/attention';
import { AttentionCountContext } from './attention-list';

/**
 * Keeps the attention list loaded while the back office is open: every
 * write that can change it refreshes it, and the page reads it anew.
 */
export function AttentionListProvider({ children }: { children: ReactNode }) {
  const { data } = useAttention();
  return <AttentionCountContext value={data?.items.length}>{children}</AttentionCountContext>;
}
