// TanStack Query keys of the lead screens, one place so the unlock can update every cached copy of a lead.
import type { LeadListQuery } from '../lead-filters';

export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (query: LeadListQuery) => [...leadKeys.lists(), query] as const,
  details: () => [...leadKeys.all, 'detail'] as const,
  detail: (id: number) => [...leadKeys.details(), id] as const,
};
