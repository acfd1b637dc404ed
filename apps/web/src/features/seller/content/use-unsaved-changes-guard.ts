import { useEffect } from 'react';
import { useBlocker } from 'react-router';

const QUESTION = 'You have unsaved changes on this page. Leave without saving them?';

/** Asks before unsaved changes are left behind: another page of the site, a reload, a closed tab. */
export function useUnsavedChangesGuard(unsaved: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
