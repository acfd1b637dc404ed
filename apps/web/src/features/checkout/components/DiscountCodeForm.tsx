import { zodResolver } from '@hookform/resolvers/zod';
import { discountCodeInputSchema } from '@wifi7/contract';
import { useId, useState, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { buttonStyles } from '../../../components/button-styles';
import { Spinner } from '../../../components/Spinner';
import type { ApplyResult } from '../hooks/use-checkout-prices';
import { checkoutTexts } from '../texts';
import { AlertIcon, CheckIcon } from './icons';
import { controlStyles, fieldAria } from '../../../components/field-aria';

/**
 * A code as the pricing request takes it (trimmed, at most 64 characters;
 * the request's own schema, without its "no code" null), and not blank.
 */
const codeFormSchema = z.object({
  discountCode: z.pipe(
    z.string().check(z.trim(), z.minLength(1, checkoutTexts.discount.blank)),
    discountCodeInputSchema.def.innerType,
  ),
});

interface DiscountCodeFormProps {
  /** The code kept in the cart, if any. */
  appliedCode: string;
  /** Percent the applied code takes off, once prices are known. */
  appliedPercent: number | null;
  /** A stored code the server refused on load: why. */
  droppedCodeReason: string | null;
  /** False until prices are known (the country decides the currency). */
  ready: boolean;
  /**
   * Changes whenever the summary's prices change: an outcome shown for one
   * summary (a refused code, say) is not left beside another.
   */
  summaryKey: string;
  onApply: (code: string) => Promise<ApplyResult>;
}

/** The last apply's outcome, and the summary and typed text it was about. */
interface Outcome {
  applied: boolean;
  message: string;
  about: string;
}

/**
 * The discount code field (spec section 5): the code is trimmed, a blank or
 * whitespace-only code is refused with "Please enter a discount code" (on
 * Apply or Enter), and Apply is disabled while nothing is typed or an apply
 * is in progress. Each outcome is said once, here beside the field (no
 * toast as well), and only while the summary and the typed code it was
 * about are unchanged.
 */
export function DiscountCodeForm({
  appliedCode,
  appliedPercent,
  droppedCodeReason,
  ready,
  summaryKey,
  onApply,
}: DiscountCodeFormProps) {
  const id = useId();
  const inputId = `${id}-code`;
  const {
    register,
    handleSubmit,
    setFocus,
    setValue,
    control,
    formState: { errors, isSubmitting: applying },
  } = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { discountCode: appliedCode },
  });
  const value = useWatch({ control, name: 'discountCode' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const about = `${summaryKey}\n${appliedCode}\n${value}`;
  const current = outcome?.about === about ? outcome : null;
  const refusal = current && !current.applied ? current.message : null;
  const shownError = errors.discountCode?.message ?? refusal ?? droppedCodeReason;
  // After a refusal, say which code the summary is still priced with.
  const stillApplied =
    refusal || (!errors.discountCode && droppedCodeReason)
      ? appliedCode
        ? `Code ${appliedCode.toUpperCase()} is still applied.`
        : 'No discount code is applied.'
      : null;

  const apply = async ({ discountCode: code }: z.output<typeof codeFormSchema>) => {
    const result = await onApply(code);
    if (result.applied) {
      setValue('discountCode', code);
      // It is about the summary the new prices make, with this code in the cart and the field.
      const message = checkoutTexts.discount.applied;
      setOutcome({ applied: true, message, about: `${result.summaryKey}\n${code}\n${code}` });
    } else {
      const message = result.reason
        ? `${checkoutTexts.discount.failed}: ${result.reason}`
        : `${checkoutTexts.discount.failed}. Please try again.`;
      setOutcome({ applied: false, message, about });
      setFocus('discountCode');
    }
  };

  /**
   * Enter in a blank field says so (spec section 5). Apply is disabled while
   * the field is empty, and a browser does not submit a form by Enter when
   * its submit button is disabled, so Enter is answered here. (A
   * whitespace-only field keeps Apply enabled: pressing it gives the same text.)
   */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || value.trim() || applying || !ready) return;
    event.preventDefault();
    void handleSubmit(apply)();
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(apply)(event)}
      noValidate
      className="flex flex-col gap-2"
    >
      <label htmlFor={inputId} className="text-sm font-medium text-navy-900">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          {...register('discountCode')}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          {...fieldAria(inputId, false, shownError ?? undefined)}
          onKeyDown={onKeyDown}
          className={`${controlStyles.buyer} min-w-0 flex-1 uppercase placeholder:normal-case`}
          placeholder="Enter code"
        />
        <button
          type="submit"
          disabled={!value || applying || !ready}
          aria-busy={applying || undefined}
          className={`${buttonStyles.secondary} shrink-0 px-4 py-2.5`}
        >
          {applying && <Spinner className="size-4" />}
          Apply
        </button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {shownError ? (
          <div id={`${inputId}-error`} className="flex items-start gap-1.5 text-sm text-red-700">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <p>
              <span>{shownError}</span>
              {stillApplied && <span className="block text-slate-700">{stillApplied}</span>}
            </p>
          </div>
        ) : appliedCode && appliedPercent ? (
          <div className="flex items-start gap-1.5 text-sm font-medium text-emerald-800">
            <CheckIcon />
            <p>
              {current?.applied && <span className="block">{current.message}</span>}
              <span className="block">
                Code {appliedCode.toUpperCase()} applied: {appliedPercent}% off
              </span>
            </p>
          </div>
        ) : null}
      </div>
    </form>
  );
}
