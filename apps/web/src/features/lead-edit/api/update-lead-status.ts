// PUT /api/leads/update/{id} {status}: the Admin's only lead edit (docs/screens.md); the saved lead replaces every cached copy.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadUpdate } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { leadEditKeys } from './lead-edit-keys';

/** Errors come back untouched: the form lists them and keeps the unsaved change (no navigation away). */
export function updateLeadStatus(id: number, update: LeadUpdate): Promise<Lead> {
  return api.put<Lead>(`/leads/update/${id}`, update, { handleErrors: true });
}

export function updateLeadStatusOptions(id: number) {
  return mutationOptions({
    mutationKey: ['leads', 'update', id],
    mutationFn: (update: LeadUpdate) => updateLeadStatus(id, update),
  });
}

export function useUpdateLeadStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateLeadStatusOptions(id),
    onSuccess: (saved) => {
      queryClient.setQueryData(leadEditKeys.detail(saved.id), saved);
      // An inactive lead leaves the public list (and comes back when reactivated).
      return queryClient.invalidateQueries({ queryKey: leadEditKeys.lists() });
    },
  });
}
