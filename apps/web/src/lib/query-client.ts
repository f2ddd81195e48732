// TanStack Query defaults: no retries of answered HTTP errors (the catalogue already toasted or navigated).
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const MAX_NETWORK_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError) && failureCount < MAX_NETWORK_RETRIES,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
