// Forgot password (docs/accounts.md): ask for a code, then set a new password with the SMS code or the e-mailed link.
import { useMutation } from '@tanstack/react-query';
import type {
  PasswordResetAnswer,
  PasswordResetConfirm,
  PasswordResetLink,
} from '@dealerleads/shared';
import { api } from '../../../lib/api-client';

/** Errors come back untouched: each page shows them in its own alert. */
const options = { anonymous: true, handleErrors: true } as const;

export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: ['password-resets', 'request'],
    mutationFn: (login: string) =>
      api.post<PasswordResetAnswer>('/password-resets', { login }, options),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationKey: ['password-resets', 'confirm'],
    mutationFn: (input: PasswordResetConfirm) =>
      api.post<PasswordResetAnswer>('/password-resets/confirm', input, options),
  });
}

export function useConfirmPasswordResetLink() {
  return useMutation({
    mutationKey: ['password-resets', 'confirm-link'],
    mutationFn: (input: PasswordResetLink) =>
      api.post<PasswordResetAnswer>('/password-resets/confirm-link', input, options),
  });
}
