import { screen } from '@testing-library/react';
import { renderWithQuery } from '../testing/render-with-query';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedInUser } from '../testing/auth-state';
import * as firebase from '../testing/firebase-mock';
import { BrowserPublicShell } from './PublicShell';
import type { HandOver } from './router-hand-over';

vi.mock('../lib/firebase', () => import('../testing/firebase-mock'));

beforeEach(() => {
  firebase.resetFirebaseMock();
  window.history.replaceState(null, '', '/login');
});

/** The shell at /login, with the hand-over to the router app stubbed. */
async function renderShell({ signedIn = false, handOver = vi.fn<HandOver>(async () => {}) } = {}) {
  setSignedInUser(signedIn ? { uid: 'uid-1', email: 'ada@example.com' } : null);
  const preloadRouter = vi.fn();
  renderWithQuery(<BrowserPublicShell handOver={handOver} preloadRouter={preloadRouter} />);
  if (!signedIn) await screen.findByLabelText('Please enter your email address');
  return { handOver, preloadRouter, user: userEvent.setup() };
}

describe('light public shell', () => {
  it('shows the page the visit opened at and moves nowhere by itself', async () => {
    const historyLength = window.history.length;
    const { handOver } = await renderShell();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(handOver).not.toHaveBeenCalled();
    expect(window.history.length).toBe(historyLength);
  });

  it('hands a link to the router app, which makes the move', async () => {
    const historyLength = window.history.length;
    const { handOver, user } = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('link', { name: 'Workshop' }));
    expect(handOver).toHaveBeenCalledWith('/wifi7-workshop', {
      replace: undefined,
      state: undefined,
    });
    // The shell writes no history entry: react-router does.
    expect(window.location.pathname).toBe('/login');
    expect(window.history.length).toBe(historyLength);
  });

  it('hands a redirect over with its replace', async () => {
    const { handOver } = await renderShell({ signedIn: true });
    await vi.waitFor(() =>
      expect(handOver).toHaveBeenCalledWith('/wifi7-workshop', { replace: true, state: undefined }),
    );
  });

  it('hands back and forward over: the router app starts where the browser went', async () => {
    const { handOver } = await renderShell();
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    // No target: the router app starts at the address the browser is at.
    expect(handOver).toHaveBeenCalledWith(undefined, undefined);
  });

  it('shows the error page when the router app cannot load', async () => {
    const handOver = vi.fn<HandOver>(() => Promise.reject(new Error('chunk gone')));
    const { user } = await renderShell({ handOver });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('link', { name: 'Workshop' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
  });

  it("fetches the router app's code when a link or button is pointed at, not before", async () => {
    const { preloadRouter, user } = await renderShell();
    await user.hover(screen.getByRole('heading', { level: 1 }));
    expect(preloadRouter).not.toHaveBeenCalled();
    await user.hover(screen.getByRole('button', { name: 'Menu' }));
    expect(preloadRouter).toHaveBeenCalled();
  });
});
