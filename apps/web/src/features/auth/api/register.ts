// POST /api/account/register: the sign-up call; the new member comes back as is (spec §7 "Account").
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Member, Registration } from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

export function registerAccount(registration: Registration): Promise<Member> {
  return api.post<Member>('/account/register', registration, { anonymous: true });
}

export const registerOptions = mutationOptions({
  mutationKey: ['account', 'register'],
  mutationFn: registerAccount,
});

export function useRegister() {
  return useMutation(registerOptions);
}
