/**
 * The seam between the light public shell and react-router (decision
 * record 0007). The pages both of them show — the workshop and login pages
 * and the site's frame — read the address and move through this, never
 * through react-router itself: inside the router app react-router backs it
 * (src/app/ReactRouterSeam.tsx); in the shell every move hands the visit to
 * the router app (src/app/PublicShell.tsx). Every other page uses
 * react-router directly. The links are in ./links.tsx.
 */
import { createContext, useContext } from 'react';

export interface SeamLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** As react-router's: `state` reaches the next page as its location's state. */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void | Promise<void>;

export interface RouterSeam {
  location: SeamLocation;
  navigate: NavigateFunction;
}

const RouterSeamContext = createContext<RouterSeam | null>(null);

export const RouterSeamProvider = RouterSeamContext.Provider;

function useRouterSeam(): RouterSeam {
  const seam = useContext(RouterSeamContext);
  if (!seam) throw new Error('No router seam: render inside the public shell or the router app.');
  return seam;
}

export function useLocation(): SeamLocation {
  return useRouterSeam().location;
}

export function useNavigate(): NavigateFunction {
  return useRouterSeam().navigate;
}
