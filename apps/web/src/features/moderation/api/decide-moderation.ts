// PUT /api/moderation/{id}/approve | deactivate (Admin): a decision on a flagged lead; the queue and lead lists refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationItem } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export type ModerationDecision =
  { id: number; approve: true } | { id: number; approve: false; reason: string };

export function decideModeration(decision: ModerationDecision): Promise<ModerationItem> {
  return decision.approve
    ? api.put<ModerationItem>(`/moderation/${decision.id}/approve`, undefined, {
        handleErrors: true,
      })
    : api.put<ModerationItem>(
        `/moderation/${decision.id}/deactivate`,
        { reason: decision.reason },
        { handleErrors: true },
      );
}

export function useDecideModeration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['moderation', 'decide'],
    mutationFn: decideModeration,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['moderation'] });
      await queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}
