import { SEATS_PER_ORDER_LIMIT, type GroupSales } from '@wifi7/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { Field, WithAffix } from '../../../components/Field';
import { fieldWiring } from '../../../components/field-wiring';
import { toast } from '../../../lib/toasts';
import { SellerPage } from '../shell/SellerPage';
import { Panel, QueryStatus } from '../ui/Panel';
import { sellerButton, sellerControl } from '../ui/styles';
import { SaveBar } from '../ui/SaveBar';
import { useZodForm } from '../ui/zod-form';
import { useGroupSales, useSaveGroupSales } from './api/group-sales';
import {
  groupSalesFormSchema,
  groupSalesFormValues,
  groupSalesOf,
  MAX_TIERS,
  tiersSentence,
  type GroupSalesFormValues,
} from './group-sales-form';

/**
 * Company purchases (/seller/company-purchases): the most seats one order
 * may have, volume discounts by the number of seats, and until when a
 * buyer may change who holds a seat, with the discounts in one sentence as
 * they stand in the form. Checkouts from then on use them.
 */
export default function GroupSalesPage() {
  const settings = useGroupSales();
  return (
    <SellerPage
      title="Company purchases"
      description="Orders of several seats of one batch, with an attendee named for each. Checkouts from now on use these settings; orders already placed keep their price."
    >
      <QueryStatus query={settings} loading="Loading the company purchase settings…" />
      {settings.isSuccess && <GroupSalesForm saved={settings.data.settings} />}
    </SellerPage>
  );
}

function GroupSalesForm({ saved }: { saved: GroupSales }) {
  const id = useId();
  const save = useSaveGroupSales();
  const { register, handleSubmit, control, reset, errors, formState } = useZodForm(
    groupSalesFormSchema,
    groupSalesFormValues(saved),
  );
  const tiers = useFieldArray({ control, name: 'volumeTiers' });
  const wire = fieldWiring(id, register, errors);
  const busy = save.isPending;
  // A removed row's button goes with it: the focus moves to "Add", once it is enabled again.
  const addButton = useRef<HTMLButtonElement>(null);
  const [removals, setRemovals] = useState(0);
  useEffect(() => {
    if (removals > 0) addButton.current?.focus();
  }, [removals]);

  const onSubmit = handleSubmit((settings) =>
    save.mutate(settings, {
      onSuccess: (answer) => {
        // The form starts again from what was stored: nothing is left unsaved.
        reset(groupSalesFormValues(answer.settings));
        toast.success('Company purchase settings saved: checkouts from now on use them.');
      },
    }),
  );

  const maxSeats = wire(
    'maxSeatsPerOrder',
    'Most seats in one order',
    `From 1 to ${SEATS_PER_ORDER_LIMIT}, and never more than a batch has free.`,
  );
  const namesUntil = wire(
    'namesUntilDaysBefore',
    'Attendees can be changed until',
    'Days before the batch’s first session; 0 means until it starts.',
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={busy}>
      <Panel title="Seats and names">
        <div className="grid gap-4 md:grid-cols-2">
          <Field {...maxSeats.frame}>
            <WithAffix text="seats" side="end">
              <input
                {...maxSeats.control}
                inputMode="numeric"
                autoComplete="off"
                className={`${sellerControl} pr-16 tabular-nums`}
              />
            </WithAffix>
          </Field>
          <Field {...namesUntil.frame}>
            <WithAffix text="days before" side="end">
              <input
                {...namesUntil.control}
                inputMode="numeric"
                autoComplete="off"
                className={`${sellerControl} pr-28 tabular-nums`}
              />
            </WithAffix>
          </Field>
        </div>
      </Panel>

      <Panel
        title="Volume discounts"
        description="Off the whole order (after a discount code), by how many seats it has. Each needs more seats and a larger percent than the one before."
      >
        <div className="flex flex-col gap-4">
          {tiers.fields.length === 0 && (
            <p className="text-sm text-slate-600">No volume discount: every seat costs the same.</p>
          )}
          <ol className="flex flex-col gap-3">
            {tiers.fields.map((field, index) => (
              <TierRow
                key={field.id}
                index={index}
                wire={wire}
                rowError={errors.volumeTiers?.[index]?.message}
                onRemove={() => {
                  tiers.remove(index);
                  setRemovals((count) => count + 1);
                }}
              />
            ))}
          </ol>
          <div className="flex flex-wrap items-center gap-3">
            <button
              ref={addButton}
              type="button"
              className={sellerButton.secondary}
              disabled={tiers.fields.length >= MAX_TIERS}
              onClick={() => {
                const last = tiers.fields.length;
                tiers.append(
                  { minSeats: '', percent: '' },
                  { focusName: `volumeTiers.${last}.minSeats` },
                );
              }}
            >
              Add a volume discount
            </button>
            {tiers.fields.length >= MAX_TIERS && (
              <p className="text-sm text-slate-600">{`Up to ${MAX_TIERS} volume discounts.`}</p>
            )}
          </div>
        </div>
      </Panel>

      <TiersPreview control={control} />

      <SaveBar
        error={save.error}
        errorTitle="The settings were not saved"
        dirty={formState.isDirty}
        busy={busy}
        onDiscard={() => {
          save.reset();
          reset(groupSalesFormValues(saved));
        }}
        saveLabel="Save settings"
      />
    </form>
  );
}

