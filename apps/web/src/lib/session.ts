// The logged-in user (docs/rules.md "Current user"): kept as JSON in localStorage['user'], restored on start.
import { useSyncExternalStore } from 'react';
import { ROLES, type CurrentUser, type Role } from '@dealerleads/shared';

export const SESSION_STORAGE_KEY = 'user';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The shape of `currentUserSchema`, checked by hand: the session is read on every page, and zod
 * (about 15 KiB gzip) stays out of the first download that way.
 */
export function isCurrentUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    Number.isInteger(user.id) &&
    typeof user.username === 'string' &&
    typeof user.token === 'string' &&
    user.token !== '' &&
    ROLES.includes(user.role as Role)
  );
}

function readStoredUser(): CurrentUser | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isCurrentUser(parsed)) return parsed;
  } catch {
    // fall through: not JSON
  }
  // Something else wrote the key: drop it rather than send a broken token on every call.
  localStorage.removeItem(SESSION_STORAGE_KEY);
  return null;
}

let currentUser: CurrentUser | null = readStoredUser();
/** The last session ended because the API refused its token (not a logout): the guards then say so once, not twice. */
let expired = false;
/** The member was told their session ended (one message, however many requests or guards meet it). */
let expiryTold = false;

function emit() {
  for (const listener of listeners) listener();
}

export function getCurrentUser(): CurrentUser | null {
  return currentUser;
}

/** After a successful login: store the user response and make it the current user. */
export function setCurrentUser(user: CurrentUser): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
  currentUser = user;
  expired = false;
  expiryTold = false;
  emit();
}

/** Logout, or a 401 for the stored token: forget the user and remove the stored entry. */
export function clearCurrentUser(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  if (currentUser === null) return;
  currentUser = null;
  emit();
}

/** Tests: no user, and no expiry remembered from an earlier test. */
export function resetSession(): void {
  expired = false;
  expiryTold = false;
  clearCurrentUser();
}

/** The API refused the stored token (it expired, or the password or role changed): the session ends as expired. */
export function expireSession(): void {
  expired = true;
  clearCurrentUser();
}

/** Whether the session ended by expiring, and no one has logged in since. */
export function sessionHasExpired(): boolean {
  return expired && currentUser === null;
}

/** True the first time it is asked after a session expired, false after: who asks first says so. */
export function claimExpiryMessage(): boolean {
  if (!sessionHasExpired() || expiryTold) return false;
  expiryTold = true;
  return true;
}

/** Re-reads localStorage (start-up, and when another tab logs in or out). */
export function restoreSession(): void {
  const stored = readStoredUser();
  if (stored?.token === currentUser?.token) return;
  currentUser = stored;
  emit();
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) restoreSession();
  });
}

export function useCurrentUser(): CurrentUser | null {
  return useSyncExternalStore(subscribeToSession, getCurrentUser, () => null);
}

export function isAdmin(user: CurrentUser | null): boolean {
  return user?.role === 'Admin';
}
