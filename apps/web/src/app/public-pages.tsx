import type { ReactNode } from 'react';
import { paths } from '../config/paths';
import { LoginPage } from '../features/auth';
import { WorkshopPage } from '../features/workshop';

/**
 * The pages the light public shell shows by itself: the ones a visit
 * usually opens with, which the build prerenders (scripts/prerender.mjs).
 */
export const publicPages: Record<string, () => ReactNode> = {
  [paths.workshop]: () => <WorkshopPage />,
  [paths.login]: () => <LoginPage />,
};

/** Whether the light shell can show `pathname` by itself. */
export function isPublicPage(pathname: string): boolean {
  return Object.hasOwn(publicPages, pathname);
}
