import { useEffect } from 'react';
import { buttonStyles } from '../../components/button-styles';
import { paths } from '../../config/paths';
import { remoteLog } from '../../lib/remote-log';
import { Link } from '../../lib/router-seam';

/**
 * Shown inside the layout when a page fails to render or its code fails to
 * load (typically after a new release replaced the old chunks).
 */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    const name = error instanceof Error ? error.name : 'unknown';
    void remoteLog.error(`page failed to render (${name})`);
  }, [error]);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <title>Something went wrong</title>
      <h1 className="text-2xl font-bold text-navy-950">Something went wrong</h1>
      <p className="text-slate-600">
        Please reload the page. If it keeps happening, try again later.
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          className={buttonStyles.solid}
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
        <Link to={paths.workshop} className={buttonStyles.secondary}>
          Go to Workshop
        </Link>
      </div>
    </div>
  );
}
