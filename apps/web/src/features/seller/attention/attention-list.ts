/**
 * How many items need attention, for the back-office menu: the same cached
 * list the "Needs attention" page shows, so the two always agree, and
 * whatever a page resolves leaves the menu's count at once.
 */
import { createContext, useContext } from 'react';

export const AttentionCountContext = createContext<number | undefined>(undefined);

/** How many items need attention, or nothing until the list is known. */
export function useAttentionCount(): number | undefined {
  return useContext(AttentionCountContext);
}
