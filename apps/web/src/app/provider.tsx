// App-wide providers: TanStack Query, the toast host (mounted with the first toast), a cache reset when the user changes.
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { loadToastHost, useToastContainerWanted } from '../lib/notify';
import { useCurrentUser } from '../lib/session';

// Its chunk failing to load (offline, a new release) costs the toasts, never the page.
const ToastHost = lazy<ComponentType>(() =>
  loadToastHost().then(
    (module) => ({ default: module.ToastHost }),
    () => ({ default: () => null }),
  ),
);

/**
 * Cached answers belong to one user (masked phones, own packages): drop them when the user changes.
 * This runs after React has rendered the change, so screens that need a session (the guarded group,
 * see SessionGate) are gone by then and only screens still shown refetch: logging out never sends a
 * guarded request without a token (and so never shows 'Authentication Error').
 */
function useResetCacheOnUserChange(queryClient: QueryClient) {
  const token = useCurrentUser()?.token;
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current === token) return;
    previous.current = token;
    void queryClient.cancelQueries().then(() => queryClient.resetQueries());
  }, [queryClient, token]);
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
          <ToastHost />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
