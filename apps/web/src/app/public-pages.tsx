import type { ReactNode } from 'react';
import { paths } from '../config/paths';
import { LoginPage } from '../features/auth';
import { WorkshopPage } from '../features/workshop';

/**
 * The pages the light public shell shows: the ones a visit usually opens
 * with, which the build prerenders (scripts/prerender.mjs).
 */
export const publicPages: Record<string, () => ReactNode> = {
  [paths.workshop]: () => <WorkshopPage />,
  [paths.login]: () => <LoginPage />,
};

/** Whether a visit opening at `pathname` starts in the light shell. */
export function isPublicPage(pathname: string): boolean {
  return Object.hasOwn(publicPages, pathname);
}
