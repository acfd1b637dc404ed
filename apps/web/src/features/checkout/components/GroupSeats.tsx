/**
 * "Buying several seats or for someone else?" (beyond the spec): a native
 * disclosure, closed by default like "Buying for a company?", so the
 * checkout a buyer of one seat sees stays the spec's. Open, it takes the
 * number of seats, each seat's attendee (or leaves the seat open for an
 * invite) and an accounts-payable address; the draft lives in the group
 * store, and whether the section is open decides whether a `group` is sent.
 */
import type { GroupSales } from '@wifi7/contract';
import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { Field, TextField } from '../../../components/Field';
import { controlStyles, fieldAria } from '../../../components/field-aria';
import type { GroupErrors } from '../lib/group-order';
import { seatRows, useGroupStore, type SeatDraft } from '../stores/group-store';
import { checkoutTexts } from '../texts';
import { OptionalDisclosure } from './FormParts';
import { Notice } from './Notice';

const texts = checkoutTexts.group;

export type GroupSalesState =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; settings: GroupSales };

interface GroupSeatsProps {
  settings: GroupSalesState;
  /** The most seats this order may have: the seller's limit, or the seats left if fewer. */
  maxSeats: number;
  /** Shown once the buyer has tried to pay with a draft the schema refuses. */
  errors: GroupErrors;
  /** Changes on each refused attempt to pay: focus goes to the first field in error. */
  attempt: number;
  /** The signed-in buyer, for "I attend": their address and the names of the billing form. */
  buyer: { email: string; firstName: string; lastName: string };
}

const toggleClass =
  'w-fit rounded text-sm font-semibold text-sky-800 underline decoration-sky-300 ' +
  'underline-offset-4 hover:text-sky-950 hover:decoration-sky-600';

export function GroupSeats({ settings, maxSeats, errors, attempt, buyer }: GroupSeatsProps) {
  const id = useId();
  const open = useGroupStore((state) => state.open);
  const draft = useGroupStore((state) => state.draft);
  const { setOpen, setSeats, updateSeat, setInvoiceEmail } = useGroupStore.getState();
  const bodyRef = useRef<HTMLDivElement>(null);

  // A refused attempt to pay puts the buyer on the first field to fix.
  useEffect(() => {
    if (attempt === 0) return;
    // Without the seller's settings there is no total to pay: their "Load again" then.
    bodyRef.current
      ?.querySelector<HTMLElement>('[aria-invalid="true"], [data-settings-retry]')
      ?.focus();
  }, [attempt]);

  const seatsId = `${id}-seats`;
  const stepTo = (seats: number) => setSeats(Math.min(Math.max(seats, 1), maxSeats));
  const typeSeats = (event: ChangeEvent<HTMLInputElement>) => {
    const seats = Number.parseInt(event.target.value, 10);
    if (Number.isInteger(seats) && seats >= 1) stepTo(seats);
  };
  const tiers = settings.status === 'ready' ? settings.settings.volumeTiers : [];

  return (
    <OptionalDisclosure title={texts.title} look="card" open={open} onToggle={setOpen}>
      <div
        ref={bodyRef}
        className="flex flex-col gap-5 border-t border-slate-200 px-5 pt-5 pb-6 sm:px-7"
      >
        <p className="text-sm text-slate-600">{texts.description}</p>

        <Field
          id={seatsId}
          label={texts.seats}
          hint={
            <>
              {texts.upTo(maxSeats)}
              {tiers.length > 0 && ` ${tiers.map(texts.tier).join(' · ')}.`}
            </>
          }
          error={errors.seats}
        >
          <div className="flex items-center gap-2">
            <StepButton label={texts.fewer} onClick={() => stepTo(draft.seats - 1)}>
              −
            </StepButton>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={maxSeats}
              value={draft.seats}
              onChange={typeSeats}
              {...fieldAria(seatsId, true, errors.seats)}
              className={`${controlStyles.buyer} w-20 text-center`}
            />
            <StepButton label={texts.more} onClick={() => stepTo(draft.seats + 1)}>
              +
            </StepButton>
          </div>
        </Field>

        {settings.status === 'loading' && (
          <p role="status" className="text-sm text-slate-600">
            {texts.settingsLoading}
          </p>
        )}
        {settings.status === 'failed' && (
          <Notice tone="error" role="alert">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{texts.settingsFailed}</span>
              <button
                type="button"
                data-settings-retry
                onClick={settings.retry}
                className="rounded font-semibold underline underline-offset-4"
              >
                {texts.settingsRetry}
              </button>
            </div>
          </Notice>
        )}

        {buyer.email && (
          <button
            type="button"
            className={toggleClass}
            onClick={() =>
              updateSeat(0, {
                firstName: buyer.firstName,
                lastName: buyer.lastName,
                email: buyer.email,
                leaveOpen: false,
              })
            }
          >
            {texts.iAttend}
          </button>
        )}

        <ol className="flex flex-col gap-4">
          {seatRows(draft).map((seat, index) => (
            <li key={index}>
              <SeatFields
                id={`${id}-seat-${index}`}
                number={index + 1}
                seat={seat}
                errors={errors}
                onChange={(change) => updateSeat(index, change)}
              />
            </li>
          ))}
        </ol>

        <TextField
          look="buyer"
          id={`${id}-invoice-email`}
          type="email"
          autoComplete="email"
          spellCheck={false}
          label={texts.invoiceEmail}
          hint={texts.invoiceEmailHint}
          error={errors.invoiceEmail}
          value={draft.invoiceEmail}
          onChange={(event) => setInvoiceEmail(event.target.value)}
        />
      </div>
    </OptionalDisclosure>
  );
}

function StepButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={
        'flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white ' +
        'text-xl font-semibold text-navy-950 hover:bg-slate-50 focus-visible:outline-3 ' +
        'focus-visible:outline-offset-2 focus-visible:outline-sky-600'
      }
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

interface SeatFieldsProps {
  id: string;
  number: number;
  seat: SeatDraft;
  errors: GroupErrors;
  onChange: (change: Partial<SeatDraft>) => void;
}

/** One seat: its attendee's name and address, or left open. Stacked on a phone. */
function SeatFields({ id, number, seat, errors, onChange }: SeatFieldsProps) {
  const error = (field: keyof SeatDraft) => errors[`attendees.${number - 1}.${field}`];
  const text = (field: 'firstName' | 'lastName' | 'email') => ({
    look: 'buyer' as const,
    id: `${id}-${field}`,
    error: error(field),
    value: seat[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.target.value }),
  });
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50/70 px-4 pt-2 pb-4">
      <legend className="px-1 text-sm font-semibold text-navy-950">{texts.seat(number)}</legend>
      <label className="flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={seat.leaveOpen}
          onChange={(event) => onChange({ leaveOpen: event.target.checked })}
          className="size-5 shrink-0 rounded border-slate-300 accent-navy-950"
        />
        {texts.leaveOpen}
      </label>
      {seat.leaveOpen ? (
        <p className="text-sm text-slate-600">{texts.openSeatNote}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={texts.firstName} autoComplete="off" required {...text('firstName')} />
          <TextField label={texts.lastName} autoComplete="off" required {...text('lastName')} />
          <TextField
            label={texts.email}
            type="email"
            autoComplete="off"
            spellCheck={false}
            required
            className="sm:col-span-2"
            {...text('email')}
          />
        </div>
      )}
    </fieldset>
  );
}
