// The package table (docs/screens.md): the price list for everyone, with an Actions column (edit, deactivate) for Admins.
import type { Package } from '@dealerleads/shared';
import { ActiveBadge, DataTable } from '../../components/data-table';
import { formatInr } from '../../lib/format';
import { packageTypeLabel } from './package-labels';
import { adminTexts } from '../../i18n/en/admin';
import { useT } from '../../i18n/runtime';

export interface PackageTableProps {
  packages: readonly Package[];
  /** S.No of the first row (it runs on across pages). */
  firstNumber: number;
  /** Admin: the Actions column. Without it the table is a plain price list. */
  actions?: {
    onEdit: (pkg: Package) => void;
    onDeactivate: (pkg: Package) => void;
  };
  emptyText: string;
}

export function PackageTable({ packages, firstNumber, actions, emptyText }: PackageTableProps) {
  const t = useT(adminTexts);
  return (
    <DataTable
      columns={actions ? 10 : 9}
      empty={packages.length === 0}
      emptyText={emptyText}
      head={
        <>
          <th scope="col">{t('sNo')}</th>
          <th scope="col">{t('name')}</th>
          <th scope="col">{t('code')}</th>
          <th scope="col">{t('type')}</th>
          <th scope="col" className="text-end">
            {t('credits')}
          </th>
          <th scope="col">{t('unit')}</th>
          <th scope="col" className="text-end">
            {t('validityDays')}
          </th>
          <th scope="col" className="text-end">
            {t('priceInInr')}
          </th>
          <th scope="col">{t('status')}</th>
          {actions ? <th scope="col">{t('actions')}</th> : null}
        </>
      }
    >
      {packages.map((pkg, index) => (
        <tr key={pkg.id}>
          <td>{firstNumber + index}</td>
          <th scope="row" className="fw-normal">
            {pkg.packageName}
          </th>
          <td>
            <code>{pkg.packageCode}</code>
          </td>
          <td>{packageTypeLabel(pkg.packageType)}</td>
          <td className="text-end">{pkg.packageCredits}</td>
          <td>{pkg.packageUnit}</td>
          <td className="text-end">{pkg.packageValidity}</td>
          <td className="text-end text-nowrap">{formatInr(pkg.packagePrice)}</td>
          <td>
            <ActiveBadge active={pkg.isActive} />
          </td>
          {actions ? (
            <td className="text-nowrap">
              <button
                type="button"
                className="btn btn-sm btn-outline-primary me-1"
                aria-label={t('editNamed', { name: pkg.packageName })}
                title={t('edit')}
                onClick={() => actions.onEdit(pkg)}
              >
                <i className="bi bi-pencil" aria-hidden="true" />
              </button>
              {/* docs/rules.md: deactivation is offered only while the package is active. */}
              {pkg.isActive ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('deactivateNamed', { name: pkg.packageName })}
                  title={t('deactivate')}
                  onClick={() => actions.onDeactivate(pkg)}
                >
                  <i className="bi bi-slash-circle" aria-hidden="true" />
                </button>
              ) : null}
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}
