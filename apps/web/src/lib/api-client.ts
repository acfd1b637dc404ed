/**
 * The shared JSON client (spec section 7). One axios instance is created at
 * start with the configured base address; every call of the app goes through
 * it, so headers, status rules and errors are the same everywhere.
 */
import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';

/** Anything with a zod-style `parse`; the contract's schemas fit. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** Thrown by every helper here when the server answers outside 200–299. */
export class RequestFailedError extends Error {
  constructor(
    readonly status: number,
    /** The server's stable code for the failure, when it gave one (`apiErrorReasons`). */
    readonly reason?: string,
    /** The server's own words, when it answered in the API's error shape. */
    readonly serverMessage?: string,
  ) {
    super(`Request failed with status ${status}`);
    this.name = 'RequestFailedError';
  }
}

function reasonOf(body: unknown): string | undefined {
  const reason = (body as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** The `message` of an error body in the API's shape (`{ statusCode, error, message }`). */
function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof body === 'object' && typeof message === 'string' ? message : undefined;
}

/** Spec section 9: statuses 200 to 299 are success. */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status <= 299;
}

let instance: AxiosInstance | undefined;

/**
 * Creates the shared client. `baseURL` empty means "same origin as the page",
 * which is how the server deploys the site and the API together.
 */
export function createApiClient(baseURL: string): AxiosInstance {
  instance = axios.create({
    baseURL: baseURL || undefined,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    // Spec section 9: the default client has no time-out.
    timeout: 0,
    validateStatus: isSuccessStatus,
  });
  return instance;
}

export function getApiClient(): AxiosInstance {
  if (!instance) throw new Error('Axios instance not initialized!');
  return instance;
}

/**
 * Sends one request and returns the body, or throws RequestFailedError for a
 * non-success status. Network failures keep axios's own error.
 */
export async function sendRequest<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await getApiClient().request<T>({ ...config, validateStatus: () => true });
  if (!isSuccessStatus(response.status)) {
    throw new RequestFailedError(
      response.status,
      reasonOf(response.data),
      messageOf(response.data),
    );
  }
  return response.data;
}

// Generic unauthenticated helpers with a caller-given path (spec section 7).

/** POSTs a JSON body and reads the reply as plain text. */
export function postJsonForText(path: string, body: unknown): Promise<string> {
  return sendRequest<string>({
    method: 'POST',
    url: path,
    data: body,
    responseType: 'text',
    headers: { Accept: 'text/plain, */*' },
  });
}

/** GETs JSON; with a schema, the reply is validated before it is returned. */
export async function getJson<T = unknown>(path: string, schema?: ResponseSchema<T>): Promise<T> {
  const data = await sendRequest<unknown>({ method: 'GET', url: path, responseType: 'json' });
  return schema ? schema.parse(data) : (data as T);
}

/** GETs a file for download as a Blob. */
export function getBlob(path: string): Promise<Blob> {
  return sendRequest<Blob>({
    method: 'GET',
    url: path,
    responseType: 'blob',
    headers: { Accept: '*/*' },
  });
}

/** POSTs a JSON body and returns the reply as a Blob (kept for parity with the spec; unused). */
export function postJsonForBlob(path: string, body: unknown): Promise<Blob> {
  return sendRequest<Blob>({
    method: 'POST',
    url: path,
    data: body,
    responseType: 'blob',
    headers: { Accept: '*/*' },
  });
}
