import { LogoMark } from '../../components/Logo';
import { getPublicConfig } from '../../config/public-config';
import { site } from '../../content/site';
import { useAuth } from '../../features/auth';
import { SiteMenu } from './SiteMenu';

/** Company logo (to the company's own site), the signed-in e-mail and the menu. */
export function TopBar() {
  const { companySiteUrl } = getPublicConfig();
  const { loading, user } = useAuth();

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-navy-950 text-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <a
          href={companySiteUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${site.companyName} website (opens in a new tab)`}
          className="flex shrink-0 items-center gap-2.5 rounded-lg focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-sky-400"
        >
          <LogoMark className="size-9" />
          <span className="font-semibold tracking-tight">
            <span className="hidden sm:inline">{site.companyName}</span>
            <span className="sm:hidden">{site.companyShortName}</span>
          </span>
        </a>

        <div className="flex min-w-0 flex-1 items-center justify-end gap-3">
          {loading ? (
            // Reserve the row's height so it does not jump when the session is known.
            <span
              aria-hidden="true"
              className="h-4 w-28 animate-pulse rounded bg-white/10 sm:w-44"
            />
          ) : (
            user?.email && (
              <p className="min-w-0 truncate text-sm text-slate-300" title={user.email}>
                <span className="sr-only">Signed in as </span>
                {user.email}
              </p>
            )
          )}
          <SiteMenu />
        </div>
      </div>
    </header>
  );
}
