// GET /api/me/leads/follow-ups: the nav badge's counts (apart from My Leads' calls: the nav loads it).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowUpCounts } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function followUpCountsQueryOptions() {
  return queryOptions({
    // Under My Leads' key: a stage or date change there refreshes the badge.
    queryKey: ['my-leads', 'follow-ups'],
    queryFn: () => api.get<FollowUpCounts>('/me/leads/follow-ups', { handleErrors: true }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

export function useFollowUpCounts() {
  return useQuery(followUpCountsQueryOptions());
}
