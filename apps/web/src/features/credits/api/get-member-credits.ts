// GET /api/members/{userId}/credits (Admin): a member's balance and active packages, and who the member is.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberCreditsSummary } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { myCreditsKey } from '../../../lib/my-credits';

export function memberCreditsQueryOptions(userId: number) {
  return queryOptions({
    // Under the credits key, so an adjustment refreshes it with the ledgers.
    queryKey: [...myCreditsKey, 'member', userId],
    queryFn: () => api.get<MemberCreditsSummary>(`/members/${userId}/credits`),
  });
}

export function useMemberCredits(userId: number) {
  return useQuery(memberCreditsQueryOptions(userId));
}
