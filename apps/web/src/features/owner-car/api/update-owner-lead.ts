// PUT /api/owner/leads/{token}: the owner changes the price or closes the listing; the page shows the answer at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerLead, OwnerLeadUpdate } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { ownerLeadKey } from './get-owner-lead';

export function updateOwnerLead(token: string, update: OwnerLeadUpdate): Promise<OwnerLead> {
  return api.put<OwnerLead>(`/owner/leads/${encodeURIComponent(token)}`, update, {
    handleErrors: true,
    anonymous: true,
  });
}

export function useUpdateOwnerLead(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['owner-lead', 'update'],
    mutationFn: (update: OwnerLeadUpdate) => updateOwnerLead(token, update),
    onSuccess: (lead) => {
      queryClient.setQueryData(ownerLeadKey(token), lead);
      // The lead list and detail may show another price, or no longer this lead.
      void queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}
