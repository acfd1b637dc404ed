/**
 * The visitor's country from a third-party IP-geolocation service (spec
 * section 7): GET the configured URL, accepting JSON, 5-second time-out,
 * read `country`. Any failure is logged and answers US, silently for the
 * visitor (spec section 8). One look-up per visit is shared by all callers.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_COUNTRY_CODE, INDIA_COUNTRY_CODE } from '@wifi7/contract';
import { getPublicConfig } from '../config/public-config';
import { remoteLog } from './remote-log';

export const COUNTRY_LOOKUP_TIMEOUT_MS = 5000;

export interface VisitorLocation {
  country: string;
  /** False when the look-up failed and `country` is the US fallback. */
  lookedUp: boolean;
}

export async function lookUpCountry(
  url: string,
  fetcher: typeof fetch = fetch,
  log: (message: string) => unknown = (message) => remoteLog.warning(message),
): Promise<VisitorLocation> {
  try {
    const response = await fetcher(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(COUNTRY_LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as { country?: unknown };
    const country = typeof body.country === 'string' ? body.country.trim().toUpperCase() : '';
    if (!/^[A-Z]{2}$/.test(country)) throw new Error('no two-letter country in the answer');
    return { country, lookedUp: true };
  } catch (error) {
    void log(
      `country lookup failed (${(error as Error).name}: ${(error as Error).message}); using ${FALLBACK_COUNTRY_CODE}`,
    );
    return { country: FALLBACK_COUNTRY_CODE, lookedUp: false };
  }
}

/** The visitor's location: one look-up per visit, whose answer does not go stale. */
const visitorLocationQuery = queryOptions({
  queryKey: ['visitor-location'],
  queryFn: () => lookUpCountry(getPublicConfig().geolocationUrl),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** `undefined` while the look-up runs. */
export function useVisitorLocation(): VisitorLocation | undefined {
  return useQuery(visitorLocationQuery).data;
}

/** `undefined` while the look-up runs. */
export function useVisitorCountry(): string | undefined {
  return useVisitorLocation()?.country;
}

/**
 * Spec section 4, "India detection": a looked-up country of IN, or a chosen
 * country code IN, selects the India path.
 */
export function isIndiaPath(lookedUpCountry: string | undefined, chosenCountry?: string): boolean {
  return lookedUpCountry === INDIA_COUNTRY_CODE || chosenCountry === INDIA_COUNTRY_CODE;
}
