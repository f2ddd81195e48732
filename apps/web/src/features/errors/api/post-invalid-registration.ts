// The test-errors page's validation-400 call: POST /api/account/register with an empty form.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function postInvalidRegistration(): Promise<unknown> {
  return api.post<unknown>('/account/register', {}, { anonymous: true });
}

export const postInvalidRegistrationOptions = mutationOptions({
  mutationKey: ['buggy', 'validation'],
  mutationFn: postInvalidRegistration,
});

export function usePostInvalidRegistration() {
  return useMutation(postInvalidRegistrationOptions);
}
