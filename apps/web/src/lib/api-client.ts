/**
 * The shared JSON client (spec section 7). One client is created at start
 * with the configured base address; every call of the app goes through it,
 * so headers, status rules and errors are the same everywhere. It is a thin
 * layer over the browser's `fetch`, which keeps an HTTP library out of the
 * first page load.
 */

import { WEB_BUILD_HEADER } from '@wifi7/contract';

/** Anything with a zod-style `parse`; the contract's schemas fit. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * How an answer is checked: a schema, always applied; or a way to load one
 * (src/lib/answer-schemas.ts), applied unless the answer comes from a
 * server of this very build, which wrote and checked it from the same
 * contract (WEB_BUILD_HEADER). The first page load uses the second kind,
 * so its code holds no schemas.
 */
export type ResponseCheck<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

/** This build's name; empty outside a production build, where every answer is checked. */
const thisWebBuild = import.meta.env.VITE_WEB_BUILD ?? '';

async function checked<T>(response: ApiResponse, check: ResponseCheck<T>): Promise<T> {
  if (typeof check !== 'function') return check.parse(response.data);
  if (thisWebBuild !== '' && response.webBuild === thisWebBuild) return response.data as T;
  return (await check()).parse(response.data);
}

/** One request as the app's callers describe it. */
export interface RequestConfig {
  method?: string;
  /** A path under the base address (`/api/…`), or a full address. */
  url: string;
  /** A plain value is sent as JSON; a Blob, FormData or string is sent as it is. */
  data?: unknown;
  /** Query values, added to the address. */
  params?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** How to read the reply: JSON (the default, plain text when it is not JSON), text or a Blob. */
  responseType?: 'json' | 'text' | 'blob';
}

export interface ApiResponse<T = unknown> {
  status: number;
  data: T;
  /** The web build the answering server serves (WEB_BUILD_HEADER), if it said. */
  webBuild: string | null;
}

/** The network under the client: `fetch`, or a scripted stand-in in tests. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClient {
  /** Empty means "same origin as the page". */
  readonly baseURL: string;
  /** Spec section 9: the default client has no time-out (0 = none). */
  readonly timeout: 0;
  readonly validateStatus: (status: number) => boolean;
  transport: Transport;
  /** Sends one request and answers whatever the status; network failures throw. */
  request<T = unknown>(config: RequestConfig): Promise<ApiResponse<T>>;
}

/** Thrown by every helper here when the server answers outside 200–299. */
export class RequestFailedError extends Error {
  constructor(
    readonly status: number,
    /** The server's stable code for the failure, when it gave one (`apiErrorReasons`). */
    readonly reason?: string,
    /** The server's own words, when it answered in the API's error shape. */
    readonly serverMessage?: string,
    /** The fields a refused request got wrong, as the server named them (a 400's `issues`). */
    readonly issues: readonly { path: string; message: string }[] = [],
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

/** The `issues` of a refusal of a request that was not valid. */
function issuesOf(body: unknown): { path: string; message: string }[] {
  const issues = (body as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return (issues as { path?: unknown; message?: unknown }[]).map((issue) => ({
    path: String(issue.path ?? ''),
    message: String(issue.message ?? ''),
  }));
}

/** Spec section 9: statuses 200 to 299 are success. */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status <= 299;
}

function addressOf(baseURL: string, { url, params }: RequestConfig): string {
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(url);
  let address =
    absolute || !baseURL ? url : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const query = new URLSearchParams(
    Object.entries(params ?? {}).map(([key, value]) => [key, String(value)]),
  ).toString();
  if (query) address += (address.includes('?') ? '&' : '?') + query;
  return address;
}

/** Bodies the browser sends as they are; anything else goes as JSON. */
function isRawBody(data: unknown): data is BodyInit {
  return (
    typeof data === 'string' ||
    data instanceof Blob ||
    data instanceof FormData ||
    data instanceof URLSearchParams ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  );
}

async function readBody(response: Response, type: RequestConfig['responseType']): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text' || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // An error page or a plain-text reply: callers still get its words.
    return text;
  }
}

let instance: ApiClient | undefined;

/**
 * Creates the shared client. `baseURL` empty means "same origin as the page",
 * which is how the server deploys the site and the API together.
 */
export function createApiClient(baseURL: string): ApiClient {
  const client: ApiClient = {
    baseURL,
    timeout: 0,
    validateStatus: isSuccessStatus,
    // Looked up on each call, so the page's own `fetch` is the one used.
    transport: (url, init) => fetch(url, init),
    async request<T>(config: RequestConfig): Promise<ApiResponse<T>> {
      const headers: Record<string, string> = { Accept: 'application/json' };
      let body: BodyInit | undefined;
      if (config.data !== undefined) {
        if (isRawBody(config.data)) {
          body = config.data;
        } else {
          body = JSON.stringify(config.data);
          headers['Content-Type'] = 'application/json';
        }
      }
      const response = await client.transport(addressOf(baseURL, config), {
        method: (config.method ?? 'GET').toUpperCase(),
        headers: { ...headers, ...config.headers },
        body,
      });
      return {
        status: response.status,
        data: (await readBody(response, config.responseType)) as T,
        webBuild: response.headers.get(WEB_BUILD_HEADER),
      };
    },
  };
  instance = client;
  return client;
}

export function getApiClient(): ApiClient {
  if (!instance) throw new Error('Axios instance not initialized!');
  return instance;
}

/**
 * Sends one request and returns the body (checked, when `check` is given),
 * or throws RequestFailedError for a non-success status. Network failures
 * keep the browser's own error.
 */
export async function sendRequest<T>(config: RequestConfig, check?: ResponseCheck<T>): Promise<T> {
  const response = await getApiClient().request(config);
  if (!isSuccessStatus(response.status)) {
    throw new RequestFailedError(
      response.status,
      reasonOf(response.data),
      messageOf(response.data),
      issuesOf(response.data),
    );
  }
  return check ? checked(response, check) : (response.data as T);
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

/** GETs JSON; with a check, the reply is checked before it is returned. */
export function getJson<T = unknown>(path: string, check?: ResponseCheck<T>): Promise<T> {
  return sendRequest<T>({ method: 'GET', url: path, responseType: 'json' }, check);
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
