/** One authenticated Zoho API call: the OAuth header, a refresh and one retry after a 401. */
import type { z } from 'zod';
import { callProvider, ProviderRejectedError, type ProviderName } from '../shared/provider-http';
import { describeZohoError } from './wire';
import type { ZohoAccessToken } from './zoho-accounts';

export async function callZoho<T>(
  token: ZohoAccessToken,
  request: {
    provider: ProviderName;
    method: 'GET' | 'POST' | 'PUT';
    url: string;
    body?: unknown;
    schema: z.ZodType<T> | null;
    timeoutMs?: number;
    retries?: number;
  },
): Promise<T> {
  const send = (accessToken: string) =>
    callProvider<T>({
      provider: request.provider,
      method: request.method,
      url: request.url,
      headers: { authorization: `Zoho-oauthtoken ${accessToken}` },
      body: request.body,
      schema: request.schema,
      describeError: describeZohoError,
      timeoutMs: request.timeoutMs ?? 10_000,
      retries: request.retries ?? 2,
    });
  const accessToken = await token.get();
  try {
    return await send(accessToken);
  } catch (error) {
    if (error instanceof ProviderRejectedError && error.status === 401) {
      await token.invalidate(accessToken);
      return send(await token.get());
    }
    throw error;
  }
}
