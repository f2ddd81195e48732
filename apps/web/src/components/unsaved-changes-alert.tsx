// The unsaved-changes banner of the edit forms (docs/screens.md), shown while a form is dirty.
export const UNSAVED_CHANGES_TEXT = 'You have made changes. Any unsaved changes will be lost.';

export function UnsavedChangesAlert({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className="alert alert-info" role="status">
      <strong>Information:</strong> {UNSAVED_CHANGES_TEXT}
    </div>
  );
}
