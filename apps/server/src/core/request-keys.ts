/**
 * A seller's request keys and the answers they got. A repeat of a request
 * (a double click, a retried call) is answered from here; the key is
 * stored in the transaction of the action, and two requests with one key
 * at once are settled by the table's unique key, not by whoever looks first.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../lib/http-error';

export interface KeyedRequest {
  scope: 'order-action' | 'waitlist-remove';
  key: string;
  /** What the request does, e.g. order.refund: with the target, what a key stands for. */
  action: string;
  targetId: string;
}

export interface StoredAnswer {
  message: string;
  /** The status of an action that ended refused: its repeats are refused alike. */
  refusedWith?: number;
}

/** Another request with this key answered first: the caller answers from the store. */
export class RequestAnsweredMeanwhile extends Error {}

const requestHash = (request: KeyedRequest) =>
  createHash('sha256').update(`${request.action}\n${request.targetId}`).digest('hex');

const keyOf = (request: KeyedRequest) =>
  and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key));

/** The answer an earlier request with this key got, if any. */
export async function storedAnswer(
  db: Db,
  request: KeyedRequest,
): Promise<StoredAnswer | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(keyOf(request));
  if (!row) return undefined;
  if (row.requestHash !== requestHash(request))
    throw new HttpError(409, 'This request key was used for another request.');
  return row.answer;
}

/** Stores the request's answer with the audit entry that records it, in the action's transaction. */
export async function storeAnswer(
  db: Db,
  request: KeyedRequest & { actorEmail: string },
  answer: StoredAnswer,
  auditId: number,
): Promise<void> {
  const stored = await db
    .insert(idempotencyKeys)
    .values({
      scope: request.scope,
      key: request.key,
      actorEmail: request.actorEmail,
      targetId: request.targetId,
      requestHash: requestHash(request),
      answer,
      auditId,
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (stored.length === 0) throw new RequestAnsweredMeanwhile();
}

/** Replaces the answer once the outcome is known; answers the audit entry that records it. */
export async function updateAnswer(
  db: Db,
  request: KeyedRequest,
  answer: StoredAnswer,
): Promise<number | null | undefined> {
  const [row] = await db
    .update(idempotencyKeys)
    .set({ answer })
    .where(keyOf(request))
    .returning({ auditId: idempotencyKeys.auditId });
  return row?.auditId;
}
