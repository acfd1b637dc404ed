import { buyerPolicyTerms, type BuyerPolicy, type Currency } from '@wifi7/contract';
import { useId } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { Field, WithAffix } from '../../../components/Field';
import { fieldWiring } from '../../../components/field-wiring';
import { toast } from '../../../lib/toasts';
import { SellerPage } from '../shell/SellerPage';
import { Panel, QueryStatus } from '../ui/Panel';
import { sellerControl } from '../ui/styles';
import { SaveBar } from '../ui/SaveBar';
import { useZodForm } from '../ui/zod-form';
import { useBuyerPolicy, useSaveBuyerPolicy } from './api/buyer-policy';
import { policyFormSchema, policyFormValues, policyOf, type PolicyFormValues } from './policy-form';

/**
 * The buyer policy (/seller/buyer-policy): whether buyers may cancel a paid
 * order for a refund and move it to another batch themselves, until when,
 * and what is kept of a refund, with the terms as buyers will read them.
 * Orders placed from then on take the policy; placed ones keep theirs.
 */
export default function BuyerPolicyPage() {
  const policy = useBuyerPolicy();
  return (
    <SellerPage
      title="Buyer policy"
      description="What buyers may do with a paid order themselves. New orders take the policy when they are placed; orders already placed keep theirs."
    >
      <QueryStatus query={policy} loading="Loading the buyer policy…" />
      {policy.isSuccess && <PolicyForm saved={policy.data.policy} />}
    </SellerPage>
  );
}

function PolicyForm({ saved }: { saved: BuyerPolicy }) {
  const id = useId();
  const save = useSaveBuyerPolicy();
  const { register, handleSubmit, control, reset, errors, formState } = useZodForm(
    policyFormSchema,
    policyFormValues(saved),
  );
  const wire = fieldWiring(id, register, errors);
  const [refund, keep, move] = useWatch({ control, name: ['refund', 'keep', 'move'] });
  const busy = save.isPending;

  const onSubmit = handleSubmit((policy) =>
    save.mutate(policy, {
      onSuccess: (answer) => {
        // The form starts again from what was stored: nothing is left unsaved.
        reset(policyFormValues(answer.policy));
        toast.success('Buyer policy saved: orders placed from now on take it.');
      },
    }),
  );

  const refundChoice = wire('refund', 'Buyers may cancel a paid order for a refund');
  const refundDays = wire(
    'refundDays',
    'Until how many days before the first session',
    '0 means until the first session starts.',
  );
  const keepChoice = wire('keep', 'What you keep of a cancelled order');
  const percent = wire('keepPercent', 'Percent kept', 'Of what the buyer paid.');
  const usd = wire('keepUSD', 'Kept in US dollars', 'Never more than the buyer paid.');
  const inr = wire('keepINR', 'Kept in Indian rupees', 'Never more than the buyer paid.');
  const moveChoice = wire('move', 'Buyers may move to another open batch');
  const moveDays = wire(
    'moveDays',
    'Until how many days before the first session',
    'Only to an open batch of the same workshop with a free seat.',
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={busy}>
      <Panel
        title="Cancelling for a refund"
        description="An unpaid order may always be cancelled; this is about paid ones."
      >
        <WindowFields choice={refundChoice} days={refundDays} open={refund === 'until'} />
        {refund === 'until' && (
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            <Field {...keepChoice.frame}>
              <select {...keepChoice.control} className={sellerControl}>
                <option value="nothing">Nothing: the whole amount is refunded</option>
                <option value="percent">A percent of what was paid</option>
                <option value="fixed">A fixed amount (e.g. a booking fee)</option>
              </select>
            </Field>
            {keep === 'percent' && (
              <Field {...percent.frame}>
                <WithAffix text="%" side="end">
                  <input
                    {...percent.control}
                    inputMode="numeric"
                    autoComplete="off"
                    className={`${sellerControl} pr-8 tabular-nums`}
                  />
                </WithAffix>
              </Field>
            )}
            {keep === 'fixed' && (
              <div className="grid gap-4 sm:grid-cols-2 md:col-span-2">
                {[
                  { wired: usd, symbol: '$' },
                  { wired: inr, symbol: '₹' },
                ].map(({ wired, symbol }) => (
                  <Field key={wired.frame.id} {...wired.frame}>
                    <WithAffix text={symbol} side="start">
                      <input
                        {...wired.control}
                        inputMode="decimal"
                        autoComplete="off"
                        className={`${sellerControl} pl-7 tabular-nums`}
                      />
                    </WithAffix>
                  </Field>
                ))}
              </div>
            )}
          </div>
        )}
      </Panel>

      <Panel title="Moving to another batch">
        <WindowFields choice={moveChoice} days={moveDays} open={move === 'until'} />
      </Panel>

      <TermsPreview control={control} />

      <SaveBar
        error={save.error}
        errorTitle="The policy was not saved"
        dirty={formState.isDirty}
        busy={busy}
        onDiscard={() => {
          save.reset();
          reset(policyFormValues(saved));
        }}
        saveLabel="Save policy"
      />
    </form>
  );
}

type Wired = ReturnType<ReturnType<typeof fieldWiring>>;

/** Whether buyers may do a thing themselves and, if so, until how many days before the first session. */
function WindowFields({ choice, days, open }: { choice: Wired; days: Wired; open: boolean }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Field {...choice.frame}>
        <select {...choice.control} className={sellerControl}>
          <option value="off">No, they write to you</option>
          <option value="until">Yes, until some days before</option>
        </select>
      </Field>
      {open && (
        <Field {...days.frame}>
          <WithAffix text="days" side="end">
            <input
              {...days.control}
              inputMode="numeric"
              autoComplete="off"
              className={`${sellerControl} pr-14 tabular-nums`}
            />
          </WithAffix>
        </Field>
      )}
    </div>
  );
}

const CURRENCIES: { currency: Currency; who: string }[] = [
  { currency: 'USD', who: 'Buyers outside India (US dollars)' },
  { currency: 'INR', who: 'Buyers in India (rupees)' },
];

/** The terms as the checkout page and the confirmation e-mail will word them. */
function TermsPreview({ control }: { control: Control<PolicyFormValues, unknown, BuyerPolicy> }) {
  const values = useWatch({ control }) as PolicyFormValues;
  const policy = policyOf(values);
  const lists: { who: string | null; lines: string[] }[] = policy
    ? CURRENCIES.map(({ currency, who }) => ({ who, lines: buyerPolicyTerms(policy, currency) }))
    : [];
  // The words differ by currency only for a fixed amount: otherwise one list says it.
  const shown =
    lists.length === 2 && lists[0]!.lines.join('\n') === lists[1]!.lines.join('\n')
      ? [{ who: null, lines: lists[0]!.lines }]
      : lists;
  return (
    <Panel
      title="What buyers read"
      description="At checkout and in the confirmation e-mail, as placed under this policy."
    >
      <div aria-live="polite">
        {shown.length === 0 ? (
          <p className="text-sm text-slate-600">The terms show once every field above is right.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {shown.map(({ who, lines }) => (
              <div key={who ?? 'every buyer'} className={who ? '' : 'md:col-span-2'}>
                {who && <p className="mb-1 text-sm font-medium text-navy-900">{who}</p>}
                <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-navy-800">
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </div>
    </Panel>
  );
}
