/**
 * The "Change attendee" form's values and their validation: a person is
 * checked with the contract's own `attendeeSchema`, so the form refuses
 * exactly what the server would; an open seat needs nothing more.
 */
import { attendeeSchema, type Attendee } from '@wifi7/contract';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';

export interface SeatAttendeeValues {
  holder: 'person' | 'open';
  firstName: string;
  lastName: string;
  email: string;
}

/** What a valid form asks for: a person for the seat, or null to leave it open. */
export interface SeatAttendeeChoice {
  attendee: Attendee | null;
}

const personFields = ['firstName', 'lastName', 'email'] as const;
type PersonField = (typeof personFields)[number];
const isPersonField = (name: unknown): name is PersonField =>
  personFields.includes(name as PersonField);

/** The form's first values: the seat's holder, to correct or replace, or blank for an open seat. */
export function seatAttendeeDefaults(attendee: Attendee | null): SeatAttendeeValues {
  return {
    holder: 'person',
    firstName: attendee?.firstName ?? '',
    lastName: attendee?.lastName ?? '',
    email: attendee?.email ?? '',
  };
}

export const seatAttendeeResolver: Resolver<SeatAttendeeValues, unknown, SeatAttendeeChoice> = (
  values,
): ResolverResult<SeatAttendeeValues, SeatAttendeeChoice> => {
  if (values.holder === 'open') return { values: { attendee: null }, errors: {} };
  const result = attendeeSchema.safeParse({
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
  });
  if (result.success) return { values: { attendee: result.data }, errors: {} };
  const errors: FieldErrors<SeatAttendeeValues> = {};
  for (const issue of result.error.issues) {
    const [field] = issue.path;
    if (!isPersonField(field) || errors[field]) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
