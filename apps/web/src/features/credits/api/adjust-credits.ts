// POST /api/members/{userId}/credits/adjustments (Admin): add or take credits with a reason; balances and ledgers refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditAdjustment, CreditsSummary } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { myCreditsKey } from '../../../lib/my-credits';

export function adjustCredits(userId: number, input: CreditAdjustment): Promise<CreditsSummary> {
  return api.post<CreditsSummary>(`/members/${userId}/credits/adjustments`, input, {
    handleErrors: true,
  });
}

export function useAdjustCredits(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['credits', 'adjust', userId],
    mutationFn: (input: CreditAdjustment) => adjustCredits(userId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCreditsKey }),
  });
}
