/**
 * Sends the app's own log lines to the server (spec section 7): a short-lived
 * token from GET /api/web-logs/token, cached for 240 s, then POST
 * /api/web-logs/push with it in the X-LOG-TOKEN header.
 *
 * Logging must never disturb the visitor: every failure is swallowed here,
 * nothing is thrown to callers and no toast is shown. Callers must not put
 * e-mail addresses, tokens or links into messages; use ids or nothing.
 */
import {
  apiRoutes,
  LOG_MESSAGE_MAX_LENGTH,
  LOG_TOKEN_CACHE_SECONDS,
  LOG_TOKEN_HEADER,
  type LogPushRequest,
  toStorableText,
  type LogSeverity,
} from '@wifi7/contract';
import {
  getApiClient,
  isSuccessStatus,
  RequestFailedError,
  type ApiClient,
  type RequestConfig,
} from './api-client';
import { schemaOf } from './schema-loader';

export interface RemoteLog {
  /** DEBUG: sent without a severity. */
  debug(message: string): Promise<void>;
  info(message: string): Promise<void>;
  warning(message: string): Promise<void>;
  error(message: string): Promise<void>;
}

export interface RemoteLogOptions {
  client: () => ApiClient;
  now?: () => number;
}

export function createRemoteLog({ client, now = Date.now }: RemoteLogOptions): RemoteLog {
  let cached: { token: string; fetchedAtMs: number } | undefined;
  // Lines logged together share one token request instead of racing for several.
  let pending: Promise<string> | undefined;

  const send = async (config: RequestConfig): Promise<unknown> => {
    const response = await client().request(config);
    if (!isSuccessStatus(response.status)) throw new RequestFailedError(response.status);
    return response.data;
  };

  const fetchToken = async (): Promise<string> => {
    const data = await send({ method: 'GET', url: apiRoutes.webLogsToken });
    const { token } = (await schemaOf('logTokenResponseSchema')()).parse(data);
    cached = { token, fetchedAtMs: now() };
    return token;
  };

  const tokenFor = (renew: boolean): Promise<string> => {
    if (renew) cached = undefined;
    if (cached && now() - cached.fetchedAtMs < LOG_TOKEN_CACHE_SECONDS * 1000) {
      return Promise.resolve(cached.token);
    }
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  const post = async (token: string, body: LogPushRequest) => {
    await send({
      method: 'POST',
      url: apiRoutes.webLogsPush,
      data: body,
      headers: { [LOG_TOKEN_HEADER]: token },
    });
  };

  const push = async (message: string, severity?: LogSeverity): Promise<void> => {
    // Cutting may split a surrogate pair; the server refuses text that cannot be stored.
    const text = toStorableText(message.slice(0, LOG_MESSAGE_MAX_LENGTH));
    if (!text) return;
    const body: LogPushRequest = severity ? { message: text, severity } : { message: text };
    try {
      await post(await tokenFor(false), body);
    } catch (error) {
      if (!isTokenRejected(error)) return;
      // The server no longer accepts our token (expired early, secret rotated):
      // fetch a new one and try exactly once more.
      try {
        await post(await tokenFor(true), body);
      } catch {
        // Swallowed on purpose: see the module comment.
      }
    }
  };

  return {
    debug: (message) => push(message),
    info: (message) => push(message, 'INFO'),
    warning: (message) => push(message, 'WARNING'),
    error: (message) => push(message, 'ERROR'),
  };
}

function isTokenRejected(error: unknown): boolean {
  return error instanceof RequestFailedError && (error.status === 401 || error.status === 403);
}

/** The app-wide log client, sending through the shared API client. */
export const remoteLog: RemoteLog = createRemoteLog({ client: getApiClient });
