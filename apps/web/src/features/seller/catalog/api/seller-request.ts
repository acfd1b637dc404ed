/**
 * Back-office calls of the catalog section: the seller's ID token as a
 * bearer, the reply checked with the contract's schema, and a refusal
 * carried with the server's own words ("2 seats are sold or held …"), which
 * the pages show as they are.
 */
import {
  getApiClient,
  isSuccessStatus,
  type RequestConfig,
  type ResponseSchema,
} from '../../../../lib/api-client';
import { currentIdTokenIfSignedIn } from '../../../../lib/authorized-request';

export class SellerRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The fields a refused request got wrong, as the server named them. */
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'SellerRequestError';
  }
}

const fallbackMessage = (status: number) =>
  status === 401
    ? 'Your session has expired. Please sign in again.'
    : status === 403
      ? 'This is for the seller only.'
      : status >= 500
        ? 'Something went wrong on our side. Please try again.'
        : `The request was refused (${status}).`;

interface ErrorBody {
  message?: unknown;
  issues?: unknown;
}

export async function sellerRequest<T>(
  config: RequestConfig,
  schema: ResponseSchema<T>,
): Promise<T> {
  const token = await currentIdTokenIfSignedIn();
  if (!token) throw new SellerRequestError(401, fallbackMessage(401));
  const response = await getApiClient().request<unknown>({
    ...config,
    headers: { ...config.headers, Authorization: `Bearer ${token}` },
  });
  if (isSuccessStatus(response.status)) return schema.parse(response.data);
  const body = (response.data ?? {}) as ErrorBody;
  const issues = Array.isArray(body.issues)
    ? (body.issues as { path?: unknown; message?: unknown }[]).map((issue) => ({
        path: String(issue.path ?? ''),
        message: String(issue.message ?? ''),
      }))
    : [];
  const message =
    response.status < 500 && typeof body.message === 'string'
      ? body.message
      : fallbackMessage(response.status);
  throw new SellerRequestError(response.status, message, issues);
}

/** What to tell the seller about a failed call. */
export function failureMessage(error: unknown): string {
  if (error instanceof SellerRequestError) {
    const details = error.issues.map((issue) => issue.message).filter(Boolean);
    return details.length > 0 ? `${error.message} ${details.join(' ')}` : error.message;
  }
  return 'The server could not be reached. Check your connection and try again.';
}
