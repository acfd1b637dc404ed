/**
 * The build's prerender entry (run by scripts/prerender.mjs after the
 * client build): renders a page's static HTML with the same light public
 * shell and frame the browser uses (src/app/PublicShell.tsx), so the page
 * paints when the HTML arrives and the client hydrates it instead of
 * rendering from nothing.
 *
 * Per-visitor parts (signed-in state, batches, price) render in their
 * loading state, which keeps the size of what replaces it; the sections
 * sellers edit arrive with the page as JSON and render once hydrated.
 */
import type { PublicConfig } from '@wifi7/contract';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { AppFrame } from './app/AppFrame';
import { PublicShell } from './app/PublicShell';
import { isPublicPage } from './app/public-pages';
import { setPublicConfig } from './config/public-config';
import { PRERENDER_CONFIG_ORIGIN } from './config/prerender-config';

/**
 * Stands in for the deployment's configuration: each address is a marker the
 * server swaps for the real value when it serves the page (one build runs in
 * every environment, docs/decisions/0001).
 */
const marker = (field: string) => `${PRERENDER_CONFIG_ORIGIN}/${field}`;
const prerenderConfig: PublicConfig = {
  apiBaseUrl: '',
  siteBaseUrl: marker('siteBaseUrl'),
  firebase: {
    apiKey: 'prerender',
    authDomain: 'prerender',
    projectId: 'prerender',
    authEmulatorUrl: null,
    // Read when a link is asked for, after the page's own configuration is in.
    signInMail: 'firebase',
  },
  companySiteUrl: marker('companySiteUrl'),
  coursesPortalUrl: marker('coursesPortalUrl'),
  geolocationUrl: marker('geolocationUrl'),
};

/** The HTML inside `#root` for `path`. */
export async function renderPage(path: string): Promise<string> {
  if (!isPublicPage(path)) throw new Error(`${path} is not a page the public shell renders`);
  setPublicConfig(prerenderConfig);
  const seam = {
    location: { pathname: path, search: '', hash: '' },
    navigate: () => {
      throw new Error('A prerendered page does not navigate while it renders');
    },
  };
  // prerender (unlike renderToString) waits for the page's lazy parts, such
  // as the login page's code, so the HTML holds the page itself.
  const { prelude } = await prerender(
    <StrictMode>
      <AppFrame>
        <PublicShell seam={seam} />
      </AppFrame>
    </StrictMode>,
    // One piece of HTML, with no script to put parts of it in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
