// PUT /api/settings (Admin): change marketplace settings; the settings and the lead lists (their cap) refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketplaceSettings, SettingsUpdate } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { settingsQueryOptions } from '../../../lib/settings';

export function saveSettings(update: SettingsUpdate): Promise<MarketplaceSettings> {
  return api.put<MarketplaceSettings>('/settings', update, { handleErrors: true });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['settings', 'save'],
    mutationFn: saveSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsQueryOptions.queryKey, settings);
      await queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}
