/**
 * The billing form's country list (spec section 3, "Country list entry"):
 * about 250 countries and territories, with their states or regions, from
 * the maintained `country-region-data` package (MIT). It is loaded on
 * demand, in its own chunk, so it never weighs on the first paint.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface Country {
  name: string;
  isoCode: string;
  /** State or region names, possibly empty. */
  states: string[];
}

/**
 * Loaded once per visit and kept: the list does not change. A failed load
 * is not retried on its own (the form offers to), and a later attempt
 * imports the chunk anew.
 */
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: async () => {
    const { allCountries } = await import('country-region-data');
    return allCountries.map(([name, isoCode, regions]) => ({
      name,
      isoCode,
      states: regions.map(([regionName]) => regionName),
    }));
  },
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

export type CountriesState =
  | { status: 'loading' }
  | { status: 'ready'; countries: Country[] }
  | { status: 'failed'; retry: () => void };

export function useCountries(): CountriesState {
  const query = useQuery(countriesQuery);
  if (query.data) return { status: 'ready', countries: query.data };
  if (query.isError && !query.isFetching) {
    return { status: 'failed', retry: () => void query.refetch() };
  }
  return { status: 'loading' };
}
