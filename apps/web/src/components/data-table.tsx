// The one table of the admin and account lists: a header row, a one-cell row when empty, then the rows; on phones
// each row becomes a card of "label: value" lines so no column (and no action in it) sits off-screen.
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { commonTexts } from '../i18n/en/common';
import { useT } from '../i18n/runtime';

export interface DataTableProps {
  /** The header cells (`<th scope="col">`); their texts also label each value on phones. */
  head: ReactNode;
  /** How many columns the empty-state cell spans. */
  columns: number;
  empty: boolean;
  emptyText: string;
  /** The body rows. */
  children: ReactNode;
  /** Bootstrap table classes; the admin lists are striped, the account's history is small. */
  variant?: 'striped' | 'small';
  caption?: string;
  testId?: string;
  className?: string;
}

/**
 * Copies each column's header text onto the body cells of that column (`data-label`), which the phone layout shows
 * before each value; it runs after every render so rows added later are labelled too.
 */
function useColumnLabels(table: RefObject<HTMLTableElement | null>) {
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const labels = Array.from(element.tHead?.rows[0]?.cells ?? [], (cell) =>
      (cell.textContent ?? '').trim(),
    );
    for (const body of Array.from(element.tBodies)) {
      for (const row of Array.from(body.rows)) {
        Array.from(row.cells).forEach((cell, index) => {
          const label = cell.colSpan > 1 ? '' : (labels[index] ?? '');
          if (label) cell.setAttribute('data-label', label);
          else cell.removeAttribute('data-label');
        });
      }
    }
  });
}

export function DataTable({
  head,
  columns,
  empty,
  emptyText,
  children,
  variant = 'striped',
  caption,
  testId,
  className = '',
}: DataTableProps) {
  const table = useRef<HTMLTableElement>(null);
  useColumnLabels(table);
  const look = variant === 'small' ? 'table-sm' : 'table-striped table-hover mb-0';
  return (
    <div className={`table-responsive table-cards ${className}`.trim()}>
      <table ref={table} className={`table ${look} align-middle`} data-testid={testId}>
        {caption ? <caption className="caption-top">{caption}</caption> : null}
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
