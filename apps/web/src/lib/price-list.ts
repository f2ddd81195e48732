// GET /api/packages: the open price list (docs/deviations.md) the purchase popup shows.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FIRST_PAGE, PAGE_SIZE, type Package } from '@dealerleads/shared';
import { api } from './api-client';

export async function getPriceList(signal?: AbortSignal): Promise<Package[]> {
  // The popup says itself when the list cannot load; no navigation away from the leads.
  const { items } = await api.getPage<Package>('/packages', {
    query: { pageNumber: FIRST_PAGE, pageSize: PAGE_SIZE.max },
    handleErrors: true,
    signal,
  });
  return items.filter((item) => item.isActive);
}

export const priceListQueryOptions = queryOptions({
  queryKey: ['packages', 'price-list'] as const,
  queryFn: ({ signal }) => getPriceList(signal),
  staleTime: 5 * 60_000,
});

export function usePriceList() {
  return useQuery(priceListQueryOptions);
}
