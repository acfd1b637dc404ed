/**
 * What the courses portal has received: the accepted hand-offs (each id
 * once) and a record of every attempt, accepted or not, so tests can see
 * retries, rejections and injected faults.
 */
import type { FaultMode } from '../faults';
import type { Handoff } from './handoff';

const MAX_KEPT = 5000;
/** Raw bodies are kept for inspection up to this many characters. */
const MAX_BODY_CHARS = 64 * 1024;

export function bodyText(raw: Buffer | undefined): string | null {
  return raw ? raw.toString('utf8').slice(0, MAX_BODY_CHARS) : null;
}

export interface Enrollment extends Handoff {
  receivedAt: string;
}

export type AttemptOutcome = 'pending' | 'accepted' | 'duplicate' | 'rejected' | 'fault';

export interface PortalRequest {
  seq: number;
  receivedAt: string;
  method: string;
  path: string;
  headers: {
    contentType: string | null;
    handoffId: string | null;
    timestamp: string | null;
    signature: string | null;
  };
  /** The raw body as text, as it arrived. */
  body: string | null;
  statusCode: number | null;
  /** `fault` when an injected fault answered (500) or dropped the connection. */
  outcome: AttemptOutcome;
  /** Why it was refused. */
  error: string | null;
  /** The fault injected into this attempt (a slowed one, or one whose answer was lost, may still be accepted). */
  fault: FaultMode | null;
}

export class PortalState {
  private readonly enrollments: Enrollment[] = [];
  private readonly ids = new Set<string>();
  private readonly requests: PortalRequest[] = [];
  private seq = 0;

  /** Stores a hand-off unless its id was seen; false for a duplicate. */
  accept(handoff: Handoff, receivedAt: string): boolean {
    if (this.ids.has(handoff.id)) return false;
    this.ids.add(handoff.id);
    this.enrollments.push({ ...handoff, receivedAt });
    return true;
  }

  /** Oldest first; one student's only when `email` is given (any case). */
  list(email?: string): Enrollment[] {
    const wanted = email?.trim().toLowerCase();
    return this.enrollments
      .filter((enrollment) => !wanted || enrollment.student.email.toLowerCase() === wanted)
      .map((enrollment) => structuredClone(enrollment));
  }

  startRequest(
    entry: Omit<PortalRequest, 'seq' | 'statusCode' | 'outcome' | 'error' | 'fault' | 'body'>,
  ): PortalRequest {
    const request: PortalRequest = {
      ...entry,
      seq: (this.seq += 1),
      body: null,
      statusCode: null,
      outcome: 'pending',
      error: null,
      fault: null,
    };
    this.requests.push(request);
    if (this.requests.length > MAX_KEPT) this.requests.shift();
    return request;
  }

  listRequests(): PortalRequest[] {
    return this.requests.map((request) => ({ ...request, headers: { ...request.headers } }));
  }

  clearRequests(): void {
    this.requests.length = 0;
  }

  clear(): void {
    this.enrollments.length = 0;
    this.ids.clear();
    this.clearRequests();
  }
}
