// The lead list's query of GET /api/leads (fetch-leads.ts); the list toasts docs/api.md "Leads load" when it finally fails.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import type { LeadListQuery } from '../lead-filters';
import { takeEarlyLeadPage, takeEarlyLeadRequest } from './early-leads';
import { getLeads, type LeadPage } from './fetch-leads';
import { leadKeys } from './lead-keys';

export { getLeads, type LeadPage };

/** docs/api.md "Leads load": text and title per failure. */
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

export function leadsQueryOptions(query: LeadListQuery) {
  // The first script's request for this page, if any (early-leads.ts): its answer, or the request itself.
  let early: ReturnType<typeof takeEarlyLeadPage>;
  return queryOptions({
    queryKey: leadKeys.list(query),
    // `context.signal` is read only when asking anew: reading it lets TanStack Query cancel the request.
    queryFn: (context) => takeEarlyLeadRequest(query) ?? getLeads(query, context.signal),
    initialData: () => (early = takeEarlyLeadPage(query))?.page,
    initialDataUpdatedAt: () => early?.at,
    // The last page stays on screen while the next one loads: no flash of skeletons between pages.
    placeholderData: keepPreviousData,
  });
}

export function useLeads(query: LeadListQuery) {
  return useQuery(leadsQueryOptions(query));
}
