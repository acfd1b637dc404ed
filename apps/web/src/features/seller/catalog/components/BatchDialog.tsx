import {
  describeSession,
  expandWeeklySchedule,
  WEEKDAYS,
  type SellerBatch,
  type SellerWorkshop,
  type Weekday,
} from '@wifi7/contract';
import { useId, useMemo, useState } from 'react';
import { useFieldArray, useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { FormDialog } from '../../ui/FormDialog';
import { Field } from '../../../../components/Field';
import { fieldAria } from '../../../../components/field-aria';
import { fieldWiring } from '../../../../components/field-wiring';
import { sellerButton, sellerControl } from '../../ui/styles';
import { dialogMutation } from '../../ui/mutation-state';
import { useSaveBatch } from '../api/batches';
import {
  batchFormSchema,
  batchFormValues,
  createRequestOf,
  previewDescription,
  weeklyScheduleOf,
  type BatchFormMode,
  type BatchFormOutput,
  type BatchFormValues,
  type ScheduleDraft,
  updateRequestOf,
} from '../batch-form';
import { WorkshopOptions } from './WorkshopOptions';
import { useZodForm } from '../../ui/zod-form';

interface BatchDialogProps {
  /** The batch to edit; a new one when absent. */
  batch?: SellerBatch;
  workshops: SellerWorkshop[];
  onClose: () => void;
}

/**
 * Creates or edits a batch: its region, seats, session length, whether it
 * is open, and its 15 sessions in Pacific Time, which a weekly schedule can
 * fill. The description buyers see follows from these and is previewed.
 */
export function BatchDialog({ batch, workshops, onClose }: BatchDialogProps) {
  const mode: BatchFormMode = batch ? 'edit' : 'create';
  const id = useId();
  const { send, ...state } = dialogMutation(useSaveBatch(), onClose);
  const schema = useMemo(() => batchFormSchema(mode), [mode]);
  const { register, handleSubmit, control, setValue, errors } = useZodForm(
    schema,
    batchFormValues(batch, workshops[0]?.sku),
  );
  const { fields } = useFieldArray({ control, name: 'sessions' });
  const fieldId = (name: string) => `${id}-${name}`;
  const wire = fieldWiring(id, register, errors);
  const taken = batch?.seats.taken ?? 0;
  const batchId = wire(
    'id',
    'Batch id',
    'Letters, digits, . _ or -, e.g. WIFI7-2027-06-PM. It cannot change later.',
  );
  const workshop = wire('workshopSku', 'Workshop');
  const region = wire('region', 'Region', 'Shown in brackets after the dates, e.g. Americas.');
  const status = wire('status', 'Registration');
  const seats = wire(
    'seatCapacity',
    'Seats',
    taken > 0
      ? `At least ${taken}: seats already sold or held.`
      : 'How many people the batch takes.',
  );
  const minutes = wire('sessionMinutes', 'Session length (minutes)');

  const fillSessions = (starts: string[]) =>
    starts.forEach((start, index) =>
      setValue(`sessions.${index}.start`, start, { shouldDirty: true, shouldValidate: false }),
    );

  return (
    <FormDialog
      title={batch ? `Edit batch ${batch.id}` : 'New batch'}
      description={batch ? batch.workshopName : 'A new cohort of a workshop, with its 15 sessions.'}
      onClose={onClose}
      wide
      submitLabel={batch ? 'Save batch' : 'Create batch'}
      {...state}
      onSubmit={handleSubmit((output) =>
        send(
          batch
            ? { batchId: batch.id, update: updateRequestOf(output) }
            : { create: createRequestOf(output) },
          (saved) => (batch ? `Saved ${saved.id}.` : `Created ${saved.id}.`),
        ),
      )}
      bodyClassName="flex flex-col gap-6"
    >
      {mode === 'create' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field {...batchId.frame}>
            <input
              {...batchId.control}
              className={`${sellerControl} font-mono`}
              autoComplete="off"
            />
          </Field>
          <Field {...workshop.frame}>
            <select {...workshop.control} className={sellerControl}>
              <WorkshopOptions workshops={workshops} />
            </select>
          </Field>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...region.frame}>
          <input {...region.control} className={sellerControl} />
        </Field>
        <Field {...status.frame}>
          <select {...status.control} className={sellerControl}>
            <option value="open">Open: buyers can choose it</option>
            <option value="closed">Closed: not offered</option>
          </select>
        </Field>
        {[seats, minutes].map(({ frame, control }) => (
          <Field key={frame.id} {...frame}>
            <input {...control} inputMode="numeric" className={sellerControl} />
          </Field>
        ))}
      </div>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="text-base font-semibold text-navy-950">
          Sessions <span className="font-normal text-slate-600">(Pacific Time)</span>
        </legend>
        <ScheduleFiller
          onFill={fillSessions}
          startOpen={!batch?.sessionStarts.length}
          initial={weeklyScheduleOf(batch?.sessionStarts ?? [])}
        />
        {errors.sessions?.root?.message || errors.sessions?.message ? (
          <p className="text-sm text-red-700" role="alert">
            {errors.sessions.root?.message ?? errors.sessions.message}
          </p>
        ) : null}
        <ol className="grid gap-x-6 gap-y-3 md:grid-cols-2">
          {fields.map((field, index) => (
            <SessionRow
              key={field.id}
              id={fieldId(`session-${index}`)}
              index={index}
              control={control}
              error={errors.sessions?.[index]?.start?.message}
              registration={register(`sessions.${index}.start`)}
            />
          ))}
        </ol>
      </fieldset>

      <Preview control={control} />
    </FormDialog>
  );
}

function SessionRow({
  id,
  index,
  control,
  error,
  registration,
}: {
  id: string;
  index: number;
  control: Control<BatchFormValues, unknown, BatchFormOutput>;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const start = useWatch({ control, name: `sessions.${index}.start` });
  const readable = start ? describeSession(start) : null;
  return (
    <li className="flex flex-col gap-1">
      {/* On a phone the label sits above: a date-time input needs the whole width. */}
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <label htmlFor={id} className="shrink-0 text-sm font-medium text-navy-900 sm:w-18">
          Session {index + 1}
        </label>
        <input
          type="datetime-local"
          {...registration}
          {...fieldAria(id, Boolean(readable), error)}
          className={`${sellerControl} min-w-0 tabular-nums`}
        />
      </div>
      {readable && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 sm:pl-21">
          {readable.day}, {readable.time} PT
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700 sm:pl-21">
          {error}
        </p>
      )}
    </li>
  );
}

/** "Buyers will see …": the description the batch will have. */
function Preview({ control }: { control: Control<BatchFormValues, unknown, BatchFormOutput> }) {
  const values = useWatch({ control }) as BatchFormValues;
  const description = previewDescription(values);
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-200 ring-inset">
      <p className="font-medium text-navy-900">The workshop page will show</p>
      <p className="mt-1 text-navy-800" aria-live="polite">
        {description ?? 'The dates and timing, once the 15 sessions are set.'}
      </p>
    </div>
  );
}

