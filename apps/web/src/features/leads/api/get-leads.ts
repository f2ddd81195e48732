// GET /api/leads: one page of leads with its Pagination header; the list toasts spec §8 "Leads load" when it finally fails.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Lead, Pagination } from '@dealerleads/shared';
import { apiRequest, readPagination } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { toApiQuery, type LeadListQuery } from '../lead-filters';
import { leadKeys } from './lead-keys';

export interface LeadPage {
  items: Lead[];
  /** null when the answer carried no Pagination header: the pagers are then hidden (spec §2.3). */
  pagination: Pagination | null;
}

/** spec §8 "Leads load": text and title per failure. */
export const leadsLoadErrors = {
  notFound: { message: 'No leads found', title: 'Not Found' },
  unauthorized: { message: 'You need to be logged in to view leads', title: 'Unauthorized' },
  other: { message: 'Failed to load leads. Please try again later.', title: 'Error' },
} as const;

export function leadsLoadError(error: unknown): { message: string; title: string } {
  if (error instanceof ApiError && error.status === 404) return leadsLoadErrors.notFound;
  if (error instanceof ApiError && error.status === 401) return leadsLoadErrors.unauthorized;
  return leadsLoadErrors.other;
}

export async function getLeads(query: LeadListQuery, signal?: AbortSignal): Promise<LeadPage> {
  // The lead list always handles its own errors (spec §7), whatever the client would do.
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

export function leadsQueryOptions(query: LeadListQuery) {
  return queryOptions({
    queryKey: leadKeys.list(query),
    queryFn: ({ signal }) => getLeads(query, signal),
    // The last page stays on screen while the next one loads: no flash of skeletons between pages.
    placeholderData: keepPreviousData,
  });
}

export function useLeads(query: LeadListQuery) {
  return useQuery(leadsQueryOptions(query));
}
