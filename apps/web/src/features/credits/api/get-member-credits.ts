// GET /api/members/{userId}/credits (Admin): a member's balance and active packages.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditsSummary } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { myCreditsKey } from '../../../lib/my-credits';

export function memberCreditsQueryOptions(userId: number) {
  return queryOptions({
    // Under the credits key, so an adjustment refreshes it with the ledgers.
    queryKey: [...myCreditsKey, 'member', userId],
    queryFn: () => api.get<CreditsSummary>(`/members/${userId}/credits`),
  });
}

export function useMemberCredits(userId: number) {
  return useQuery(memberCreditsQueryOptions(userId));
}
