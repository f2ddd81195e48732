// What one audit entry changed, field by field: before → after.
import type { AuditChanges } from '@dealerleads/shared';
import { adminTexts } from '../../i18n/en/admin';
import { useT } from '../../i18n/runtime';

/** A value as the Admin reads it: text as is, nothing as an em dash, anything else as JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function AuditChangeList({ changes }: { changes: AuditChanges }) {
  const t = useT(adminTexts);
  const fields = Object.entries(changes);
  if (fields.length === 0)
    return <span className="text-body-secondary">{t('noFieldChanged')}</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {fields.map(([field, change]) => (
        <li key={field} data-field={field}>
          <span className="fw-semibold">{field}</span>: <del>{auditValueText(change.before)}</del> →{' '}
          <ins>{auditValueText(change.after)}</ins>
        </li>
      ))}
    </ul>
  );
}
