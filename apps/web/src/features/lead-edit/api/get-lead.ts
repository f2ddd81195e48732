// GET /api/leads/{id} for the lead edit screen: an Admin gets the whole lead, inactive ones too, with the contact in full.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lead } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { leadEditKeys } from './lead-edit-keys';

/** The global catalogue applies: an unknown id goes to the not-found page, a 500 to server-error. */
export function getLead(id: number, signal?: AbortSignal): Promise<Lead> {
  return api.get<Lead>(`/leads/${id}`, { signal });
}

export function leadQueryOptions(id: number) {
  return queryOptions({
    queryKey: leadEditKeys.detail(id),
    queryFn: ({ signal }) => getLead(id, signal),
  });
}

export function useLead(id: number) {
  return useQuery(leadQueryOptions(id));
}
