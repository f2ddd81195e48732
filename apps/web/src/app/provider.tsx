// App-wide providers: TanStack Query, the toast container (mounted with the first toast), a cache reset when the user changes.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { loadToastLibrary, toastContainerProps, useToastContainerWanted } from '../lib/notify';
import { getCurrentUser, subscribeToSession } from '../lib/session';

const ToastContainer = lazy(() =>
  loadToastLibrary().then((library) => ({ default: library.ToastContainer })),
);

/** Cached answers belong to one user (masked phones, own packages): refetch when that changes. */
function useResetCacheOnUserChange(queryClient: QueryClient) {
  useEffect(() => {
    let token = getCurrentUser()?.token;
    return subscribeToSession(() => {
      const next = getCurrentUser()?.token;
      if (next === token) return;
      token = next;
      void queryClient.resetQueries();
    });
  }, [queryClient]);
}

export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const toastsWanted = useToastContainerWanted();
  useResetCacheOnUserChange(client);
  return (
    <QueryClientProvider client={client}>
      {children}
      {toastsWanted ? (
        <Suspense fallback={null}>
          <ToastContainer {...toastContainerProps} />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
