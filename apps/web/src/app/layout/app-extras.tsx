// Parts of the shell that can wait until the page is idle (a lazy chunk, outside the lead list's first download): the
// page's title, the offline and update banners, and emptying the offline copies when the user changes.
import { useEffect, useRef } from 'react';
import { clearOfflineReads } from '../../lib/offline-cache';
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

export function AppExtras() {
  usePageTitle();
  useClearOfflineReadsOnUserChange();
  return <StatusBanners />;
}
