// Route guards of docs/screens.md as loaders: they run before a guarded screen (or its lazy chunk) is rendered.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { CurrentUser } from '@dealerleads/shared';
import { paths } from '../config/paths';
import { notify } from '../lib/notify';
import { httpErrorTexts } from '../lib/http-error-catalogue';
import { shellTexts } from '../i18n/en/shell';
import { liveTexts } from '../i18n/runtime';
import {
  claimExpiryMessage,
  clearCurrentUser,
  getCurrentUser,
  isAdmin,
  sessionHasExpired,
} from '../lib/session';

/** The guards' toasts, read in the current language each time one is shown. */
export const guardMessages = liveTexts(shellTexts, 'guard.');
export type GuardMessage = keyof typeof guardMessages;

/** The login screen, which returns the member to `path` (an address inside the app) once they are in. */
export function loginReturningTo(path: string): string {
  return `${paths.login}?${new URLSearchParams({ returnTo: path }).toString()}`;
}

/** `returnTo` of the login screen when it is an address of this app ('/…', not '//host'), else undefined. */
export function safeReturnTo(value: string | null): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return undefined;
  return value.startsWith(paths.login) ? undefined : value;
}

/**
 * The logged-in user, or a redirect to the login screen, which brings them back here afterwards. A visitor gets the
 * spec's toast; a member whose session just expired gets one message saying so (http-error-catalogue or here), not two.
 */
function userOrBlock(request?: Request): CurrentUser {
  const user = getCurrentUser();
  if (user) return user;
  if (sessionHasExpired()) {
    if (claimExpiryMessage()) notify.error(httpErrorTexts.sessionExpired);
  } else notify.error(guardMessages.anonymous);
  // The spec only blocks; sending the visitor to the login screen gives them the way in.
  if (!request) throw redirect(paths.login);
  const url = new URL(request.url);
  throw redirect(loginReturningTo(`${url.pathname}${url.search}`));
}

/** Any logged-in user. */
export function requireUser({ request }: Partial<LoaderFunctionArgs> = {}): null {
  userOrBlock(request);
  return null;
}

/** Role Admin; others get the guard's `message` and are sent to '/'. */
export function requireAdmin(message: GuardMessage) {
  return function adminGuard({ request }: Partial<LoaderFunctionArgs> = {}): null {
    const user = userOrBlock(request);
    if (isAdmin(user)) return null;
    notify.error(guardMessages[message]);
    throw redirect(paths.root);
  };
}

/**
 * A member's own pages (`members/:username`, `member/edit/:username`, the nav's 'Edit Profile'):
 * Admin, or the member themselves (docs/api.md); anyone else is kept out of the members area.
 */
export function requireAdminOrSelf({ params, request }: LoaderFunctionArgs): null {
  const user = userOrBlock(request);
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
