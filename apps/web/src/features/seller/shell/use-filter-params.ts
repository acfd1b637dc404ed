import { useSearchParams } from 'react-router';

/**
 * A list's filters and page, kept in the address's query so a view can be
 * shared, bookmarked and reloaded. `update` sets some of them (an empty
 * value removes one); any change but the page's starts again at page 1.
 * A page the address cannot mean is the first.
 */
export function useFilterParams<Key extends string>() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Partial<Record<Key | 'page', string>>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries<string | undefined>(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  const setPage = (next: number) =>
    update({ page: String(next) } as Partial<Record<Key | 'page', string>>);
  return { params, setParams, update, page, setPage };
}
