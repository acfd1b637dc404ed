/**
 * Calls to payment providers: a time-out on every request, bounded retries
 * with backoff for failures that may pass (network errors, time-outs, 429
 * and 5xx), none for a refusal (other 4xx), and every answer parsed with a
 * zod schema of the provider's wire format. Failures become one of three
 * typed errors, so callers decide on kinds, not on status codes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry, { AbortError } from 'p-retry';
import type { z } from 'zod';

export type ProviderName = 'paypal' | 'zoho-books' | 'zoho-payments' | 'zoho-accounts';

/** The provider could not be reached, timed out, or failed on its side. Worth retrying later. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly status?: number,
    /**
     * True when the provider certainly did not act: its own answer said it
     * failed (429, 5xx), or the request never reached it (connection refused,
     * no such host).
     */
    readonly providerDidNotAct = false,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderUnavailableError';
  }

  /** How long the provider asked us to wait (its Retry-After), when it said. */
  retryAfterMs?: number;
}

/** The provider answered, and refused the request (4xx). Retrying the same request will not help. */
export class ProviderRejectedError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly status: number,
    /** The provider's own error code (PayPal `name`/`issue`, Zoho `code`). */
    readonly code: string,
    message: string,
    readonly debugId?: string,
  ) {
    super(`${provider}: ${status} ${code}: ${message}`);
    this.name = 'ProviderRejectedError';
  }
}

/** The provider answered 2xx with something that is not the documented shape. */
export class ProviderBadResponseError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
  ) {
    super(`${provider}: unexpected answer: ${message}`);
    this.name = 'ProviderBadResponseError';
  }
}

export interface ProviderRequest<T> {
  provider: ProviderName;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** JSON body, or a pre-encoded string (form bodies). */
  body?: unknown;
  /** Schema of a 2xx answer; `null` when no body is expected (204). */
  schema: z.ZodType<T> | null;
  /** Turns a non-2xx answer's body into the provider's code and message. */
  describeError: (
    status: number,
    body: unknown,
  ) => { code: string; message: string; debugId?: string };
  timeoutMs: number;
  /** Extra attempts after the first, for failures that may pass. */
  retries: number;
}

/** Rejects with the last attempt's typed error (p-retry unwraps AbortError). */
export async function callProvider<T>(request: ProviderRequest<T>): Promise<T> {
  return pRetry(
    async () => {
      try {
        return await callOnce(request);
      } catch (error) {
        // A refusal or an unreadable answer would be the same again.
        if (error instanceof ProviderRejectedError || error instanceof ProviderBadResponseError)
          throw new AbortError(error);
        throw error;
      }
    },
    {
      retries: request.retries,
      // A 429 that says when to come back is waited for (within reason) before the next try.
      onFailedAttempt: async (error) => {
        const wait = (error as Partial<ProviderUnavailableError>).retryAfterMs;
        if (wait && error.retriesLeft > 0) await sleep(Math.min(wait, MAX_RETRY_AFTER_MS));
      },
      minTimeout: 200,
      factor: 3,
      maxTimeout: 3000,
      randomize: true,
    },
  );
}

async function callOnce<T>(request: ProviderRequest<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (typeof request.body === 'string') body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body,
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new ProviderUnavailableError(
        request.provider,
        `no answer within ${request.timeoutMs} ms`,
      );
    }
    const code = networkErrorCode(error);
    throw new ProviderUnavailableError(
      request.provider,
      `network error (${code ?? (error as Error).message})`,
      undefined,
      code !== undefined && NEVER_SENT_CODES.has(code),
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ProviderUnavailableError(
      request.provider,
      `answer interrupted (${(error as Error).message})`,
      response.status,
    );
  }
  const parsed = parseJson(text);
  if (response.status === 429 || response.status >= 500) {
    const described = request.describeError(response.status, parsed);
    const failure = new ProviderUnavailableError(
      request.provider,
      `${response.status} ${described.code}: ${described.message}`,
      response.status,
      true,
    );
    failure.retryAfterMs = retryAfterMs(response.headers.get('retry-after'));
    throw failure;
  }
  if (!response.ok) {
    const described = request.describeError(response.status, parsed);
    throw new ProviderRejectedError(
      request.provider,
      response.status,
      described.code,
      described.message,
      described.debugId,
    );
  }
  if (request.schema === null) {
    // Documented to answer nothing (204): a body in its place (an HTML notice, a JSON error
    // under 200) is not the provider's "done", and whether it acted is unknown.
    if (text.trim() === '') return undefined as T;
    throw new ProviderBadResponseError(
      request.provider,
      `${response.status} with a body where none is expected`,
    );
  }
  if (parsed === undefined) {
    throw new ProviderBadResponseError(
      request.provider,
      `${response.status} with a body that is not JSON`,
    );
  }
  const result = request.schema.safeParse(parsed);
  if (!result.success) {
    const where = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new ProviderBadResponseError(request.provider, where);
  }
  return result.data;
}

/** The longest Retry-After waited for inside one call; past it the caller's own retry takes over. */
const MAX_RETRY_AFTER_MS = 5000;

/** A Retry-After header in seconds or as an HTTP date, in milliseconds from now. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Network failures that happen before a single byte of the request left:
 * the provider cannot have acted on it. A reset or a time-out after the
 * connection was made tells nothing of the sort.
 */
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/** The system error code behind a failed fetch (undici wraps it as the cause). */
function networkErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
