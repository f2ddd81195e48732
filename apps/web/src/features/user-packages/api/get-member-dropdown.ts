// GET /api/users/dropdown (Admin): every member as id, userName and name, for the user-package form's User select.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberDropdownItem } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function getMemberDropdown(): Promise<MemberDropdownItem[]> {
  // A failure is the form's to report ('Failed to load users or packages data'), not a page change.
  return api.get<MemberDropdownItem[]>('/users/dropdown', { handleErrors: true });
}

export const memberDropdownQueryOptions = queryOptions({
  queryKey: ['members', 'dropdown'],
  queryFn: getMemberDropdown,
});

export function useMemberDropdown() {
  return useQuery(memberDropdownQueryOptions);
}
