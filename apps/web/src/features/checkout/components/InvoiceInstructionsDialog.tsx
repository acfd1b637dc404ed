import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/button-styles';
import { Dialog } from '../../../components/Dialog';
import { paths } from '../../../config/paths';
import { getPublicConfig } from '../../../config/public-config';
import { checkoutTexts } from '../texts';
import { FindYourOrder } from './FindYourOrder';
import { CheckIcon } from './icons';

export type InstructionsView = 'steps' | 'india';

interface InvoiceInstructionsDialogProps {
  /** "india" when the buyer's country is IN (spec section 4, "India detection"). */
  initialView: InstructionsView;
  email: string;
  /** "Close": the owner clears the cart and returns to the workshop page. */
  onClose: () => void;
  /** The buyer follows a link out (to My orders): the owner clears the cart, as on Close. */
  onLeave: () => void;
  /** What became of the e-mail: the spec's success, or (a reused order) whether it went again. */
  sent: string;
  /** A company purchase's seats left open (beyond the spec): their invite links are on My orders. */
  openSeats?: number;
}

const toggleClass =
  'w-fit rounded text-sm font-semibold text-sky-800 underline decoration-sky-300 ' +
  'underline-offset-4 hover:text-sky-950 hover:decoration-sky-600';

/**
 * Shown once the invoice is sent (spec section 2): "How it works?" with the
 * three steps, or "How to Pay?" for buyers paying from India, with links to
 * switch between the two. It cannot be dismissed; only "Close" ends it.
 */
export function InvoiceInstructionsDialog({
  initialView,
  sent,
  email,
  onClose,
  onLeave,
  openSeats = 0,
}: InvoiceInstructionsDialogProps) {
  const titleId = useId();
  const declinedId = useId();
  const sentId = useId();
  const [view, setView] = useState<InstructionsView>(initialView);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const switchTo = (next: InstructionsView) => {
    setView(next);
    // The heading names the new view; put the reader there.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <Dialog
      titleId={titleId}
      descriptionId={sentId}
      initialFocusRef={headingRef}
      onForcedClose={onClose}
      look="buyer"
    >
      <div className="flex flex-col gap-5 p-6 sm:p-8">
        {/* The invoice's one success message (no toast: it would sit behind the backdrop). */}
        <p
          id={sentId}
          className="-mx-2 -mt-2 flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
        >
          <CheckIcon className="mt-0.5 size-4 shrink-0" />
          {sent}
        </p>
        <h2
          ref={headingRef}
          id={titleId}
          tabIndex={-1}
          className="text-xl font-semibold text-navy-950 outline-none"
        >
          {view === 'steps' ? checkoutTexts.howItWorks.title : checkoutTexts.howItWorks.indiaTitle}
        </h2>

        {view === 'steps' ? <Steps email={email} /> : <IndiaOptions />}

        {openSeats > 0 && (
          <p className="text-sm text-slate-700">
            {checkoutTexts.group.invitesOn}{' '}
            <Link
              to={paths.myOrders}
              onClick={onLeave}
              className="rounded font-semibold text-sky-800 underline underline-offset-4 hover:text-sky-950"
            >
              {checkoutTexts.declined.myOrders}
            </Link>
            .
          </p>
        )}

        {/* The site hears of a declined payment only from PayPal, later: say now what to do then. */}
        <section
          aria-labelledby={declinedId}
          className="flex flex-col gap-1.5 rounded-xl border border-slate-200 bg-slate-50/70 px-4 py-3 text-sm text-slate-700"
        >
          <h3 id={declinedId} className="font-semibold text-navy-950">
            {checkoutTexts.declined.title}
          </h3>
          <p>{checkoutTexts.declined.paypal}</p>
          <p>
            <FindYourOrder onFollow={onLeave} />
          </p>
        </section>

        <button
          type="button"
          className={toggleClass}
          onClick={() => switchTo(view === 'steps' ? 'india' : 'steps')}
        >
          {view === 'steps' ? 'Paying from India? See how to pay' : 'Back to how it works'}
        </button>

        <button type="button" onClick={onClose} className={`${buttonStyles.solid} w-full`}>
          {checkoutTexts.howItWorks.close}
        </button>
      </div>
    </Dialog>
  );
}

/** One numbered step: its number (the list's own, hidden from screen readers), title and text. */
function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sky-100 text-sm font-bold text-sky-800"
      >
        {n}
      </span>
      <div>
        <p className="font-semibold text-navy-950">{title}</p>
        {children}
      </div>
    </li>
  );
}

function Steps({ email }: { email: string }) {
  const { coursesPortalUrl } = getPublicConfig();
  return (
    <ol className="flex flex-col gap-4 text-sm text-slate-700">
      <Step n={1} title="Check your email for the invoice">
        <p>
          It was sent to{' '}
          <span className="font-medium [overflow-wrap:anywhere] text-navy-950">{email}</span>. If
          you don’t see it within a few minutes, look in your spam folder.
        </p>
      </Step>
      <Step n={2} title="Pay the invoice with PayPal">
        <p>Open the invoice and pay by card or with your PayPal account.</p>
      </Step>
      <Step n={3} title="Find the workshop under My Courses">
        <p>
          Once paid, log in on the{' '}
          <a
            href={coursesPortalUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded font-medium text-sky-800 underline underline-offset-4"
          >
            courses portal
          </a>{' '}
          with your registered email and open the workshop under My Courses.
        </p>
      </Step>
    </ol>
  );
}

function IndiaOptions() {
  return (
    <div className="flex flex-col gap-4 text-sm text-slate-700">
      <p>You can pay the PayPal invoice from India in one of two ways.</p>
      <section className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
        <h3 className="font-semibold text-navy-950">Option 1: Debit or credit card</h3>
        <ol className="flex list-decimal flex-col gap-1.5 pl-5">
          <li>Open the invoice and choose to pay with a debit or credit card.</li>
          <li>
            If PayPal says your account is not set up for transactions in India, ignore the message
            and click “Try again”.
          </li>
          <li>Enter your card details, phone number and billing address, then press “Pay Now”.</li>
        </ol>
      </section>
      <section className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
        <h3 className="font-semibold text-navy-950">
          Option 2: PayPal account linked to an Indian bank
        </h3>
        <p>
          Pay from a PayPal account linked to your Indian bank account. PayPal’s verification of the
          bank account can take up to 3 days.
        </p>
      </section>
    </div>
  );
}
