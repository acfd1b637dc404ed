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
  SESSIONS_PER_BATCH,
  type BatchStatus,
  type SellerBatch,
  type SellerBatchCreateRequest,
  type SellerBatchUpdateRequest,
} from '@wifi7/contract';
import { z } from 'zod';

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

function wholeNumber(label: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, `${label} must be a whole number.`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${label} must be from ${min} to ${max}.`);
}

/** The form's schema; its output is the request (create adds the id and workshop). */
export function batchFormSchema(mode: BatchFormMode) {
  return z
    .object({
      id:
        mode === 'create'
          ? z
              .string()
              .trim()
              .regex(CATALOG_ID_PATTERN, 'Give an id of 1 to 64 letters, digits, . _ or -.')
          : z.string(),
      workshopSku: mode === 'create' ? z.string().min(1, 'Choose a workshop.') : z.string(),
      region: regionSchema,
      seatCapacity: wholeNumber('Seats', 0, MAX_SEAT_CAPACITY),
      sessionMinutes: wholeNumber('Session length', MIN_SESSION_MINUTES, MAX_SESSION_MINUTES),
      status: z.enum(['open', 'closed']),
      sessions: z.array(z.object({ start: z.string() })),
    })
    .superRefine((values, ctx) => {
      const starts = values.sessions.map((session) => session.start);
      for (const problem of findSessionProblems(starts, values.sessionMinutes)) {
        ctx.addIssue({
          code: 'custom',
          path: problem.index === null ? ['sessions'] : ['sessions', problem.index, 'start'],
          message: problem.message,
        });
      }
    })
    .transform((values) => ({
      id: values.id,
      workshopSku: values.workshopSku,
      region: values.region,
      sessionStarts: values.sessions.map((session) => session.start),
      sessionMinutes: values.sessionMinutes,
      seatCapacity: values.seatCapacity,
      status: values.status,
    }));
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
