/**
 * Button looks shared by <button> and <Link>, so a link that acts as a call to
 * action looks exactly like a button.
 */
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-base font-semibold ' +
  'transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  /** Sky accent on any background; the main action of a view. */
  primary: `${base} bg-sky-400 text-navy-950 hover:bg-sky-300 focus-visible:outline-sky-500`,
  /** Navy, for the main action on a light card. */
  solid: `${base} bg-navy-950 text-white hover:bg-navy-800 focus-visible:outline-sky-600`,
  /** Quiet outline, for the secondary action next to a primary one. */
  secondary: `${base} border border-slate-300 bg-white text-navy-950 hover:bg-slate-50 focus-visible:outline-sky-600`,
} as const;
