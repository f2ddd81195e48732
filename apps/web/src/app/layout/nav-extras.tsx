// The signed-in dealer's nav extras (a lazy chunk, loaded once the browser is idle): saved searches, the
// notification bell and the follow-up badge.
import { NotificationBell } from '../../features/alerts/notification-bell';
import { SavedSearchesMenu } from '../../features/alerts/saved-searches-menu';
import { FollowUpBadge } from '../../features/my-leads/follow-up-badge';

export function NavExtras() {
  return (
    <>
      <SavedSearchesMenu />
      <NotificationBell />
      <FollowUpBadge />
    </>
  );
}
