import { SEAT_INVITE_PAGE, WAITLIST_OFFER_PAGE } from '@wifi7/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberOfferReturn, takeOfferReturn } from './offer-return';

const NOW = Date.parse('2027-01-05T17:00:00.000Z');

beforeEach(() => localStorage.clear());

describe('the return to an offer link after signing in', () => {
  it.each([`${WAITLIST_OFFER_PAGE}?token=abc`, `${SEAT_INVITE_PAGE}?code=abc`])(
    'brings %s back once, within the hour',
    (path) => {
      rememberOfferReturn(path, NOW);
      expect(takeOfferReturn(NOW + 59 * 60 * 1000)).toBe(path);
      expect(takeOfferReturn(NOW + 59 * 60 * 1000)).toBeNull();
    },
  );

  it('forgets a link after an hour, and never keeps another page', () => {
    rememberOfferReturn(`${SEAT_INVITE_PAGE}?code=abc`, NOW);
    expect(takeOfferReturn(NOW + 61 * 60 * 1000)).toBeNull();
    rememberOfferReturn('/my-orders?x=1', NOW);
    rememberOfferReturn(SEAT_INVITE_PAGE, NOW);
    expect(takeOfferReturn(NOW)).toBeNull();
  });
});
