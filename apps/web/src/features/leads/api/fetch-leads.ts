// GET /api/leads: one page of leads with its Pagination header. Kept apart from TanStack Query so the
// first script can ask for the lead list's page before the rest of the app has downloaded (early-leads.ts).
import type { Lead, Pagination } from '@dealerleads/shared';
import { apiRequest, readPagination } from '../../../lib/api-client';
import { toApiQuery, type LeadListQuery } from '../lead-filters';

export interface LeadPage {
  items: Lead[];
  /** null when the answer carried no Pagination header: the pagers are then hidden (docs/screens.md). */
  pagination: Pagination | null;
}

export async function getLeads(query: LeadListQuery, signal?: AbortSignal): Promise<LeadPage> {
  // The lead list always handles its own errors (docs/api.md), whatever the client would do.
  const response = await apiRequest<unknown>('/leads', {
    query: toApiQuery(query),
    handleErrors: true,
    signal,
  });
  return {
    items: Array.isArray(response.data) ? (response.data as Lead[]) : [],
    pagination: readPagination(response.headers),
  };
}
