import { describe, expect, it } from 'vitest';
import type { WebhookTransmission } from './paypal-client';
import { checkLocally, TRANSMISSION_TIME_TOLERANCE_MS } from './paypal-webhook-checks';

const now = Date.UTC(2026, 0, 31, 9, 15);
const transmission = (overrides: Partial<WebhookTransmission> = {}): WebhookTransmission => ({
  authAlgo: 'SHA256withRSA',
  certUrl: 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
  transmissionId: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
  transmissionSig: 'bGl2ZSBzaWduYXR1cmUgYnl0ZXM=',
  transmissionTime: '2026-01-31T09:15:00Z',
  ...overrides,
});
const event = {
  id: 'WH-2WR32451HC0233532-67976317FL4543714',
  event_type: 'INVOICING.INVOICE.PAID',
  resource: { invoice: { id: 'INV2-Z56S-5LLA-Q52L-CPZ5', status: 'PAID' } },
};
const policy = { certOrigins: ['http://127.0.0.1:4100'], now: () => now };

describe('PayPal webhook local checks', () => {
  it('let a well-formed delivery through, in both resource shapes', () => {
    expect(checkLocally(transmission(), event, policy)).toBeUndefined();
    const newer = { ...event, resource: { id: 'INV2-Z56S-5LLA-Q52L-CPZ5', status: 'PAID' } };
    expect(checkLocally(transmission(), newer, policy)).toBeUndefined();
  });

  it.each([
    'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
    'https://api-m.paypal.com/v1/notifications/certs/CERT-1',
    'https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-1',
    'http://127.0.0.1:4100/paypal/v1/notifications/certs/CERT-1',
  ])('trust the certificate at %s', (certUrl) => {
    expect(checkLocally(transmission({ certUrl }), event, policy)).toBeUndefined();
  });

  it.each([
    'http://api.paypal.com/v1/notifications/certs/CERT-1',
    'https://api.paypal.com.evil.example/v1/notifications/certs/CERT-1',
    'https://evil.example/api.paypal.com/CERT-1',
    'https://user@api.paypal.com/v1/notifications/certs/CERT-1',
    'https://api.paypal.com:8443/v1/notifications/certs/CERT-1',
    'http://127.0.0.1:4101/paypal/v1/notifications/certs/CERT-1',
    'not a url',
  ])('refuse the certificate at %s', (certUrl) => {
    expect(checkLocally(transmission({ certUrl }), event, policy)).toMatchObject({
      refused: 'malformed',
    });
  });

  it('accept transmission times within five minutes either way of the clock, and no further', () => {
    const at = (ms: number) => transmission({ transmissionTime: new Date(ms).toISOString() });
    const edge = TRANSMISSION_TIME_TOLERANCE_MS;
    expect(checkLocally(at(now - edge), event, policy)).toBeUndefined();
    expect(checkLocally(at(now + edge), event, policy)).toBeUndefined();
    expect(checkLocally(at(now - edge - 1000), event, policy)?.refused).toBe('malformed');
    expect(checkLocally(at(now + edge + 1000), event, policy)?.refused).toBe('malformed');
    expect(
      checkLocally(transmission({ transmissionTime: '2026-01-31T10:15:00+01:00' }), event, policy),
    ).toBeUndefined();
  });

  it.each([
    ['transmission id', { transmissionId: 'a|b' }],
    ['transmission time', { transmissionTime: '31/01/2026 09:15' }],
    ['signature', { transmissionSig: 'not base64!' }],
    ['signature length', { transmissionSig: 'abcde' }],
    ['algorithm', { authAlgo: 'none' }],
  ])('refuse a malformed %s', (_name, overrides) => {
    expect(checkLocally(transmission(overrides), event, policy)?.refused).toBe('malformed');
  });

  it.each([
    ['an array', [event]],
    ['null', null],
    ['a string', 'INVOICING.INVOICE.PAID'],
    ['no id', { ...event, id: undefined }],
    ['a numeric id', { ...event, id: 7 }],
    ['an event we do not act on', { ...event, event_type: 'INVOICING.INVOICE.CREATED' }],
    ['another product', { ...event, event_type: 'PAYMENT.CAPTURE.COMPLETED' }],
    ['no resource', { ...event, resource: undefined }],
    ['a resource without an invoice id', { ...event, resource: { invoice: { status: 'PAID' } } }],
  ])('refuse a body that is %s', (_name, body) => {
    expect(checkLocally(transmission(), body, policy)?.refused).toBe('malformed');
  });
});
