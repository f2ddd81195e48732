// A centred spinner for screens or route chunks that are still loading.
import { layoutTexts } from '../i18n/en/layout';
import { useT } from '../i18n/runtime';
export function Spinner({ label }: { label?: string }) {
  const t = useT(layoutTexts);
  return (
    <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
