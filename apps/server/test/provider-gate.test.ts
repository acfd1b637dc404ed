/**
 * The gate the fault matrix puts in front of each provider: open it
 * forwards, closed it refuses connections as a host that is down does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderGate } from './support/provider-gate';

describe('a provider gate', () => {
  let target: Server;
  let gate: ProviderGate;

  beforeAll(async () => {
    target = createServer((_request, response) => response.end('hello'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    gate = await ProviderGate.open();
    gate.forwardTo((target.address() as AddressInfo).port);
  });
  afterAll(async () => {
    await gate.down();
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  });

  const get = () => fetch(gate.url, { signal: AbortSignal.timeout(5000) });
  const refusal = async () => {
    const failure = await get().then(
      () => undefined,
      (error: unknown) => error,
    );
    return ((failure as Error | undefined)?.cause as { code?: string } | undefined)?.code;
  };

  it('forwards while up, refuses connections while down, and forwards again when up', async () => {
    expect(await (await get()).text()).toBe('hello');
    await gate.down();
    expect(gate.isUp).toBe(false);
    // Also for a client that had a kept-alive connection through the gate.
    expect(await refusal()).toBe('ECONNREFUSED');
    expect(await refusal()).toBe('ECONNREFUSED');
    await gate.up();
    expect(await (await get()).text()).toBe('hello');
  });
});
