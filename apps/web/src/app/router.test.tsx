import { screen } from '@testing-library/react';
import { renderWithQuery } from '../testing/render-with-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../features/cart';
import { setSignedInUser } from '../testing/auth-state';
import * as firebase from '../testing/firebase-mock';
import { appRoutes } from './router';

vi.mock('../lib/firebase', () => import('../testing/firebase-mock'));

beforeEach(() => {
  firebase.resetFirebaseMock();
  useCartStore.getState().clearCart();
  // The layout restores scroll positions; jsdom cannot scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

function renderAt(path: string, auth: 'loading' | 'signed-out' | 'signed-in' = 'signed-out') {
  if (auth !== 'loading') {
    setSignedInUser(auth === 'signed-in' ? { uid: 'uid-1', email: 'ada@example.com' } : null);
  }
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

describe('route table', () => {
  it.each([
    '/does-not-exist',
    '/',
    '/checkout-typo',
    '/wifi7-workshop/extra/segments',
    // Case and trailing-slash variants of the spec's routes are other paths.
    '/LOGIN',
    '/Login',
    '/login/',
    '/Wifi7-Workshop',
    '/wifi7-workshop/',
    '/checkout/',
    '/Checkout',
    '/checkout/Zoho',
    '/checkout/zoho-payment-status/',
  ])('redirects %s to /wifi7-workshop, replacing the history entry', async (path) => {
    const router = renderAt(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wi-Fi 7 Workshop' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the login page at /login', async () => {
    renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(screen.getByLabelText('Please enter your email address')).toBeInTheDocument();
  });

  it('sends a signed-in visitor from /login to the workshop', async () => {
    const router = renderAt('/login', 'signed-in');
    await screen.findByRole('heading', { level: 1, name: 'Wi-Fi 7 Workshop' });
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
  });

  it.each([
    '/checkout',
    '/checkout/zoho-contact',
    '/checkout/zoho',
    '/checkout/zoho-payment-status',
  ])('guards %s: signed out goes to /login', async (path) => {
    const router = renderAt(path);
    await screen.findByLabelText('Please enter your email address');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('waits for the session before deciding on /checkout', async () => {
    const router = renderAt('/checkout', 'loading');
    expect(await screen.findByText('Checking your sign-in…')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('lets a signed-in visitor with a cart into /checkout', async () => {
    useCartStore
      .getState()
      .addItem({ productSku: 'WIFI7-LIVE', productName: 'Wi-Fi 7 Workshop', batchId: 'B1' });
    const router = renderAt('/checkout', 'signed-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });
});
