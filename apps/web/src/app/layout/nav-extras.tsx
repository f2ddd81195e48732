// The signed-in dealer's nav extras (a lazy chunk, loaded once the browser is idle): the credit balance and the
// follow-up badge.
import { FollowUpBadge } from '../../features/my-leads/follow-up-badge';
import { NavBalance } from './nav-balance';

export function NavExtras() {
  return (
    <>
      <NavBalance />
      <FollowUpBadge />
    </>
  );
}
