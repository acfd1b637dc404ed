import { STATUS_CODES } from 'node:http';
import type { ApiError } from '@wifi7/contract';

/**
 * An error meant for the caller: its status and message are answered as
 * they are (also for 5xx), by the one error handler. Anything else that
 * escapes a route is answered as a generic 500.
 */
export class HttpError extends Error {
  readonly expose = true;
  constructor(
    readonly statusCode: number,
    message: string,
    /** A stable code the caller may act on (the contract's `apiErrorReasons`). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** An error answer's body (the contract's `apiErrorSchema`): the status and its name, what went wrong. */
export function errorBody(statusCode: number, message: string, reason?: string): ApiError {
  const error = STATUS_CODES[statusCode] ?? 'Error';
  return { statusCode, error, message, ...(reason ? { reason } : {}) };
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message: string) => new HttpError(403, message);
