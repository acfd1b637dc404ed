import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  callProvider,
  ProviderBadResponseError,
  ProviderUnavailableError,
  type ProviderRequest,
} from './provider-http';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

/** A local server whose handler decides how each request ends. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** A port nothing listens on: a server that was opened and closed again. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

function request(url: string): ProviderRequest<{ ok: boolean }> {
  return {
    provider: 'zoho-payments',
    method: 'POST',
    url,
    body: { amount: 1 },
    schema: z.object({ ok: z.boolean() }),
    describeError: () => ({ code: 'E', message: 'failed' }),
    timeoutMs: 5_000,
    retries: 0,
  };
}

async function failureOf(url: string): Promise<ProviderUnavailableError> {
  const error = await callProvider(request(url)).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ProviderUnavailableError);
  return error as ProviderUnavailableError;
}

describe('what a failed provider call says about whether the provider acted', () => {
  it('a refused connection never reached the provider', async () => {
    const error = await failureOf(await closedPort());
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.providerDidNotAct).toBe(true);
  });

  it('a connection dropped after the request was sent may have been acted on', async () => {
    const url = await serve((incoming) => incoming.socket.destroy());
    expect((await failureOf(url)).providerDidNotAct).toBe(false);
  });

  it('a 503 is the provider saying it did not act', async () => {
    const url = await serve((_incoming, response) => response.writeHead(503).end('{}'));
    const error = await failureOf(url);
    expect(error.status).toBe(503);
    expect(error.providerDidNotAct).toBe(true);
  });
});

describe('a provider that asks us to come back later', () => {
  it('waits for its Retry-After before trying again', async () => {
    const arrivals: number[] = [];
    const url = await serve((_incoming, response) => {
      arrivals.push(Date.now());
      if (arrivals.length === 1) response.writeHead(429, { 'retry-after': '1' }).end('{}');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await expect(callProvider({ ...request(url), retries: 1 })).resolves.toEqual({ ok: true });
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(1000);
  });
});

describe('a call documented to answer nothing (204)', () => {
  const noContent = (url: string): ProviderRequest<undefined> => ({
    ...request(url),
    schema: null,
  });

  it('is done when the answer is empty', async () => {
    const url = await serve((_incoming, response) => response.writeHead(204).end());
    await expect(callProvider(noContent(url))).resolves.toBeUndefined();
  });

  it('is not done when a 200 brings a page or an object instead', async () => {
    for (const body of ['<html><body>We will be right back</body></html>', '{"unexpected":true}']) {
      const url = await serve((_incoming, response) => response.writeHead(200).end(body));
      await expect(callProvider(noContent(url))).rejects.toBeInstanceOf(ProviderBadResponseError);
    }
  });
});