type Wire = ReturnType<typeof fieldWiring<GroupSalesFormValues>>;

/** One volume discount: from how many seats, how many percent off; its own error under it. */
function TierRow({
  index,
  wire,
  rowError,
  onRemove,
}: {
  index: number;
  wire: Wire;
  /** What is wrong with the row as a whole (it does not rise above the one before). */
  rowError: string | undefined;
  onRemove: () => void;
}) {
  const rowErrorId = useId();
  const number = index + 1;
  const minSeats = wire(`volumeTiers.${index}.minSeats`, `Discount ${number}: from seats`);
  const percent = wire(`volumeTiers.${index}.percent`, `Discount ${number}: percent off`);
  // The row's error describes both of its fields, after their own.
  const described = (own: string | undefined) =>
    [own, rowError ? rowErrorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-slate-200 p-3">
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-3">
        <Field {...minSeats.frame}>
          <WithAffix text="+ seats" side="end">
            <input
              {...minSeats.control}
              aria-describedby={described(minSeats.control['aria-describedby'])}
              aria-invalid={minSeats.control['aria-invalid'] ?? (rowError ? true : undefined)}
              inputMode="numeric"
              autoComplete="off"
              className={`${sellerControl} pr-16 tabular-nums`}
            />
          </WithAffix>
        </Field>
        <Field {...percent.frame}>
          <WithAffix text="% off" side="end">
            <input
              {...percent.control}
              aria-describedby={described(percent.control['aria-describedby'])}
              aria-invalid={percent.control['aria-invalid'] ?? (rowError ? true : undefined)}
              inputMode="numeric"
              autoComplete="off"
              className={`${sellerControl} pr-14 tabular-nums`}
            />
          </WithAffix>
        </Field>
        <button type="button" className={sellerButton.iconDanger} onClick={onRemove}>
          <span aria-hidden="true">×</span>
          <span className="sr-only">{`Remove discount ${number}`}</span>
        </button>
      </div>
      {rowError && (
        <p id={rowErrorId} className="text-sm text-red-700">
          {rowError}
        </p>
      )}
    </li>
  );
}

/** The discounts in one sentence, as they stand in the form. */
function TiersPreview({
  control,
}: {
  control: Control<GroupSalesFormValues, unknown, GroupSales>;
}) {
  const values = useWatch({ control }) as GroupSalesFormValues;
  const settings = groupSalesOf(values);
  return (
    <Panel title="Preview" description="The volume discounts as buyers get them.">
      <p aria-live="polite" className="text-sm text-navy-900">
        {settings
          ? tiersSentence(settings.volumeTiers)
          : 'The preview shows once every field above is right.'}
      </p>
    </Panel>
  );
}
