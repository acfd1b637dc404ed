/**
 * The light public shell's one way out (decision record 0007): the router
 * app takes over the page's root and makes the move the shell was asked for.
 */
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import type { NavigateOptions } from '../lib/router-seam';
import type { AppRouter } from './router';

/**
 * Starts the router app (once) at the current address, in place of what the
 * root shows, then lets react-router go to `to`; without `to` it stays
 * where the browser is (after back or forward, or on a page the shell does
 * not show).
 */
export type HandOver = (to?: string, options?: NavigateOptions) => Promise<void>;

/** The router app's code: every page, checkout and back office included. */
export const loadRouterApp = () => Promise.all([import('./App'), import('./router')]);

export function routerHandOver(root: () => Root): HandOver {
  let started: Promise<AppRouter> | undefined;
  return async (to, options) => {
    started ??= loadRouterApp().then(([{ App }, { createAppRouter }]) => {
      const router = createAppRouter();
      root().render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
      return router;
    });
    const router = await started;
    if (to !== undefined) await router.navigate(to, options);
  };
}
