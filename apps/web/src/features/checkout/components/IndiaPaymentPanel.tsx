import { useState } from 'react';
import { buttonStyles } from '../../../components/button-styles';
import { checkoutTexts } from '../texts';
import { SectionHeading } from './PageFrame';

interface IndiaPaymentPanelProps {
  titleId: string;
  /** True when the buyer chose India in the form (not when the look-up said so). */
  chosenCountry: boolean;
  /** Takes the buyer back to the billing form with no country chosen. */
  onChangeCountry: () => void;
  /** Move focus here when the panel replaced the form after the buyer's choice. */
  focusOnMount: boolean;
  /** Goes on to the contact and payment-link pages. */
  onProceed: () => Promise<void>;
}

/**
 * The India path (spec section 4, "India detection"): no billing form, the
 * buyer goes on to the Zoho contact and payment link pages instead.
 */
export function IndiaPaymentPanel({
  titleId,
  chosenCountry,
  onChangeCountry,
  focusOnMount,
  onProceed,
}: IndiaPaymentPanelProps) {
  const [proceeding, setProceeding] = useState(false);
  const proceed = () => {
    setProceeding(true);
    void onProceed().finally(() => setProceeding(false));
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <SectionHeading id={titleId} focusOnMount={focusOnMount}>
          Payment from India
        </SectionHeading>
        <p className="text-slate-700">
          Buyers in India pay in Indian rupees (₹) through a secure Zoho payment link. Next, you’ll
          confirm your contact details; then we create your link and email it to you.
        </p>
      </div>

      <ul className="flex flex-col gap-2 text-sm text-slate-700">
        {[
          'The discount code you applied here is carried over automatically.',
          'The payment link opens in a new tab; you can also pay later from the email.',
        ].map((note) => (
          <li key={note} className="flex gap-2">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-sky-500" />
            {note}
          </li>
        ))}
      </ul>

      <button
        type="button"
        onClick={proceed}
        disabled={proceeding}
        className={`${buttonStyles.solid} w-full py-3.5`}
      >
        {checkoutTexts.india.proceed}
      </button>

      {chosenCountry && (
        <p className="text-center text-sm text-slate-600">
          Not paying from India?{' '}
          <button
            type="button"
            onClick={onChangeCountry}
            className="rounded font-semibold text-sky-800 underline decoration-sky-300 underline-offset-4 hover:text-sky-950"
          >
            Change country
          </button>
        </p>
      )}
    </div>
  );
}
