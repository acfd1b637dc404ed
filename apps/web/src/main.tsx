import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { AppFrame } from './app/AppFrame';
import { BrowserPublicShell } from './app/PublicShell';
import { isPublicPage } from './app/public-pages';
import { loadRouterApp, routerHandOver } from './app/router-hand-over';
import { loadPublicConfig, setPublicConfig } from './config/public-config';
import { startAuthSession } from './features/auth';
import { createApiClient } from './lib/api-client';
import './index.css';

async function start() {
  const container = document.getElementById('root')!;
  try {
    const config = await loadPublicConfig();
    setPublicConfig(config);
    createApiClient(config.apiBaseUrl);
  } catch {
    createRoot(container).render(
      <p role="alert" style={{ padding: '2rem', fontFamily: 'system-ui, sans-serif' }}>
        The site could not start. Please reload the page.
      </p>,
    );
    return;
  }
  // Restores the session: the Firebase SDK downloads only if one may be stored.
  startAuthSession();

  let root: Root | undefined;
  const handOver = routerHandOver(() => root!);
  if (!isPublicPage(window.location.pathname)) {
    root = createRoot(container);
    await handOver();
    return;
  }
  // The workshop and login pages: the light public shell, which hands over
  // to the router app at the visitor's first move.
  const shell = (
    <StrictMode>
      <AppFrame>
        <BrowserPublicShell
          handOver={handOver}
          // A failed preload changes nothing: the move itself reports it.
          preloadRouter={() => void loadRouterApp().catch(() => undefined)}
        />
      </AppFrame>
    </StrictMode>
  );
  // They come prerendered (scripts/prerender.mjs): React takes over that HTML.
  if (container.firstElementChild) {
    // Hydrating is a transition, so React works through the page in small
    // slices and a tap or a keystroke is never kept waiting behind it.
    startTransition(() => {
      root = hydrateRoot(container, shell);
    });
  } else {
    root = createRoot(container);
    root.render(shell);
  }
}

void start();
