/**
 * Links and a redirect over the router seam. They render and behave as
 * react-router's do, so a page is the same in the shell and in the router app.
 */
import { useEffect, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from './seam';

/** Navigates when rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

/** A click the page should follow itself: main button, no modifier, no other target. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>;

export interface LinkProps extends AnchorProps, NavigateOptions {
  to: string;
  className?: string;
}

/** A link to a page of the site, followed in the page (a new tab still works), as react-router's. */
export function Link({ to, replace, state, onClick, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        void navigate(to, { replace, state });
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
}

/** A menu entry: `aria-current="page"` while the address is at or below it, as react-router's. */
export function NavLink({ to, className, ...link }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = pathname === to || pathname.startsWith(to.endsWith('/') ? to : `${to}/`);
  return (
    <Link
      {...link}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
