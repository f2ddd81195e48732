// POST /api/account/login: the user response becomes the current user (docs/rules.md "Session").
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { CurrentUser, Login } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';
import { isCurrentUser, setCurrentUser } from '../../../lib/session';
import { applyMemberLanguage } from '../../../i18n/preference';

export async function login(credentials: Login): Promise<CurrentUser> {
  // The screen shows the server's own text on failure (docs/screens.md), so errors pass through.
  const data = await api.post<unknown>('/account/login', credentials, {
    handleErrors: true,
    anonymous: true,
  });
  if (!isCurrentUser(data)) throw new Error('The login answer was not a user');
  return data;
}

export const loginOptions = mutationOptions({
  mutationKey: ['account', 'login'],
  mutationFn: login,
  onSuccess: (user: CurrentUser) => {
    setCurrentUser(user);
    applyMemberLanguage(user.language);
  },
});

export function useLogin() {
  return useMutation(loginOptions);
}
