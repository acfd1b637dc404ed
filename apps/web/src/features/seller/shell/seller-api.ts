/**
 * The back office's one way to call the server: every call carries the
 * seller's bearer token (the server checks the seller role on each), its
 * reply is checked with the contract's schema, and a refusal is thrown as
 * RequestFailedError, which `failureText` (lib/failure-text) puts in words.
 */
import type { ResponseSchema } from '../../../lib/api-client';
import { authorizedRequest } from '../../../lib/authorized-request';

/** Query values as the API takes them; empty ones are left out. */
export type QueryValues = Record<string, string | number | undefined | null>;

function cleanParams(params: QueryValues = {}): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | number] =>
        entry[1] !== undefined && entry[1] !== null && entry[1] !== '',
    ),
  );
}

export function sellerGet<T>(url: string, schema: ResponseSchema<T>, params?: QueryValues) {
  return authorizedRequest<T>({ method: 'GET', url, params: cleanParams(params) }, schema);
}

export function sellerPost<T>(
  url: string,
  body: unknown,
  schema: ResponseSchema<T>,
  headers?: Record<string, string>,
) {
  return authorizedRequest<T>({ method: 'POST', url, data: body, headers }, schema);
}

export function sellerPut<T>(url: string, body: unknown, schema: ResponseSchema<T>) {
  return authorizedRequest<T>({ method: 'PUT', url, data: body }, schema);
}

/**
 * A key for one confirmed action: sent with the request (and with its
 * retries), so the server acts once however often it arrives.
 */
export function newActionKey(): string {
  return crypto.randomUUID();
}

/** Fetches a file with the seller's token and hands it to the browser as a download. */
export async function downloadFile(
  url: string,
  filename: string,
  params?: QueryValues,
): Promise<void> {
  const blob = await authorizedRequest<Blob>({
    method: 'GET',
    url,
    params: cleanParams(params),
    responseType: 'blob',
    headers: { Accept: 'text/csv, */*' },
  });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
