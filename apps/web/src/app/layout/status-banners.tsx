// Banners under the top bar: offline (what still works), and a new version of the app waiting to be loaded.
import { useSyncExternalStore } from 'react';
import { useWaitingUpdate } from '../../lib/app-update';
import { layoutTexts } from '../../i18n/en/layout';
import { shellTexts } from '../../i18n/en/shell';
import { useT } from '../../i18n/runtime';
import { onReachableChange, reportReachable, serverReachable } from '../../lib/connection';

export const OFFLINE_TEXT = shellTexts.en.offline;
export const UPDATE_TEXT = shellTexts.en.update;

const online = () => serverReachable() && navigator.onLine !== false;

function subscribe(listener: () => void) {
  const unsubscribe = onReachableChange(listener);
  const onChange = () => {
    // Back online: the server counts as reachable until a request says otherwise.
    if (navigator.onLine) reportReachable(true);
    listener();
  };
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    unsubscribe();
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The API answered the last request and the browser says it is online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, online, () => true);
}

export function StatusBanners() {
  const t = useT(shellTexts);
  const tLayout = useT(layoutTexts);
  const online = useOnline();
  const update = useWaitingUpdate();
  if (online && !update) return null;
  return (
    <div className="status-banners">
      {online ? null : (
        <div className="alert alert-warning rounded-0 mb-0 py-2 small" role="status">
          <i className="bi bi-wifi-off me-2" aria-hidden="true" />
          {t('offline')}
        </div>
      )}
      {update ? (
        <div
          className="alert alert-info rounded-0 mb-0 py-2 small d-flex align-items-center gap-2"
          role="status"
        >
          <span className="me-auto">{t('update')}</span>
          <button type="button" className="btn btn-sm btn-primary" onClick={update}>
            {tLayout('reload')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
