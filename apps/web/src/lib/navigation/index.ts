export {
  NavigationProvider,
  useLocation,
  useNavigate,
  type NavigateFunction,
  type NavigateOptions,
  type Navigation,
  type NavigationLocation,
} from './context';
export { Link, Navigate, NavLink, type LinkProps, type NavLinkProps } from './links';
