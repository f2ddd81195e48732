// Live notifications: an EventSource opened with a short-lived ticket (it cannot send the bearer token), resumed from
// the last notification seen after any drop, so a tab neither misses nor repeats one.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppNotification, UnreadCount } from '@dealerleads/shared';
import { API_BASE } from '../../lib/api-client';
import { getStreamTicket, notificationsKey, savedSearchesKey } from './api/alerts';

const RETRY_MS = 2000;

/** `startAfter`: the newest notification id the tab already has (from the list), or undefined while it loads. */
export function useNotificationStream(startAfter: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (startAfter === undefined || typeof EventSource === 'undefined') return;
    let lastId = startAfter;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const receive = (event: MessageEvent<string>) => {
      const notification = JSON.parse(event.data) as AppNotification;
      if (notification.id <= lastId) return;
      lastId = notification.id;
      queryClient.setQueryData<AppNotification[]>([...notificationsKey, 'list'], (list) =>
        list ? [notification, ...list.filter((n) => n.id !== notification.id)] : [notification],
      );
      queryClient.setQueryData<UnreadCount>([...notificationsKey, 'unread'], (count) => ({
        unread: (count?.unread ?? 0) + 1,
      }));
      void queryClient.invalidateQueries({ queryKey: savedSearchesKey });
    };

    const connect = async () => {
      try {
        const { ticket } = await getStreamTicket();
        if (stopped) return;
        const query = new URLSearchParams({ ticket, lastEventId: String(lastId) });
        source = new EventSource(`${API_BASE}/notifications/stream?${query.toString()}`);
        source.addEventListener('notification', receive as EventListener);
        // Too many tabs of this member have a stream: this one was replaced by a newer one and stays quiet.
        source.addEventListener('closed', () => {
          stopped = true;
          source?.close();
        });
        // A ticket opens one stream only (and expires in a minute): any drop gets a new one and resumes.
        source.onerror = () => {
          source?.close();
          if (!stopped) retry = setTimeout(() => void connect(), RETRY_MS);
        };
      } catch {
        if (!stopped) retry = setTimeout(() => void connect(), RETRY_MS * 5);
      }
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [startAfter, queryClient]);
}
