/**
 * The login page, loaded when it is shown: most visits open on the workshop
 * page and never need the form's code. A visit that opens on /login
 * fetches it alongside the app (the prerendered page names it).
 */
import { lazy } from 'react';

export const LoginPage = lazy(() =>
  import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })),
);
