/**
 * How the pages that open a visit (the workshop and login pages, the top
 * bar, the footer) read the address and move to another page, without
 * depending on a router. A cold visit runs them in the light public shell
 * (src/app/PublicShell.tsx), so react-router is not part of what a first
 * page load fetches; once the visitor goes on to a page that needs it, the
 * router app takes over and feeds the same context (src/app/RouterNavigation.tsx).
 * The rest of the app (checkout, back office) uses react-router directly.
 */
import { createContext, useContext } from 'react';

export interface NavigationLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that navigated here passed along (history state). */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void | Promise<void>;

export interface Navigation {
  location: NavigationLocation;
  navigate: NavigateFunction;
}

const NavigationContext = createContext<Navigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('No navigation: render inside the public shell or the router.');
  return navigation;
}

export function useLocation(): NavigationLocation {
  return useNavigation().location;
}

export function useNavigate(): NavigateFunction {
  return useNavigation().navigate;
}
