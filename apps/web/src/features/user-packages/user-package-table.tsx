// The user-package table (docs/screens.md): S.No across pages, 'Unknown' for a missing user or package, medium dates, an edit per row.
import type { UserPackage } from '@dealerleads/shared';
import { ActiveBadge, DataTable } from '../../components/data-table';
import { formatMediumDate } from '../../lib/format';
import { userPackageTexts } from './user-package-form';
import { adminTexts } from '../../i18n/en/admin';
import { useT } from '../../i18n/runtime';

export interface UserPackageTableProps {
  rows: readonly UserPackage[];
  /** S.No of the first row: (page − 1) × pageSize + 1. */
  firstNumber: number;
  onEdit: (row: UserPackage) => void;
  emptyText: string;
}

export function UserPackageTable({ rows, firstNumber, onEdit, emptyText }: UserPackageTableProps) {
  const t = useT(adminTexts);
  return (
    <DataTable
      columns={11}
      empty={rows.length === 0}
      emptyText={emptyText}
      head={
        <>
          <th scope="col">{t('sNo')}</th>
          <th scope="col">{t('user')}</th>
          <th scope="col">{t('package')}</th>
          <th scope="col" className="text-end">
            {t('credits')}
          </th>
          <th scope="col">{t('unit')}</th>
          <th scope="col" className="text-end">
            {t('validityDays')}
          </th>
          <th scope="col">{t('startDate')}</th>
          <th scope="col">{t('endDate')}</th>
          <th scope="col" className="text-end">
            {t('balanceCredits')}
          </th>
          <th scope="col">{t('status')}</th>
          <th scope="col">{t('actions')}</th>
        </>
      }
    >
      {rows.map((row, index) => {
        const user = row.userName ?? userPackageTexts.unknown;
        const pkg = row.packageName ?? userPackageTexts.unknown;
        return (
          <tr key={row.id}>
            <td>{firstNumber + index}</td>
            <th scope="row" className="fw-normal">
              {user}
            </th>
            <td>{pkg}</td>
            <td className="text-end">{row.packageCredits}</td>
            <td>{row.packageUnit}</td>
            <td className="text-end">{row.packageValidity}</td>
            <td className="text-nowrap">{formatMediumDate(row.startDate)}</td>
            <td className="text-nowrap">{formatMediumDate(row.endDate)}</td>
            <td className="text-end">{row.packageBalanceCredits}</td>
            <td>
              <ActiveBadge active={row.isActive} />
            </td>
            <td>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={t('editPackageOf', { pkg, user })}
                title={t('edit')}
                onClick={() => onEdit(row)}
              >
                <i className="bi bi-pencil" aria-hidden="true" />
              </button>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
