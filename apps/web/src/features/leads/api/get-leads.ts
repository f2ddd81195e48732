// The lead list's query of GET /api/leads (fetch-leads.ts); the list toasts docs/api.md "Leads load" when it finally fails.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import type { LeadListQuery } from '../lead-filters';
import { takeEarlyLeadPage, takeEarlyLeadRequest } from './early-leads';
import { getLeads, type LeadPage } from './fetch-leads';
import { leadKeys } from './lead-keys';
import { translate } from '../../../i18n/runtime';
import { leadsTexts } from '../../../i18n/en/leads';

export { getLeads, type LeadPage };

/** docs/api.md "Leads load": text and title per failure. */
/** The toast of a failed load, in the reader's language (read when shown). */
const loadError = (kind: 'notFound' | 'unauthorized' | 'other') => ({
  get message() {
    return translate(leadsTexts, `loadError.${kind}`);
  },
  get title() {
    return translate(leadsTexts, `loadError.${kind}Title`);
  },
});

export const leadsLoadErrors = {
  notFound: loadError('notFound'),
  unauthorized: loadError('unauthorized'),
  other: loadError('other'),
} as const;

export function leadsLoadError(error: unknown): { message: string; title: string } {
  const { message, title } =
    error instanceof ApiError && error.status === 404
      ? leadsLoadErrors.notFound
      : error instanceof ApiError && error.status === 401
        ? leadsLoadErrors.unauthorized
        : leadsLoadErrors.other;
  return { message, title };
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
