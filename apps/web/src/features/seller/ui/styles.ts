/**
 * The back office's control looks, one set for every seller page: compact
 * buttons, links and inputs for dense working pages (the site's big buttons
 * suit a buyer's page).
 */
import { controlStyles } from '../../../components/field-aria';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg border px-3.5 py-2 text-sm font-semibold ' +
  'whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

/** A quiet square button holding only an icon (move up, move down, remove). */
const iconBase =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-40';

export const sellerButton = {
  /** The main action of a view or dialog. */
  primary: `${base} border-transparent bg-navy-950 text-white hover:bg-navy-800 focus-visible:outline-sky-600`,
  secondary: `${base} border-slate-300 bg-white text-navy-950 hover:bg-slate-50 focus-visible:outline-sky-600`,
  /** Confirms what cannot be undone (a refund, a cancellation). */
  danger: `${base} border-transparent bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-500`,
  /** Opens something destructive without doing it yet (a dialog asks first). */
  dangerOutline: `${base} border-red-200 bg-white text-red-700 hover:bg-red-50 focus-visible:outline-red-500`,
  quiet: `${base} border-transparent text-sky-800 hover:bg-sky-50 focus-visible:outline-sky-600`,
  icon: `${iconBase} text-navy-900 hover:bg-slate-50`,
  iconDanger: `${iconBase} text-red-700 hover:border-red-300 hover:bg-red-50`,
} as const;

/** The white card every block of a seller page sits on. */
export const sellerSurface = 'rounded-xl border border-slate-200 bg-white shadow-sm';

/** Text links in the back office. */
export const sellerLink =
  'rounded font-medium text-sky-800 underline decoration-sky-300 underline-offset-4 hover:text-sky-950 hover:decoration-sky-600';

/** Inputs, selects and text areas: the site's compact controls. */
export const sellerControl = controlStyles.backOffice;
