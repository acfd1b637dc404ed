import { describe, expect, it } from 'vitest';
import { indiaDate } from './link-mapping';
import { eventIdFromRawBody, webhookEventSchema } from './wire';

describe('Zoho webhook event ids', () => {
  it('keeps all 16 digits that JSON.parse would round', () => {
    const raw = '{"event_id":9973100011627969,"event_type":"payment_link.paid"}';
    expect(eventIdFromRawBody(raw)).toBe('9973100011627969');
    expect(webhookEventSchema.parse(JSON.parse(raw)).event_id).not.toBe('9973100011627969');
  });

  it('accepts a quoted id and spaces', () => {
    expect(eventIdFromRawBody('{ "event_id" : "123" }')).toBe('123');
    expect(eventIdFromRawBody('{"event_type":"x"}')).toBeUndefined();
  });
});

describe('indiaDate', () => {
  it('is the calendar date in India, not in UTC', () => {
    expect(indiaDate(new Date('2026-11-21T18:29:00Z'))).toBe('2026-11-21');
    expect(indiaDate(new Date('2026-11-21T18:31:00Z'))).toBe('2026-11-22');
  });
});
