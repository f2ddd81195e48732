// GET /api/me/credits: the logged-in dealer's balance and packages, read by the nav bar, the lead list and the
// credits screen under one query key (an unlock refreshes it). Kept tiny: it is in the lead list's first download.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditsSummary } from '@dealerleads/shared';
import { api } from './api-client';
import { isAdmin, useCurrentUser } from './session';

export const myCreditsKey = ['me', 'credits'] as const;

export function myCreditsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...myCreditsKey, userId],
    // A failure here only hides the balance: no toast, no redirect.
    queryFn: () => api.get<CreditsSummary>('/me/credits', { handleErrors: true }),
    staleTime: 30_000,
  });
}

/** The dealer's credits; nothing for visitors and Admins (who unlock without credits). */
export function useMyCredits() {
  const user = useCurrentUser();
  const wanted = user !== null && !isAdmin(user);
  return useQuery({ ...myCreditsQueryOptions(user?.id ?? 0), enabled: wanted });
}
