// The unsaved-changes banner of the edit forms (spec §2.5, §2.10), shown while a form is dirty.
export const UNSAVED_CHANGES_TEXT = 'You have made changes. Any unsaved changes will be lost.';

export function UnsavedChangesAlert({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className="alert alert-info" role="status">
      <strong>Information:</strong> {UNSAVED_CHANGES_TEXT}
    </div>
  );
}
