/**
 * The batch form's values (text, as inputs hold them) and the request they
 * make. Validation uses the contract's own rules for sessions, region,
 * seats and ids, so the browser refuses what the server would, with the
 * message next to the field at fault.
 */
import {
  CATALOG_ID_PATTERN,
  composeBatchDescription,
  DEFAULT_SESSION_MINUTES,
  findSessionProblems,
  MAX_SEAT_CAPACITY,
  MAX_SESSION_MINUTES,
  MIN_SESSION_MINUTES,
  regionSchema,
  sessionDate,
  SESSIONS_PER_BATCH,
  WEEKDAYS,
  type BatchStatus,
  type SellerBatch,
  type SellerBatchCreateRequest,
  type SellerBatchUpdateRequest,
  type WeeklySchedule,
  type Weekday,
} from '@wifi7/contract';
import { z } from 'zod/mini';

export interface BatchFormValues {
  id: string;
  workshopSku: string;
  region: string;
  seatCapacity: string;
  sessionMinutes: string;
  status: BatchStatus;
  /** Objects, as react-hook-form's field arrays want them. */
  sessions: { start: string }[];
}

export type BatchFormMode = 'create' | 'edit';

/** The text of a whole number from `min` to `max`, as that number. */
export function wholeNumberText(min: number, max: number, notWhole: string, outOfRange = notWhole) {
  return z
    .pipe(z.string().check(z.trim(), z.regex(/^\d+$/, notWhole)), z.transform(Number))
    .check(z.refine((value: number) => value >= min && value <= max, outOfRange));
}

const wholeNumber = (label: string, min: number, max: number) =>
  wholeNumberText(
    min,
    max,
    `${label} must be a whole number.`,
    `${label} must be from ${min} to ${max}.`,
  );

/** The form's schema; its output is the request (create adds the id and workshop). */
export function batchFormSchema(mode: BatchFormMode) {
  const fields = z
    .object({
      id:
        mode === 'create'
          ? z
              .string()
              .check(
                z.trim(),
                z.regex(CATALOG_ID_PATTERN, 'Give an id of 1 to 64 letters, digits, . _ or -.'),
              )
          : z.string(),
      workshopSku:
        mode === 'create' ? z.string().check(z.minLength(1, 'Choose a workshop.')) : z.string(),
      region: regionSchema,
      seatCapacity: wholeNumber('Seats', 0, MAX_SEAT_CAPACITY),
      sessionMinutes: wholeNumber('Session length', MIN_SESSION_MINUTES, MAX_SESSION_MINUTES),
      status: z.enum(['open', 'closed']),
      sessions: z.array(z.object({ start: z.string() })),
    })
    .check(
      z.superRefine((values, ctx) => {
        const starts = values.sessions.map((session) => session.start);
        for (const problem of findSessionProblems(starts, values.sessionMinutes)) {
          ctx.addIssue({
            code: 'custom',
            path: problem.index === null ? ['sessions'] : ['sessions', problem.index, 'start'],
            message: problem.message,
          });
        }
      }),
    );
  return z.pipe(
    fields,
    z.transform((values: z.output<typeof fields>) => ({
      id: values.id,
      workshopSku: values.workshopSku,
      region: values.region,
      sessionStarts: values.sessions.map((session) => session.start),
      sessionMinutes: values.sessionMinutes,
      seatCapacity: values.seatCapacity,
      status: values.status,
    })),
  );
}

export type BatchFormOutput = z.output<ReturnType<typeof batchFormSchema>>;

export function updateRequestOf(output: BatchFormOutput): SellerBatchUpdateRequest {
  const { id: _id, workshopSku: _workshop, ...changes } = output;
  return changes;
}

export function createRequestOf(output: BatchFormOutput): SellerBatchCreateRequest {
  return output;
}

/** The form filled from a batch, or blank (15 empty sessions) for a new one. */
export function batchFormValues(batch?: SellerBatch, workshopSku = ''): BatchFormValues {
  const starts = batch?.sessionStarts ?? [];
  return {
    id: batch?.id ?? '',
    workshopSku: batch?.workshopSku ?? workshopSku,
    region: batch?.region ?? '',
    seatCapacity: String(batch?.seatCapacity ?? 40),
    sessionMinutes: String(batch?.sessionMinutes ?? DEFAULT_SESSION_MINUTES),
    status: batch?.status ?? 'open',
    sessions: Array.from({ length: Math.max(SESSIONS_PER_BATCH, starts.length) }, (_, index) => ({
      start: starts[index] ?? '',
    })),
  };
}

/** What the workshop page will show for the form as it stands, or null until the sessions fit. */
export function previewDescription(values: BatchFormValues): string | null {
  const minutes = Number(values.sessionMinutes);
  const starts = values.sessions.map((session) => session.start);
  if (!Number.isInteger(minutes) || findSessionProblems(starts, minutes).length > 0) return null;
  return composeBatchDescription(values.region, starts, minutes) ?? null;
}

/** The weekly schedule filler's fields. */
export type ScheduleDraft = Omit<WeeklySchedule, 'count' | 'weekdays'> & { weekdays: Weekday[] };

/** Where the weekly schedule filler starts for a batch without sessions: Tue & Thu, 9 AM. */
const USUAL_SCHEDULE = { startsOn: '', weekdays: ['Tue', 'Thu'], startTime: '09:00' } as const;
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

function weekdayOfDate(date: string): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/**
 * The weekly schedule a batch's sessions follow (its first day, the
 * weekdays they fall on, the first session's start time), so refilling
 * them starts from what the batch has rather than from a stranger's week.
 */
export function weeklyScheduleOf(sessionStarts: readonly string[]): ScheduleDraft {
  const starts = sessionStarts.filter((start) => WALL_CLOCK.test(start)).sort();
  const first = starts[0];
  if (!first) return { ...USUAL_SCHEDULE, weekdays: [...USUAL_SCHEDULE.weekdays] };
  const days = new Set(starts.map((start) => weekdayOfDate(sessionDate(start))));
  return {
    startsOn: sessionDate(first),
    weekdays: WEEKDAYS.filter((day) => days.has(day)),
    startTime: first.slice(11, 16),
  };
}
