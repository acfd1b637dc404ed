/** Scrolls an element to the middle of the view, smoothly unless reduced motion is preferred. */
export function scrollToCenter(element: HTMLElement): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  // jsdom has no scrolling; browsers all do.
  element.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'center' });
}
