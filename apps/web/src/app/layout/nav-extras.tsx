// The signed-in dealer's nav extras (a lazy chunk, loaded once the browser is idle): the follow-up badge.
import { FollowUpBadge } from '../../features/my-leads/follow-up-badge';

export function NavExtras() {
  return <FollowUpBadge />;
}
