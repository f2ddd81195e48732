// A centred spinner for screens or route chunks that are still loading.
import { commonTexts } from '../i18n/en/common';
import { useT } from '../i18n';
export function Spinner({ label }: { label?: string }) {
  const t = useT(commonTexts);
  return (
    <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
