/** Where the focus goes in a list edited with buttons (see ReorderButtons). */
import { useEffect, useRef } from 'react';

/**
 * The move button to focus once the item `id` moved from `from` to `to`:
 * the one pressed, unless the item reached an edge, where that one is
 * disabled and the other takes the focus.
 */
export function focusAfterMove(id: string, from: number, to: number, count: number): string {
  const atEdge = to === 0 || to === count - 1;
  return `${id}-${to < from !== atEdge ? 'up' : 'down'}`;
}

/**
 * Focuses, once the list has rendered after a change, the element of the
 * id given last (or runs the focus given last).
 */
export function useFocusAfterRender(): (target: string | (() => void)) => void {
  const next = useRef<(() => void) | null>(null);
  useEffect(() => {
    const focus = next.current;
    next.current = null;
    focus?.();
  });
  return (target) => {
    next.current =
      typeof target === 'string' ? () => document.getElementById(target)?.focus() : target;
  };
}
