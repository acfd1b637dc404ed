import { zodResolver } from '@hookform/resolvers/zod';
import { discountCodeInputSchema } from '@wifi7/contract';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { buttonStyles } from '../../../components/button-styles';
import { Spinner } from '../../../components/Spinner';
import { toast } from '../../../lib/toasts';
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
  onApply: (code: string) => Promise<ApplyResult>;
}

/**
 * The discount code field (spec section 5): the code is trimmed, a blank or
 * whitespace-only code is refused with "Please enter a discount code", and
 * Apply is disabled while nothing is typed or an apply is in progress.
 */
export function DiscountCodeForm({
  appliedCode,
  appliedPercent,
  droppedCodeReason,
  ready,
  onApply,
}: DiscountCodeFormProps) {
  const id = useId();
  const inputId = `${id}-code`;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting: applying },
  } = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { discountCode: appliedCode },
  });
  const value = useWatch({ control, name: 'discountCode' });
  const shownError = errors.discountCode?.message ?? droppedCodeReason;

  const apply = async ({ discountCode: code }: z.output<typeof codeFormSchema>) => {
    const result = await onApply(code);
    if (result.applied) {
      setValue('discountCode', code);
      toast.success(checkoutTexts.discount.applied);
    } else {
      toast.error(checkoutTexts.discount.failed);
      const message = result.reason
        ? `${checkoutTexts.discount.failed}: ${result.reason}`
        : `${checkoutTexts.discount.failed}. Please try again.`;
      setError('discountCode', { type: 'server', message }, { shouldFocus: true });
    }
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
          <p id={`${inputId}-error`} className="flex items-start gap-1.5 text-sm text-red-700">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            {shownError}
          </p>
        ) : appliedCode && appliedPercent ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-800">
            <CheckIcon />
            Code {appliedCode.toUpperCase()} applied: {appliedPercent}% off
          </p>
        ) : null}
      </div>
    </form>
  );
}
