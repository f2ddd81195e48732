// GET /api/packages: a page of the price list (Admins also get inactive packages), paging in the Pagination header.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Package } from '@dealerleads/shared';
import { api, type Paginated } from '../../../lib/api-client';

export interface PackageSearch {
  pageNumber: number;
  searchterm: string;
}

export function getPackages(search: PackageSearch): Promise<Paginated<Package>> {
  return api.getPage<Package>('/packages', {
    query: {
      pageNumber: search.pageNumber,
      pageSize: PAGE_SIZE.packages,
      searchterm: search.searchterm,
    },
  });
}

export function packagesQueryOptions(search: PackageSearch) {
  return queryOptions({
    // docs/api.md: "Results are cached by the parameter combination."
    queryKey: ['packages', 'list', search],
    queryFn: () => getPackages(search),
    placeholderData: keepPreviousData,
  });
}

export function usePackages(search: PackageSearch) {
  return useQuery(packagesQueryOptions(search));
}
