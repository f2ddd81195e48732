// Parts of the shell that can wait (a lazy chunk, outside the lead list's first download): the page's title, the
// offline and update banners, emptying the offline copies when the user changes, the service worker's registration and
// the other screens' routes.
import { useEffect, useRef } from 'react';
import { clearOfflineReads } from '../../lib/offline-reads';
import { loadScreenRoutes } from '../load-screen-routes';
import { useCurrentUser } from '../../lib/session';
import { StatusBanners } from './status-banners';
import { usePageTitle } from './page-title';

/** Another user's answers (masked phones, their own leads) must never be read offline. */
function useClearOfflineReadsOnUserChange() {
  const token = useCurrentUser()?.token;
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current === token) return;
    previous.current = token;
    void clearOfflineReads();
  }, [token]);
}

/** Runs `task` once the page is idle (after two seconds where the browser cannot tell). */
function whenIdle(task: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task);
  else window.setTimeout(task, 2000);
}

/** The service worker (offline shell, push) of the production build registers once the page is idle. */
function useServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    whenIdle(() => void import('../../lib/service-worker').then((m) => m.registerServiceWorker()));
  }, []);
}

/** The other screens' routes load once the page is idle: a first link to another screen then needs one request. */
function usePreloadedScreenRoutes() {
  useEffect(() => whenIdle(() => void loadScreenRoutes()), []);
}

export function AppExtras() {
  usePageTitle();
  useServiceWorker();
  usePreloadedScreenRoutes();
  useClearOfflineReadsOnUserChange();
  return <StatusBanners />;
}
