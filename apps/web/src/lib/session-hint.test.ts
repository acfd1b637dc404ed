import { describe, expect, it } from 'vitest';
import {
  mayBeSignInLink,
  mayHaveStoredSession,
  SESSION_HINT_KEY,
  sessionHint,
} from './session-hint';

describe('whether a session may be stored', () => {
  it('says no for a browser that never signed in', async () => {
    expect(await mayHaveStoredSession()).toBe(false);
  });

  it('follows the hint Firebase reports left', async () => {
    sessionHint.set(true);
    expect(await mayHaveStoredSession()).toBe(true);
    sessionHint.set(false);
    expect(await mayHaveStoredSession()).toBe(false);
  });

  it("says maybe when Firebase's localStorage fallback holds a user", async () => {
    localStorage.setItem('firebase:authUser:key:[DEFAULT]', '{}');
    expect(await mayHaveStoredSession()).toBe(true);
  });

  it('ignores a hint it did not write', async () => {
    localStorage.setItem(SESSION_HINT_KEY, 'yes');
    expect(await mayHaveStoredSession()).toBe(false);
  });
});

describe('whether an address can be a sign-in link', () => {
  it('needs a one-time code', () => {
    expect(mayBeSignInLink('http://x/wifi7-workshop?mode=signIn&oobCode=abc')).toBe(true);
    expect(mayBeSignInLink('http://x/wifi7-workshop')).toBe(false);
  });
});
