/**
 * Puts the shared API client on a scripted in-memory adapter: no network,
 * every request recorded, each answer decided by the test.
 */
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from '../lib/api-client';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body: unknown;
}

export type Reply = { status: number; data?: unknown };

export function fakeAdapter(
  respond: (request: RecordedRequest) => Reply | Promise<Reply>,
  log: RecordedRequest[] = [],
): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      headers: config.headers.toJSON() as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    log.push(request);
    const reply = await respond(request);
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    const validate = config.validateStatus;
    if (validate && !validate(reply.status)) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        AxiosError.ERR_BAD_RESPONSE,
        config,
        {},
        response,
      );
    }
    return response;
  };
}

/** Creates the shared client on a fake adapter and returns the request log. */
export function installFakeApi(respond: (request: RecordedRequest) => Reply | Promise<Reply>) {
  const log: RecordedRequest[] = [];
  const client = createApiClient('');
  client.defaults.adapter = fakeAdapter(respond, log);
  return log;
}
