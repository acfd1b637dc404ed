/** One authenticated Zoho API call: the OAuth header, a refresh and one retry after a 401. */
import { callProvider, ProviderRejectedError, type ProviderRequest } from '../shared/provider-http';
import { describeZohoError } from './wire';
import type { ZohoAccessToken } from './zoho-accounts';

export async function callZoho<T>(
  token: ZohoAccessToken,
  request: Pick<ProviderRequest<T>, 'provider' | 'method' | 'url' | 'body' | 'schema'> &
    Partial<Pick<ProviderRequest<T>, 'timeoutMs' | 'retries'>>,
): Promise<T> {
  const send = (accessToken: string) =>
    callProvider<T>({
      ...request,
      headers: { authorization: `Zoho-oauthtoken ${accessToken}` },
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
