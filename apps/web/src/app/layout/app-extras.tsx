// Parts of the shell that can wait (a lazy chunk, outside the lead list's first download): the page's title, the
// offline and update banners, emptying the offline copies when the user changes, and the service worker's registration.
import { useEffect, useRef } from 'react';
import { clearOfflineReads } from '../../lib/offline-reads';
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

/** The service worker (offline shell, push) of the production build registers once the page is idle. */
function useServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const register = () =>
      void import('../../lib/service-worker').then((m) => m.registerServiceWorker());
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register);
    else window.setTimeout(register, 2000);
  }, []);
}

export function AppExtras() {
  usePageTitle();
  useServiceWorker();
  useClearOfflineReadsOnUserChange();
  return <StatusBanners />;
}
