/**
 * The auth feature's public surface. Other features and the app shell import
 * from here only, never from the feature's folders.
 */
export { startAuthSession } from './api/auth-session';
export { SignInLinkWatch } from './components/SignInLinkWatch';
export { useAuth } from './hooks/use-auth';
export { useLogout } from './hooks/use-logout';
export { onSignedInUserLeft } from './stores/auth-store';
export { useSellerAccess } from './hooks/use-seller-access';
export { LoginPage } from './lazy-pages';
