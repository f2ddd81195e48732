// The bell: unread count, the caller's account events (payments, refunds, unlocked leads sold or repriced) and the
// latest notifications (new matching leads) in a dropdown, the latter live over Server-Sent Events.
import { useState } from 'react';
import { Link } from 'react-router';
import { findBrand } from '@dealerleads/shared/catalogues';
import { paths } from '../../config/paths';
import { formatInr } from '../../lib/format';
import { useAccountEvents, useMarkAccountEventsRead } from './api/account-events';
import { useMarkAllRead, useNotifications, useUnreadCount } from './api/alerts';
import { NavDropdown } from './nav-dropdown';
import { PushToggle } from './push-toggle';
import { useNotificationStream } from './use-notification-stream';
import { alertsTexts } from '../../i18n/en/alerts';
import { useT } from '../../i18n/runtime';

export function NotificationBell() {
  const t = useT(alertsTexts);
  const notifications = useNotifications();
  const unread = useUnreadCount();
  const markAllRead = useMarkAllRead();
  const events = useAccountEvents();
  const markEventsRead = useMarkAccountEventsRead();
  // The stream starts after the newest notification the first list load showed, once.
  const [startAfter, setStartAfter] = useState<number>();
  if (startAfter === undefined && notifications.isSuccess)
    setStartAfter(notifications.data.reduce((max, n) => Math.max(max, n.id), 0));
  if (startAfter === undefined && notifications.isError) setStartAfter(0);
  useNotificationStream(startAfter);

  const items = notifications.data ?? [];
  const eventItems = events.data?.items ?? [];
  const unreadEvents = events.data?.unread ?? 0;
  const unreadLeads = unread.data?.unread ?? 0;
  return (
    <NavDropdown
      icon="bi-bell"
      label={t('notifications')}
      count={unreadLeads + unreadEvents}
      countTestId="notification-count"
    >
      {(close) => (
        <>
          <PushToggle />
          {eventItems.length > 0 ? (
            <>
              <div className="d-flex justify-content-between align-items-center mb-2">
                <strong>{t('yourAccount')}</strong>
                <button
                  type="button"
                  className="btn btn-link btn-sm"
                  disabled={unreadEvents === 0}
                  onClick={() => markEventsRead.mutate()}
                >
                  {t('markRead')}
                </button>
              </div>
              <ul className="list-unstyled mb-3 small" aria-label={t('yourAccount')}>
                {eventItems.slice(0, 5).map((event) => (
                  <li
                    key={event.id}
                    className={`py-1 border-top ${event.read ? '' : 'fw-semibold'}`}
                  >
                    <Link to={event.url} onClick={close} className="text-reset">
                      {event.title}
                    </Link>
                    <div className="text-body-secondary">{event.body}</div>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <div className="d-flex justify-content-between align-items-center mb-2">
            <strong>{t('newLeadsForSearches')}</strong>
            <button
              type="button"
              className="btn btn-link btn-sm"
              disabled={unreadLeads === 0}
              onClick={() => markAllRead.mutate()}
            >
              {t('markAllRead')}
            </button>
          </div>
          {items.length === 0 ? (
            <p className="text-body-secondary small mb-0">{t('noNotifications')}</p>
          ) : (
            <ul className="list-unstyled mb-0 small" aria-label={t('notifications')}>
              {items.slice(0, 10).map((n) => (
                <li key={n.id} className={`py-1 border-top ${n.read ? '' : 'fw-semibold'}`}>
                  <Link to={paths.leadDetail(n.leadId)} onClick={close} className="text-reset">
                    {t('notificationLine', {
                      car: `${n.year} ${findBrand(n.brand)?.label ?? n.brand} ${n.model}`,
                      city: n.city,
                    })}{' '}
                    {formatInr(n.price)}
                  </Link>
                  <div className="text-body-secondary">{n.savedSearchName}</div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </NavDropdown>
  );
}
