export {
  RouterSeamProvider,
  useLocation,
  useNavigate,
  type NavigateFunction,
  type NavigateOptions,
  type RouterSeam,
  type SeamLocation,
} from './seam';
export { Link, Navigate, NavLink, type LinkProps, type NavLinkProps } from './links';
