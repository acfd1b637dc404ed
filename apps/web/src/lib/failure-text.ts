/**
 * The one way a failed request becomes words for the person: the server's
 * own sentence when it gave one (with the fields it named),
 * otherwise a sentence for the kind of failure. Pages show it as it is.
 */
import { RequestFailedError } from './api-client';
import { NotSignedInError } from './authorized-request';

export const failureTexts = {
  signedOut: 'Your session has expired. Please sign in again.',
  forbidden: 'Your account may not do this.',
  notFound: 'Not found: it may have been removed.',
  serverFailed: 'Something went wrong on our side. Please try again.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  refused: (status: number) => `The request was refused (${status}).`,
} as const;

export function failureText(error: unknown): string {
  if (error instanceof NotSignedInError) return failureTexts.signedOut;
  if (!(error instanceof RequestFailedError)) return failureTexts.unreachable;
  // An unexpected failure (500) gets our sentence, whatever came with it. A
  // 502 or 503 is the server's own account of a provider that failed, for
  // the person to read ("PayPal did not answer.").
  if (error.status === 500) return failureTexts.serverFailed;
  if (error.serverMessage) {
    const details = error.issues.map((issue) => issue.message).filter(Boolean);
    return [error.serverMessage, ...details].join(' ');
  }
  if (error.status === 401) return failureTexts.signedOut;
  if (error.status === 403) return failureTexts.forbidden;
  if (error.status === 404) return failureTexts.notFound;
  if (error.status >= 500) return failureTexts.serverFailed;
  return failureTexts.refused(error.status);
}
