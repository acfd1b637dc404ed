/**
 * Shared set-up of the checkout tests: a signed-in buyer, a cart, the
 * visitor's country, a scripted API (every request recorded) and the pages
 * mounted in a memory router next to the toaster.
 */
import type { CartItem, PricingResponse, WorkshopListResponse } from '@wifi7/contract';
import { StrictMode, type ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { paths } from '../config/paths';
import { useCartStore } from '../features/cart';
import { loadFirebase } from '../lib/load-firebase';
import { setSignedInUser } from './auth-state';
import { renderWithQuery } from './render-with-query';
import { installFakeApi, type RecordedRequest, type Reply } from './fake-api';
import * as firebase from './firebase-mock';

export const BUYER_EMAIL = 'ada@example.com';

export const workshopItem: CartItem = {
  productSku: 'WIFI7-LIVE',
  productName: 'Wi-Fi 7 (802.11be) Live Online Workshop',
  batchId: 'WIFI7-2027-01-AM',
};

export const workshopList = (batches = 2): WorkshopListResponse => ({
  availableWorkshops: [
    {
      productSku: workshopItem.productSku,
      productName: workshopItem.productName,
      batchDetails: [
        {
          batchId: 'WIFI7-2027-01-AM',
          batchDescription: 'Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
        },
        {
          batchId: 'WIFI7-2027-02-PM',
          batchDescription:
            'Feb 8 - Mar 31, 2027 (Asia-Pacific) -- Mon & Wed, 7 to 9 PM Pacific Time',
        },
      ].slice(0, batches),
    },
  ],
});

export const priced = (discount = 0, currency: 'USD' | 'INR' = 'USD'): PricingResponse => ({
  success: true,
  message: discount > 0 ? 'Discount code applied.' : 'Prices retrieved.',
  prices: [
    {
      productSku: workshopItem.productSku,
      price: currency === 'USD' ? 499 : 41299,
      currency,
      discount,
    },
  ],
});

/** Signs the buyer in, for the UI (auth store) and for bearer tokens (Firebase stand-in). */
export async function signIn(email = BUYER_EMAIL): Promise<void> {
  firebase.resetFirebaseMock();
  // Load the Firebase module now, so tests with fake timers never wait for it.
  await loadFirebase();
  firebase.fakeAuth.currentUser = {
    uid: 'uid-1',
    email,
    getIdTokenResult: async () => ({
      token: 'id-token',
      expirationTime: new Date(Date.now() + 3600_000).toUTCString(),
    }),
    getIdToken: async () => 'id-token',
  };
  setSignedInUser({ uid: 'uid-1', email });
}

export function fillCart(items: CartItem[] = [workshopItem]): void {
  const cart = useCartStore.getState();
  cart.clearCart();
  for (const item of items) cart.addItem(item);
}

/** The IP look-up answers this country; 'fail' makes it fail (the app then uses US). */
export function visitorCountryIs(country: string | 'fail') {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    if (country === 'fail') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ country }), {
      headers: { 'content-type': 'application/json' },
    });
  });
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/**
 * Scripted API: `routes` maps "METHOD /path" to an answer. Log requests are
 * answered quietly; anything else is a 404, so a stray call shows up.
 */
export function scriptApi(routes: Record<string, Handler | Reply>) {
  const requests = installFakeApi((request) => {
    if (request.url.startsWith('/api/web-logs/')) return { status: 200, data: { token: 't' } };
    const route = routes[`${request.method} ${request.url}`];
    if (!route) return { status: 404, data: { message: 'not scripted' } };
    return typeof route === 'function' ? route(request) : route;
  });
  return {
    requests,
    calls: (method: string, url: string) =>
      requests.filter((request) => request.method === method && request.url === url),
  };
}

/** A promise the test settles itself, for "while in progress" checks. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Mounts `page` at `path` under a fresh query client; the other checkout
 * steps and the workshop page are markers.
 */
export function renderRoute(
  path: string,
  page: ReactElement,
  { strict = false }: { strict?: boolean } = {},
) {
  const others = [
    paths.workshop,
    paths.checkout,
    paths.zohoContact,
    paths.zoho,
    paths.zohoPaymentStatus,
    paths.myOrders,
  ].filter((each) => each !== path);
  const router = createMemoryRouter(
    [
      { path, element: page },
      ...others.map((each) => ({ path: each, element: <h1>{`Page at ${each}`}</h1> })),
    ],
    { initialEntries: [path] },
  );
  const tree = (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
  renderWithQuery(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return router;
}
