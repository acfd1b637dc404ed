import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from '../../lib/router-seam';
import { paths } from '../../config/paths';
import { useAuth, useLogout, useSellerAccess } from '../../features/auth';
import { useHydrated } from '../../lib/use-after-hydration';

const entryClass = ({ isActive }: { isActive: boolean }) =>
  'block w-full rounded-lg px-3 py-2.5 text-left text-base font-medium transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-sky-500 ' +
  (isActive ? 'bg-sky-50 text-sky-800' : 'text-navy-950 hover:bg-slate-100');

/**
 * The top bar's menu (spec section 2): a disclosure button and a list of
 * links. Escape or a click elsewhere closes it, and so does choosing an entry.
 */
export function SiteMenu() {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const { user } = useAuth();
  const logout = useLogout();
  const seller = useSellerAccess();
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div
      ref={containerRef}
      className="relative"
      onBlur={(event) => {
        // Tabbing out of the menu closes it, like a click elsewhere.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        // No menu to open until the app runs on a prerendered page.
        disabled={!hydrated}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-2 rounded-lg border border-white/20 px-3 py-2 text-sm font-medium text-white transition-colors hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
      >
        <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" focusable="false">
          {open ? (
            <path
              d="M5 5l10 10M15 5 5 15"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          ) : (
            <path
              d="M3 5.5h14M3 10h14M3 14.5h14"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          )}
        </svg>
        Menu
      </button>

      <nav
        id={menuId}
        aria-label="Main menu"
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-2 text-navy-950 shadow-xl"
      >
        <ul className="flex flex-col gap-0.5">
          <li>
            <NavLink to={paths.workshop} className={entryClass} onClick={close}>
              Workshop
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.checkout} className={entryClass} onClick={close}>
              Checkout
            </NavLink>
          </li>
          {user && (
            <li>
              <NavLink to={paths.myOrders} className={entryClass} onClick={close}>
                My orders
              </NavLink>
            </li>
          )}
          {seller && (
            <li>
              <NavLink to={paths.seller} className={entryClass} onClick={close}>
                Seller
              </NavLink>
            </li>
          )}
          <li className="mt-1 border-t border-slate-200 pt-1">
            {user ? (
              <button
                type="button"
                className={entryClass({ isActive: false })}
                onClick={() => {
                  close();
                  toggleRef.current?.focus();
                  void logout();
                }}
              >
                Logout
              </button>
            ) : (
              <NavLink to={paths.login} className={entryClass} onClick={close}>
                Login
              </NavLink>
            )}
          </li>
        </ul>
      </nav>
    </div>
  );
}
