/** The parts the two checkout forms (billing, India contact) share. */
import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ChevronDown } from '../../../components/ChevronDown';
import { TextField } from '../../../components/Field';

/** A text field's id, error and registration, as each form's `text(name)` gives them. */
interface Registered extends UseFormRegisterReturn {
  id: string;
  error: string | undefined;
}

/** First Name and Last Name, both required. */
export function NameFields({ first, last }: { first: Registered; last: Registered }) {
  return (
    <>
      <TextField look="buyer" label="First Name" autoComplete="given-name" required {...first} />
      <TextField look="buyer" label="Last Name" autoComplete="family-name" required {...last} />
    </>
  );
}

interface CompanyDetailsProps {
  /** What the company fields are for. */
  description: ReactNode;
  /** Open from the start: the buyer gave company details earlier. */
  initiallyOpen?: boolean;
  /** Opens the section, e.g. when one of its fields has an error to show. */
  forceOpen?: boolean;
  /** The optional Company field. */
  company: Registered;
  /** The company's tax number field, beside it. */
  children: ReactNode;
}

/**
 * The optional company fields of a checkout form, in a native disclosure
 * (keyboard and screen reader behaviour come with it), closed by default so
 * the form a private buyer sees stays the spec's.
 */
export function CompanyDetails({
  description,
  initiallyOpen = false,
  forceOpen = false,
  company,
  children,
}: CompanyDetailsProps) {
  const [open, setOpen] = useState(initiallyOpen || forceOpen);
  // Opened when an error appears inside; the buyer may close it again.
  const [forcedBefore, setForcedBefore] = useState(forceOpen);
  if (forceOpen !== forcedBefore) {
    setForcedBefore(forceOpen);
    if (forceOpen) setOpen(true);
  }

  return (
    <OptionalDisclosure title="Buying for a company?" look="inset" open={open} onToggle={setOpen}>
      <div className="flex flex-col gap-5 border-t border-slate-200 px-4 pt-4 pb-5">
        <p className="text-sm text-slate-600">{description}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            look="buyer"
            label="Company"
            optional
            autoComplete="organization"
            {...company}
          />
          {children}
        </div>
      </div>
    </OptionalDisclosure>
  );
}

const disclosureLooks = {
  /** Inside a form's card (the company details). */
  inset: {
    details: 'rounded-xl bg-slate-50/70',
    summary: 'rounded-xl px-4 py-3 text-sm',
    optional: '',
  },
  /** A card of its own on the page (several seats). */
  card: {
    details: 'rounded-2xl bg-white shadow-sm',
    summary: 'rounded-2xl px-5 py-4 sm:px-7',
    /** The summary's text is the page's size: "Optional" is smaller, as inside a form. */
    optional: ' text-sm',
  },
} as const;

/**
 * An optional section of a checkout page in a native disclosure (keyboard
 * and screen reader behaviour come with it), titled "… Optional": closed,
 * the page is the spec's. `children` is the body, shown when open.
 */
export function OptionalDisclosure({
  title,
  look,
  open,
  onToggle,
  children,
}: {
  title: string;
  look: keyof typeof disclosureLooks;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}) {
  const classes = disclosureLooks[look];
  return (
    <details
      open={open}
      onToggle={(event) => onToggle(event.currentTarget.open)}
      className={`group border border-slate-200 ${classes.details}`}
    >
      <summary
        className={
          `flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 ${classes.summary} ` +
          'group/summary font-semibold text-navy-900 hover:bg-slate-100 focus-visible:outline-3 ' +
          'focus-visible:outline-offset-2 focus-visible:outline-sky-500/60 ' +
          '[&::-webkit-details-marker]:hidden'
        }
      >
        <span>
          {title}{' '}
          {/* Darker on the hover background: slate-500 on slate-100 is 4.35:1, under the 4.5:1 WCAG AA asks. */}
          <span
            className={`font-normal text-slate-500 group-hover/summary:text-slate-600${classes.optional}`}
          >
            Optional
          </span>
        </span>
        <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      {children}
    </details>
  );
}
