// The test-errors page's calls that fail on purpose (docs/api.md "Test calls"): GET /api/buggy/{kind}.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TestErrorKind = 'bad-request' | 'auth' | 'not-found' | 'server-error';

export function getTestError(kind: TestErrorKind): Promise<unknown> {
  return api.get<unknown>(`/buggy/${kind}`);
}

export const getTestErrorOptions = mutationOptions({
  mutationKey: ['buggy'],
  mutationFn: getTestError,
});

export function useTestError() {
  return useMutation(getTestErrorOptions);
}
