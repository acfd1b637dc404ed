import { describe, expect, it } from 'vitest';
import { signZohoWebhook, verifyZohoWebhookSignature } from './webhook-signature';

const key = 'zoho-signing-key';
const body = '{"event_id":1,"event_type":"payment_link.paid"}';
const now = 1_800_000_000_000;

describe('Zoho webhook signatures', () => {
  it('accepts a genuine signature on the exact body', () => {
    expect(verifyZohoWebhookSignature(signZohoWebhook(body, key, now), body, key, now)).toBe(true);
  });

  it.each([
    ['a changed body', signZohoWebhook(body, key, now), `${body} `],
    ['another key', signZohoWebhook(body, 'other-key', now), body],
    ['no header', undefined, body],
    ['a malformed header', 'sha256=abc', body],
    ['an old timestamp', signZohoWebhook(body, key, now - 16 * 60_000), body],
  ])('refuses %s', (_case, header, raw) => {
    expect(verifyZohoWebhookSignature(header, raw, key, now)).toBe(false);
  });
});
