// GET /api/admin/insights?from&to (Admin): the KPIs and chart series of a period.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Insights } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export interface InsightsPeriod {
  from: string;
  to: string;
}

export function getInsights(period: InsightsPeriod): Promise<Insights> {
  return api.get<Insights>('/admin/insights', { query: { ...period } });
}

export function insightsQueryOptions(period: InsightsPeriod) {
  return queryOptions({
    queryKey: ['insights', period],
    queryFn: () => getInsights(period),
    placeholderData: keepPreviousData,
  });
}

export function useInsights(period: InsightsPeriod) {
  return useQuery(insightsQueryOptions(period));
}
