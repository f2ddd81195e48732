// The caller's payment, refund and unlocked-lead events (GET /api/me/events) for the bell, and marking them read.
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountEvents, UnreadCount } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { myCreditsKey } from '../../../lib/my-credits';

export const accountEventsKey = ['me', 'events'] as const;

/** How often an open tab looks for new events (a push shows them at once on a subscribed device). */
export const ACCOUNT_EVENTS_POLL_MS = 60_000;

/** The answer's shape, checked by hand (zod stays out of the nav's chunk): anything else reads as no events. */
function accountEventsOf(data: unknown): AccountEvents {
  const value = (typeof data === 'object' && data !== null ? data : {}) as Partial<AccountEvents>;
  return {
    items: Array.isArray(value.items) ? value.items : [],
    unread: Number.isInteger(value.unread) ? Number(value.unread) : 0,
  };
}

export function useAccountEvents() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: accountEventsKey,
    queryFn: () => api.get<unknown>('/me/events', { handleErrors: true }).then(accountEventsOf),
    refetchInterval: ACCOUNT_EVENTS_POLL_MS,
    refetchOnWindowFocus: true,
  });
  // A new event may be a confirmed payment or a refund: the balance in the nav is read again, not left stale.
  const newest = query.data?.items[0]?.id;
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined) return;
    if (seen.current !== undefined && newest !== seen.current)
      void queryClient.invalidateQueries({ queryKey: myCreditsKey });
    seen.current = newest;
  }, [newest, queryClient]);
  return query;
}

export function useMarkAccountEventsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<UnreadCount>('/me/events/read', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountEventsKey }),
  });
}
