/**
 * The back office's API as the contract declares it: every path under
 * /api/seller/ in any of the contract's route tables, so a route added
 * there is checked here without anyone listing it again.
 */
import * as contract from '@wifi7/contract';
import type { Page } from '@playwright/test';
import { idTokenFor } from './buyers-api';
import { siteUrl } from './urls';

const SELLER_PREFIX = '/api/seller/';

/** The methods a route may answer; the contract names paths only. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A table of paths such as `sellerOrderRoutes`: a plain object of strings only. */
function isRouteTable(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.values(value).every((each) => typeof each === 'string')
  );
}

/** Every /api/seller/ path of the contract's route tables, with its `:parameters`. */
export function sellerPathsOfContract(): string[] {
  const paths = Object.values(contract)
    .filter(isRouteTable)
    .flatMap((table) => Object.values(table))
    .filter((path) => path.startsWith(SELLER_PREFIX));
  return [...new Set(paths)].sort();
}

/**
 * `path` with each `:parameter` replaced by a real value from `values`, so
 * a route that forgot to check the role would find the thing and answer
 * 200, not 404. A parameter without a value fails loudly.
 */
export function withParameters(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path}: give :${name} a real value`);
    return encodeURIComponent(value);
  });
}

/** The signed-in user's Firebase ID token, as the app keeps it in the browser. */
export function idTokenOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const opened = indexedDB.open('firebaseLocalStorageDb');
        opened.onerror = () => reject(new Error('no Firebase storage'));
        opened.onsuccess = () => {
          const all = opened.result
            .transaction('firebaseLocalStorage')
            .objectStore('firebaseLocalStorage')
            .getAll();
          all.onsuccess = () => {
            const user = (
              all.result as { value?: { stsTokenManager?: { accessToken?: string } } }[]
            ).find((entry) => entry.value?.stsTokenManager?.accessToken);
            if (user) resolve(user.value!.stsTokenManager!.accessToken!);
            else reject(new Error('nobody is signed in'));
          };
        };
      }),
  );
}

/** PUTs `body` to a back-office path as `seller` (a proven address on the allow-list). */
export async function putAsSeller(seller: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${siteUrl}${path}`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await idTokenFor(seller)}`,
    },
    body: JSON.stringify(body),
  });
}
