// GET /api/userpackage/{id}: one assignment, read afresh when its edit opens (a dealer may have spent credits since the list loaded).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPackage } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function getUserPackage(id: number): Promise<UserPackage> {
  // Inside a modal: a failure is reported there rather than by leaving the page.
  return api.get<UserPackage>(`/userpackage/${id}`, { handleErrors: true });
}

export function userPackageQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['user-packages', 'detail', id],
    queryFn: () => getUserPackage(id),
    staleTime: 0,
  });
}

/** The assignment with this id, always refetched; idle for a new one (null). */
export function useUserPackage(id: number | null) {
  return useQuery({
    ...userPackageQueryOptions(id ?? 0),
    enabled: id !== null,
    // Cached copies may be out of date: only a fetch made for this opening counts.
    refetchOnMount: 'always',
  });
}
