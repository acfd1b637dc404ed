/** PayPal's webhook certificates: which are trusted, and how few fetches a flood can cause. */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from '@wifi7/emulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_LIMITS,
  PAYPAL_CERT_SUBJECT,
  PayPalCertificates,
} from '../src/integrations/paypal/paypal-webhook-certs';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEMS: Record<string, string> = {
  '/paypal.pem': selfSignedCertificate(pair, PAYPAL_CERT_SUBJECT),
  '/other-subject.pem': selfSignedCertificate(pair, 'example.com'),
  '/expired.pem': selfSignedCertificate(pair, PAYPAL_CERT_SUBJECT, Date.now() - 400 * 86_400_000),
};

describe('PayPal webhook certificates', () => {
  let server: Server;
  let origin: string;
  const fetched: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      fetched.push(request.url ?? '');
      const pem = PEMS[request.url ?? ''];
      response.writeHead(pem ? 200 : 404).end(pem ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const certificates = (options: { paypalHost?: boolean; now?: () => number } = {}) =>
    new PayPalCertificates({
      selfSignedOrigins: options.paypalHost ? [] : [origin],
      paypalHosts: options.paypalHost ? ['127.0.0.1'] : [],
      timeoutMs: 2000,
      now: options.now,
    });

  it("trusts the configured origin's own certificate and fetches it once", async () => {
    const source = certificates();
    fetched.length = 0;
    for (let index = 0; index < 5; index += 1) {
      const answer = await source.publicKeyAt(`${origin}/paypal.pem`);
      expect('key' in answer && answer.key.asymmetricKeyType).toBe('rsa');
    }
    expect(fetched).toEqual(['/paypal.pem']);
  });

  it.each([
    ['another subject', '/other-subject.pem', {}],
    ['an expired certificate', '/expired.pem', {}],
    [
      "a self-signed one on PayPal's hosts (no chain to a trusted root)",
      '/paypal.pem',
      { paypalHost: true },
    ],
    ['no certificate there', '/missing.pem', {}],
  ])('refuses %s, and does not fetch it again within a minute', async (_case, path, options) => {
    let now = Date.now();
    const source = certificates({ ...options, now: () => now });
    fetched.length = 0;
    expect(await source.publicKeyAt(`${origin}${path}`)).toMatchObject({
      unavailable: expect.any(String),
    });
    now += CERTIFICATE_LIMITS.retryFailedAfterMs - 1000;
    expect(await source.publicKeyAt(`${origin}${path}`)).toMatchObject({ retryInMs: 1000 });
    expect(fetched).toEqual([path]);
  });

  it(`fetches at most ${CERTIFICATE_LIMITS.fetchesPerMinute} certificates a minute`, async () => {
    let now = Date.now();
    const source = certificates({ now: () => now });
    fetched.length = 0;
    for (let index = 0; index < 30; index += 1)
      await source.publicKeyAt(`${origin}/forged-${index}.pem`);
    expect(fetched).toHaveLength(CERTIFICATE_LIMITS.fetchesPerMinute);
    expect(await source.publicKeyAt(`${origin}/paypal.pem`)).toMatchObject({
      unavailable: 'Too many certificates to fetch.',
    });
    now += 60_000;
    expect(await source.publicKeyAt(`${origin}/paypal.pem`)).toHaveProperty('key');
  });
});
