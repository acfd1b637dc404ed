import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setPublicConfig } from '../config/public-config';
import { resetAuthState } from './auth-state';
import { testPublicConfig } from './test-config';

// jsdom has no modal dialogs: a minimal stand-in that opens, closes and
// fires `close` like a browser does.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// react-hot-toast asks for the reduced-motion preference.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}

// A busy machine renders slowly: every findBy/waitFor waits on its condition
// with room (the library's default is one second), never on the clock.
configure({ asyncUtilTimeout: 15_000 });

// Vitest's own vi.waitFor gives up after one second too, and several suites
// use it for the first render or the first request: the same room, unless a
// test asks for another time-out itself.
const waitForWithinOneSecond = vi.waitFor;
vi.waitFor = <T>(
  callback: Parameters<typeof vi.waitFor<T>>[0],
  options?: Parameters<typeof vi.waitFor<T>>[1],
) =>
  waitForWithinOneSecond<T>(callback, {
    timeout: 15_000,
    ...(typeof options === 'number' ? { timeout: options } : options),
  });

beforeEach(() => {
  setPublicConfig(testPublicConfig);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  resetAuthState();
});
