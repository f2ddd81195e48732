// The unsaved-changes banner of the edit forms (docs/screens.md), shown while a form is dirty.
import { commonTexts } from '../i18n/en/common';
import { useT } from '../i18n/runtime';
export const UNSAVED_CHANGES_TEXT = commonTexts.en.unsavedChanges;

export function UnsavedChangesAlert({ show }: { show: boolean }) {
  const t = useT(commonTexts);
  if (!show) return null;
  return (
    <div className="alert alert-info" role="status">
      <strong>{t('information')}</strong> {t('unsavedChanges')}
    </div>
  );
}
