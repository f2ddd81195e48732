// GET /api/users/{userName}: one member, for Admins or the member themselves (docs/api.md "Members", docs/api.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function getMember(userName: string): Promise<Member> {
  return api.get<Member>(`/users/${encodeURIComponent(userName)}`);
}

export function memberQueryOptions(userName: string) {
  return queryOptions({
    queryKey: ['members', 'detail', userName.toLowerCase()],
    queryFn: () => getMember(userName),
    // The edit form starts from this record: never from a stale copy.
    staleTime: 0,
  });
}

export function useMember(userName: string) {
  return useQuery(memberQueryOptions(userName));
}