/** Fills the 15 sessions from a first day, weekdays and a start time (at first, the batch's own). */
function ScheduleFiller({
  onFill,
  startOpen,
  initial,
}: {
  onFill: (starts: string[]) => void;
  startOpen: boolean;
  initial: ScheduleDraft;
}) {
  const id = useId();
  const [startsOn, setStartsOn] = useState(initial.startsOn);
  const [weekdays, setWeekdays] = useState<Weekday[]>(initial.weekdays);
  const [startTime, setStartTime] = useState(initial.startTime);
  const [problem, setProblem] = useState<string | null>(null);

  const fill = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(startsOn)) return setProblem('Choose the first day.');
    if (weekdays.length === 0) return setProblem('Choose at least one weekday.');
    if (!/^\d{2}:\d{2}$/.test(startTime)) return setProblem('Choose the start time.');
    setProblem(null);
    onFill(expandWeeklySchedule({ startsOn, weekdays, startTime }));
  };
  const toggle = (day: Weekday) =>
    setWeekdays((current) =>
      current.includes(day) ? current.filter((each) => each !== day) : [...current, day],
    );

  return (
    <details
      open={startOpen}
      className="rounded-lg border border-sky-200 bg-sky-50/60 px-4 py-3 text-sm"
    >
      <summary className="cursor-pointer rounded font-medium text-navy-900">
        Fill the sessions from a weekly schedule
      </summary>
      <div className="mt-3 flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${id}-from`} label="First day">
            <input
              id={`${id}-from`}
              type="date"
              value={startsOn}
              onChange={(event) => setStartsOn(event.target.value)}
              className={sellerControl}
            />
          </Field>
          <Field id={`${id}-at`} label="Start time (Pacific Time)">
            <input
              id={`${id}-at`}
              type="time"
              value={startTime}
              onChange={(event) => setStartTime(event.target.value)}
              className={sellerControl}
            />
          </Field>
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-navy-900">Weekdays</legend>
          <div className="flex flex-wrap gap-1.5">
            {WEEKDAYS.map((day) => (
              <label
                key={day}
                className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 has-checked:border-navy-900 has-checked:bg-navy-950 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-sky-500"
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={weekdays.includes(day)}
                  onChange={() => toggle(day)}
                />
                {day}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={sellerButton.secondary} onClick={fill}>
            Fill the 15 sessions
          </button>
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
        </div>
      </div>
    </details>
  );
}
