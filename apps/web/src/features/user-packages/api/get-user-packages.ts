// GET /api/userpackage (Admin): a page of package assignments, newest first, paging in the Pagination header.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type UserPackage } from '@dealerleads/shared';
import { api, type Paginated } from '../../../lib/api-client';

export interface UserPackageSearch {
  pageNumber: number;
  searchterm: string;
}

export function getUserPackages(search: UserPackageSearch): Promise<Paginated<UserPackage>> {
  return api.getPage<UserPackage>('/userpackage', {
    query: {
      pageNumber: search.pageNumber,
      pageSize: PAGE_SIZE.userPackages,
      searchterm: search.searchterm,
    },
  });
}

export function userPackagesQueryOptions(search: UserPackageSearch) {
  return queryOptions({
    queryKey: ['user-packages', 'list', search],
    queryFn: () => getUserPackages(search),
    placeholderData: keepPreviousData,
  });
}

export function useUserPackages(search: UserPackageSearch) {
  return useQuery(userPackagesQueryOptions(search));
}
