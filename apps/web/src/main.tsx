import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
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
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  // The workshop and login pages come prerendered (scripts/prerender.mjs):
  // React takes over that HTML; every other page renders from nothing.
  if (container.firstElementChild) {
    // Hydrating is a transition, so React works through the page in small
    // slices and a tap or a keystroke is never kept waiting behind it.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}

void start();
