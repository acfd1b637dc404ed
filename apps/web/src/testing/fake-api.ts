/**
 * Puts the shared API client on a scripted in-memory transport: no network,
 * every request recorded, each answer decided by the test.
 */
import { createApiClient, type Transport } from '../lib/api-client';

export interface RecordedRequest {
  method: string;
  /** The path as the app asked for it, without the base address or the query. */
  url: string;
  /** The query values sent with it. */
  query: Record<string, string>;
  headers: Record<string, unknown>;
  body: unknown;
}

export type Reply = { status: number; data?: unknown; headers?: Record<string, string> };

function recordedBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Just enough of a `Response` for the client: the status and the body as text or a Blob. */
function replyAsResponse({ status, data, headers }: Reply): Response {
  const text = () =>
    data === undefined
      ? ''
      : typeof data === 'string'
        ? data
        : data instanceof Blob
          ? data.text()
          : JSON.stringify(data);
  return {
    status,
    ok: status >= 200 && status <= 299,
    headers: new Headers(headers),
    text: async () => text(),
    blob: async () => (data instanceof Blob ? data : new Blob([await text()])),
  } as unknown as Response;
}

export function fakeTransport(
  respond: (request: RecordedRequest) => Reply | Promise<Reply>,
  log: RecordedRequest[] = [],
): Transport {
  return async (address, init) => {
    const path = address.replace(/^https?:\/\/[^/]+/, '');
    const [url = '', query = ''] = path.split('?');
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      query: Object.fromEntries(new URLSearchParams(query)),
      headers: { ...(init.headers as Record<string, string>) },
      body: recordedBody(init.body),
    };
    log.push(request);
    return replyAsResponse(await respond(request));
  };
}

/** Creates the shared client on a fake transport and returns the request log. */
export function installFakeApi(respond: (request: RecordedRequest) => Reply | Promise<Reply>) {
  const log: RecordedRequest[] = [];
  const client = createApiClient('');
  client.transport = fakeTransport(respond, log);
  return log;
}
