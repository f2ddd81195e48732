// The signed-in dealer's nav extras (a lazy chunk, loaded once the browser is idle): the credit balance, saved
// searches, the notification bell and the follow-up badge.
import { NotificationBell } from '../../features/alerts/notification-bell';
import { SavedSearchesMenu } from '../../features/alerts/saved-searches-menu';
import { FollowUpBadge } from '../../features/my-leads/follow-up-badge';
import { NavBalance } from './nav-balance';

export function NavExtras() {
  return (
    <>
      <NavBalance />
      <SavedSearchesMenu />
      <NotificationBell />
      <FollowUpBadge />
    </>
  );
}
