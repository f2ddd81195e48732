// A paged, searchable list's page and search term, kept in the URL (?page=2&q=…) so Back and reload return to the same page.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { FIRST_PAGE } from '@dealerleads/shared';

export const PAGE_PARAM = 'page';
export const SEARCH_PARAM = 'q';

function pageOf(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= FIRST_PAGE ? page : FIRST_PAGE;
}

export function usePageAndSearch() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get(PAGE_PARAM));
  const searchterm = params.get(SEARCH_PARAM) ?? '';

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next <= FIRST_PAGE) updated.delete(PAGE_PARAM);
        else updated.set(PAGE_PARAM, String(next));
        return updated;
      }),
    [setParams],
  );

  /** A new search starts on the first page; typing does not pile up history entries. */
  const setSearchterm = useCallback(
    (text: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if ((updated.get(SEARCH_PARAM) ?? '') === text) return current;
          if (text === '') updated.delete(SEARCH_PARAM);
          else updated.set(SEARCH_PARAM, text);
          updated.delete(PAGE_PARAM);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Another filter of the list (e.g. a status select); changing it starts on the first page. */
  const setFilter = useCallback(
    (name: string, value: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (value === '') updated.delete(name);
          else updated.set(name, value);
          updated.delete(PAGE_PARAM);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Back to the defaults: first page, no search, no filters. */
  const reset = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return { page, searchterm, params, setPage, setSearchterm, setFilter, reset };
}
