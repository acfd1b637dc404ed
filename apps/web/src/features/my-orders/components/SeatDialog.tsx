/**
 * "Change attendee" of one seat: a person (first and last name, e-mail),
 * or the seat left open with a new invite link. The fields are checked
 * with the contract's attendee schema before anything is sent.
 */
import type { Attendee, OrderSeat } from '@wifi7/contract';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TextField } from '../../../components/Field';
import {
  seatAttendeeDefaults,
  seatAttendeeResolver,
  type SeatAttendeeChoice,
  type SeatAttendeeValues,
} from '../lib/seat-attendee-form';
import { myOrdersTexts } from '../texts';
import { ActionDialog } from './ActionDialog';

const texts = myOrdersTexts.dialogs;

export function SeatDialog({
  seat,
  busy,
  problem,
  onSave,
  onClose,
}: {
  seat: OrderSeat;
  busy: boolean;
  problem: string | null;
  onSave: (attendee: Attendee | null) => void;
  onClose: () => void;
}) {
  const id = useId();
  const fieldId = (name: keyof SeatAttendeeValues) => `${id}-${name}`;
  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<SeatAttendeeValues, unknown, SeatAttendeeChoice>({
    resolver: seatAttendeeResolver,
    // Errors are checked on saving and cleared by editing, as on the checkout forms.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: seatAttendeeDefaults(seat.attendee),
  });
  const holder = useWatch({ control, name: 'holder' });
  const text = (name: 'firstName' | 'lastName' | 'email') => ({
    id: fieldId(name),
    error: errors[name]?.message,
    ...register(name, { onChange: () => clearErrors(name) }),
  });
  const current = seat.attendee ? `${seat.attendee.firstName} ${seat.attendee.lastName}` : null;

  return (
    <ActionDialog
      title={texts.seatTitle(seat.number)}
      description={texts.seatBody(current)}
      confirmLabel={texts.seatConfirm}
      dismissLabel={texts.seatKeep}
      busy={busy}
      problem={problem}
      onConfirm={() => void handleSubmit(({ attendee }) => onSave(attendee))()}
      onClose={onClose}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-navy-950">{texts.seatLegend}</legend>
        {(
          [
            ['person', texts.seatPerson],
            ['open', texts.seatOpen],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-sky-500 has-checked:bg-sky-50"
          >
            <input
              type="radio"
              value={value}
              className="mt-1 size-4 accent-sky-600"
              {...register('holder')}
            />
            <span className="text-sm text-pretty text-navy-950">{label}</span>
          </label>
        ))}
      </fieldset>
      {holder === 'person' && (
        <div className="flex flex-col gap-4">
          <TextField
            look="buyer"
            label={texts.firstName}
            autoComplete="off"
            required
            {...text('firstName')}
          />
          <TextField
            look="buyer"
            label={texts.lastName}
            autoComplete="off"
            required
            {...text('lastName')}
          />
          <TextField
            look="buyer"
            label={texts.email}
            hint={texts.emailHint}
            type="email"
            autoComplete="off"
            spellCheck={false}
            required
            {...text('email')}
          />
        </div>
      )}
    </ActionDialog>
  );
}
