// Route guards of docs/screens.md as loaders: they run before a guarded screen (or its lazy chunk) is rendered.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { CurrentUser } from '@dealerleads/shared';
import { paths } from '../config/paths';
import { notify } from '../lib/notify';
import { clearCurrentUser, getCurrentUser, isAdmin } from '../lib/session';

export const guardMessages = {
  anonymous: 'You shall not pass!',
  membersAdminOnly: 'Access to members area is restricted to Admins only!',
  notAuthorized: 'You are not authorized to access this area',
} as const;

/** The logged-in user, or a redirect to the login screen with spec's toast. */
function userOrBlock(): CurrentUser {
  const user = getCurrentUser();
  if (user) return user;
  notify.error(guardMessages.anonymous);
  // The spec only blocks; sending the visitor to the login screen gives them the way in.
  throw redirect(paths.login);
}

/** Any logged-in user. */
export function requireUser(): null {
  userOrBlock();
  return null;
}

/** Role Admin; others get `message` and are sent to '/'. */
export function requireAdmin(message: string) {
  return function adminGuard(): null {
    const user = userOrBlock();
    if (isAdmin(user)) return null;
    notify.error(message);
    throw redirect(paths.root);
  };
}

/**
 * A member's own pages (`members/:username`, `member/edit/:username`, the nav's 'Edit Profile'):
 * Admin, or the member themselves (docs/api.md); anyone else is kept out of the members area.
 */
export function requireAdminOrSelf({ params }: LoaderFunctionArgs): null {
  const user = userOrBlock();
  const username = params.username ?? '';
  if (isAdmin(user) || username.toLowerCase() === user.username.toLowerCase()) return null;
  notify.error(guardMessages.membersAdminOnly);
  throw redirect(paths.root);
}

/**
 * Logout as a route (`paths.logout`): leaving the screen goes through its leave guard first (unsaved
 * changes ask, and Cancel keeps the session), then the session ends and the app goes to '/'. The open
 * screen is still shown while this runs; guarded ones vanish with the session (SessionGate).
 */
export function logOut(): never {
  clearCurrentUser();
  throw redirect(paths.root);
}
