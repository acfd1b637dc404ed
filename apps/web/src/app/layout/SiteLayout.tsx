import { Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../../components/Spinner';
import { ReturnToOffer } from '../../features/waitlist';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

const MAIN_ID = 'main';

/**
 * The frame of every page: top bar, the page itself, footer. The router app
 * (RootLayout) and the light public shell (PublicShell) both render it.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          // Move focus without touching the address (and the router) with a #hash.
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-navy-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopBar />
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<PageSpinner label="Loading…" />}>{children}</Suspense>
      </main>
      <Footer />
      <ReturnToOffer />
    </div>
  );
}
