// GET /api/owner/leads/{token}: the owner's car through their private link (no login; the token is the key).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerLead } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export const ownerLeadKey = (token: string) => ['owner-lead', token] as const;

export function getOwnerLead(token: string): Promise<OwnerLead> {
  return api.get<OwnerLead>(`/owner/leads/${encodeURIComponent(token)}`, {
    handleErrors: true,
    anonymous: true,
  });
}

export function ownerLeadQueryOptions(token: string) {
  return queryOptions({
    queryKey: ownerLeadKey(token),
    queryFn: () => getOwnerLead(token),
    retry: false,
  });
}

export function useOwnerLead(token: string) {
  return useQuery(ownerLeadQueryOptions(token));
}
