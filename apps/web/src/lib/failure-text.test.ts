import { describe, expect, it } from 'vitest';
import { RequestFailedError } from './api-client';
import { NotSignedInError } from './authorized-request';
import { failureText } from './failure-text';

describe('the words for a failed request', () => {
  it('are the server’s own for a refusal, with the fields it named', () => {
    expect(
      failureText(new RequestFailedError(409, undefined, 'The code TEAM15 already exists.')),
    ).toBe('The code TEAM15 already exists.');
    const invalid = new RequestFailedError(400, undefined, 'The request is not valid.', [
      { path: 'seatCapacity', message: 'Seats must be a whole number.' },
    ]);
    expect(failureText(invalid)).toBe('The request is not valid. Seats must be a whole number.');
  });

  it('never show an unexpected failure’s own words', () => {
    expect(failureText(new RequestFailedError(500, undefined, 'internal'))).toBe(
      'Something went wrong on our side. Please try again.',
    );
  });

  it('show what the server said about a provider that failed', () => {
    expect(failureText(new RequestFailedError(502, undefined, 'PayPal did not answer.'))).toBe(
      'PayPal did not answer.',
    );
  });

  it('say what kind of failure it was when the server said nothing', () => {
    expect(failureText(new NotSignedInError())).toBe(
      'Your session has expired. Please sign in again.',
    );
    expect(failureText(new RequestFailedError(401))).toBe(
      'Your session has expired. Please sign in again.',
    );
    expect(failureText(new RequestFailedError(404))).toBe('Not found: it may have been removed.');
    expect(failureText(new RequestFailedError(409))).toBe('The request was refused (409).');
    expect(failureText(new TypeError('Failed to fetch'))).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
  });
});
