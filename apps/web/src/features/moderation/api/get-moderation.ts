// GET /api/moderation (Admin): one page of the leads in a moderation status, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationItem, ModerationStatus } from '@dealerleads/shared';
import { api, type Paginated } from '../../../lib/api-client';

export const MODERATION_PAGE_SIZE = 20;

export interface ModerationSearch {
  status: ModerationStatus;
  pageNumber: number;
}

export function getModeration(search: ModerationSearch): Promise<Paginated<ModerationItem>> {
  return api.getPage<ModerationItem>('/moderation', {
    query: { ...search, pageSize: MODERATION_PAGE_SIZE },
  });
}

export function moderationQueryOptions(search: ModerationSearch) {
  return queryOptions({
    queryKey: ['moderation', search],
    queryFn: () => getModeration(search),
    placeholderData: keepPreviousData,
  });
}

export function useModeration(search: ModerationSearch) {
  return useQuery(moderationQueryOptions(search));
}
