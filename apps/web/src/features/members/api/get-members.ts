// GET /api/users (Admin): a page of member cards, the total in the Pagination header (docs/screens.md "Members").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Member } from '@dealerleads/shared';
import { apiRequest, readPagination, type Paginated } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { membersTexts } from '../../../i18n/en/members';

export const NO_USERS_FOUND_TEXT = membersTexts.en.noUsersFound;
export const ERROR_LOADING_USERS_TEXT = membersTexts.en.errorLoadingUsers;

export interface MemberSearch {
  pageNumber: number;
  searchterm: string;
  /** undefined: every member, active or not. */
  status?: boolean;
}

export async function getMembers(search: MemberSearch): Promise<Paginated<Member>> {
  const response = await apiRequest<unknown>('/users', {
    query: {
      pageNumber: search.pageNumber,
      pageSize: PAGE_SIZE.members,
      searchterm: search.searchterm,
      status: search.status,
    },
  });
  // docs/api.md: 'No users found' is a warning shown when the member list is not an array.
  if (!Array.isArray(response.data)) {
    notify.warning(NO_USERS_FOUND_TEXT);
    return { items: [], pagination: null };
  }
  return { items: response.data as Member[], pagination: readPagination(response.headers) };
}

export function membersQueryOptions(search: MemberSearch) {
  return queryOptions({
    queryKey: ['members', 'list', search],
    queryFn: () => getMembers(search),
    placeholderData: keepPreviousData,
  });
}

export function useMembers(search: MemberSearch) {
  return useQuery(membersQueryOptions(search));
}
