// Saved searches and notifications: the nav menus' API calls and their TanStack queries.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppNotification,
  EmailMode,
  SavedSearch,
  SavedSearchFilters,
  StreamTicket,
  UnreadCount,
} from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export const savedSearchesKey = ['saved-searches'] as const;
export const notificationsKey = ['notifications'] as const;

export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchesKey,
    queryFn: () => api.get<SavedSearch[]>('/saved-searches', { handleErrors: true }),
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; filters: SavedSearchFilters; emailMode: EmailMode }) =>
      api.post<SavedSearch>('/saved-searches', input, { handleErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number; emailMode?: EmailMode; name?: string }) =>
      api.put<SavedSearch>(`/saved-searches/${id}`, changes, { handleErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/saved-searches/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

export function useOpenSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<SavedSearch>(`/saved-searches/${id}/open`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

export function useNotifications() {
  return useQuery({
    queryKey: [...notificationsKey, 'list'],
    queryFn: () => api.get<AppNotification[]>('/notifications', { handleErrors: true }),
  });
}

export function useUnreadCount() {
  return useQuery({
    queryKey: [...notificationsKey, 'unread'],
    queryFn: () => api.get<UnreadCount>('/notifications/unread-count', { handleErrors: true }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<UnreadCount>('/notifications/read', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function getStreamTicket(): Promise<StreamTicket> {
  return api.post<StreamTicket>('/notifications/stream-ticket', undefined, { handleErrors: true });
}
