// POST /api/me/email-verification: another verification link to the caller's e-mail address.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useRequestEmailVerification() {
  return useMutation({
    mutationFn: () =>
      api.post<{ message: string }>('/me/email-verification', undefined, { handleErrors: true }),
  });
}
