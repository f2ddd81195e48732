// The striped, responsive table of the admin lists: a header row, a one-cell row when empty, then the rows.
import type { ReactNode } from 'react';
import { commonTexts } from '../i18n/en/common';
import { useT } from '../i18n/runtime';

export interface DataTableProps {
  /** The header cells (`<th scope="col">`). */
  head: ReactNode;
  /** How many columns the empty-state cell spans. */
  columns: number;
  empty: boolean;
  emptyText: string;
  /** The body rows. */
  children: ReactNode;
}

export function DataTable({ head, columns, empty, emptyText, children }: DataTableProps) {
  return (
    <div className="table-responsive">
      <table className="table table-striped table-hover align-middle mb-0">
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>
          {empty ? (
            <tr>
              <td colSpan={columns} className="text-center text-body-secondary py-4">
                {emptyText}
              </td>
            </tr>
          ) : null}
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** The Active / Inactive badge of a row. */
export function ActiveBadge({ active }: { active: boolean }) {
  const t = useT(commonTexts);
  return (
    <span className={`badge ${active ? 'text-bg-success' : 'text-bg-secondary'}`}>
      {active ? t('active') : t('inactive')}
    </span>
  );
}
