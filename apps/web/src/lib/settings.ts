// GET /api/settings (open): the wizard's consent names how many dealers may unlock the number.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, type MarketplaceSettings } from '@dealerleads/shared';
import { api } from './api-client';

export function getSettings(): Promise<MarketplaceSettings> {
  return api.get<MarketplaceSettings>('/settings', { handleErrors: true, anonymous: true });
}

export const settingsQueryOptions = queryOptions({
  queryKey: ['settings'],
  queryFn: getSettings,
  staleTime: 5 * 60_000,
});

/** How many dealers may unlock one lead: the default until the settings arrive (or when they cannot). */
export function useMaxDealersPerLead(): number {
  const { data } = useQuery(settingsQueryOptions);
  return data?.maxDealersPerLead ?? DEFAULT_SETTINGS.maxDealersPerLead;
}
