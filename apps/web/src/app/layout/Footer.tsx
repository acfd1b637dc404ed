import { site } from '../../content/site';
import { useAfterHydration } from '../../lib/use-after-hydration';

const currentYear = () => new Date().getFullYear();
const buildYear = Number(import.meta.env.VITE_BUILD_YEAR) || currentYear();

export function Footer() {
  // The prerendered page holds the build's year; a page served in a later year shows its own.
  const year = useAfterHydration(currentYear, buildYear);
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:justify-between sm:px-6">
        <p>
          © {year} {site.companyName}. All rights reserved.
        </p>
        <p>{site.productTitle}</p>
      </div>
    </footer>
  );
}
