// POST /api/account/register: the sign-up call; the new member comes back as is (docs/api.md "Account").
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Member, Registration } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

/** Errors come back untouched: the sign-up form lists them in its alert (a taken user name is not a toast). */
export function registerAccount(registration: Registration): Promise<Member> {
  return api.post<Member>('/account/register', registration, {
    anonymous: true,
    handleErrors: true,
  });
}

export const registerOptions = mutationOptions({
  mutationKey: ['account', 'register'],
  mutationFn: registerAccount,
});

export function useRegister() {
  return useMutation(registerOptions);
}
