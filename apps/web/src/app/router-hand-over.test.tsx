import { act, screen } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedInUser } from '../testing/auth-state';
import * as firebase from '../testing/firebase-mock';
import type { AppRouter } from './router';
import { routerHandOver } from './router-hand-over';

vi.mock('../lib/firebase', () => import('../testing/firebase-mock'));
// The app's `react-router/dom` provider is another copy of react-router than
// the pages' under the test runner (not in the build): render the same
// provider from `react-router`, as the other router tests do, under a fresh
// query client.
vi.mock('./App', async () => {
  const { RouterProvider } = await import('react-router');
  const { queryWrapper } = await import('../testing/render-with-query');
  const { useState } = await import('react');
  return {
    App: ({ router }: { router: AppRouter }) => {
      const [{ wrapper: QueryFrame }] = useState(queryWrapper);
      return (
        <QueryFrame>
          <RouterProvider router={router} />
        </QueryFrame>
      );
    },
  };
});

let root: Root;

beforeEach(() => {
  firebase.resetFirebaseMock();
  setSignedInUser(null);
  // The layout restores scroll positions; jsdom cannot scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/wifi7-workshop');
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.replaceChildren();
});

describe('hand-over to the router app', () => {
  it('lets react-router make the move: one history entry, with its state', async () => {
    const historyLength = window.history.length;
    await act(() => routerHandOver(() => root)('/login', { state: { back: '/checkout' } }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(window.location.pathname).toBe('/login');
    expect(window.history.length).toBe(historyLength + 1);
    // Where react-router keeps a location's state; the next page reads it from there.
    expect((window.history.state as { usr?: unknown }).usr).toEqual({ back: '/checkout' });
  });

  it('replaces the entry when asked to, on later moves too', async () => {
    const historyLength = window.history.length;
    const handOver = routerHandOver(() => root);
    await act(() => handOver('/login', { replace: true }));
    await act(() => handOver('/wifi7-workshop', { replace: true }));
    expect(window.location.pathname).toBe('/wifi7-workshop');
    expect(window.history.length).toBe(historyLength);
  });

  it('without a target, starts where the browser is', async () => {
    window.history.replaceState(null, '', '/checkout');
    await act(() => routerHandOver(() => root)());
    // The router app's guard: signed out, the checkout sends to sign-in.
    expect(await screen.findByLabelText('Please enter your email address')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });
});
