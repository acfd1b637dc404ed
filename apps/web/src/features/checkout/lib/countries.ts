/**
 * The billing form's country list (spec section 3, "Country list entry"):
 * about 250 countries and territories, with their states or regions, from
 * the maintained `country-region-data` package (MIT). It is loaded on
 * demand, in its own chunk, so it never weighs on the first paint.
 */
import { useEffect, useState } from 'react';

export interface Country {
  name: string;
  isoCode: string;
  /** State or region names, possibly empty. */
  states: string[];
}

let loading: Promise<Country[]> | undefined;

export function loadCountries(): Promise<Country[]> {
  loading ??= import('country-region-data')
    .then(({ allCountries }) =>
      allCountries.map(([name, isoCode, regions]) => ({
        name,
        isoCode,
        states: regions.map(([regionName]) => regionName),
      })),
    )
    .catch((error: unknown) => {
      // Let a later attempt try again (e.g. after a flaky connection).
      loading = undefined;
      throw error;
    });
  return loading;
}

export type CountriesState =
  | { status: 'loading' }
  | { status: 'ready'; countries: Country[] }
  | { status: 'failed'; retry: () => void };

export function useCountries(): CountriesState {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; countries?: Country[] }>();

  useEffect(() => {
    let active = true;
    loadCountries().then(
      (countries) => active && setResult({ attempt, countries }),
      () => active && setResult({ attempt }),
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  if (result?.attempt !== attempt) return { status: 'loading' };
  if (result.countries) return { status: 'ready', countries: result.countries };
  return { status: 'failed', retry: () => setAttempt((n) => n + 1) };
}
