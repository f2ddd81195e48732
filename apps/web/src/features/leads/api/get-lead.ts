// GET /api/leads/{id}: one lead (phone masked unless unlocked); the detail screen reports failures itself (docs/api.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lead } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { leadKeys } from './lead-keys';

export function getLead(id: number, signal?: AbortSignal): Promise<Lead> {
  // handleErrors: a missing lead is the server's text and back to the list, not the not-found page.
  return api.get<Lead>(`/leads/${id}`, { handleErrors: true, signal });
}

export function leadQueryOptions(id: number) {
  return queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => getLead(id, signal),
  });
}

export function useLead(id: number) {
  return useQuery(leadQueryOptions(id));
}
