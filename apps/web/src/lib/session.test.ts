// The session store: restored from localStorage['user'], rejected when malformed, cleared on logout.
import { describe, expect, it } from 'vitest';
import {
  clearCurrentUser,
  getCurrentUser,
  isCurrentUser,
  restoreSession,
  SESSION_STORAGE_KEY,
  setCurrentUser,
} from './session';

const dealer = { id: 2, username: 'dealer', token: 'a.b.c', role: 'Dealer' } as const;

describe('session', () => {
  it("restores the user stored under 'user'", () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(dealer));
    restoreSession();
    expect(getCurrentUser()).toEqual(dealer);
  });

  it('drops a stored value that is not a user', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"id":"x"}');
    restoreSession();
    expect(getCurrentUser()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    restoreSession();
    expect(getCurrentUser()).toBeNull();
  });

  it('stores on login and removes on logout', () => {
    setCurrentUser(dealer);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(dealer);
    clearCurrentUser();
    expect(getCurrentUser()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('knows the shape of a user', () => {
    expect(isCurrentUser(dealer)).toBe(true);
    expect(isCurrentUser({ ...dealer, role: 'Owner' })).toBe(false);
    expect(isCurrentUser({ ...dealer, token: '' })).toBe(false);
    expect(isCurrentUser(null)).toBe(false);
  });
});
