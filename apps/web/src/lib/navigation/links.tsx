/**
 * Links and a redirect over the site's navigation. They render what
 * react-router's do (an `<a href>` that navigates in the page,
 * `aria-current="page"` on the current menu entry), so a page looks and
 * behaves the same under the public shell and the router.
 */
import { useEffect, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from './context';

/** Navigates when rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

/** A click the page should handle itself: the main button, no modifier, no other target. */
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

/** A link to a page of the site, followed in the page (a new tab still works). */
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

/** A menu entry: marked as the current page while the address is at or below it. */
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
