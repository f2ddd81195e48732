// The busy indicator (docs/screens.md): a thin bar under the top bar while any request is pending. It covers nothing, so
// on a slow line the screen's own skeletons and the last answer stay readable and usable.
import { useIsBusy } from '../../lib/busy';
import { layoutTexts } from '../../i18n/en/layout';
import { useT } from '../../i18n/runtime';

export function LoadingOverlay() {
  const t = useT(layoutTexts);
  const busy = useIsBusy();
  if (!busy) return null;
  return (
    <div className="loading-bar" role="status">
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
