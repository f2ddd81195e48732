// Package management (dealers/packages, docs/screens.md; lazy-loaded): search, the paged table, and for Admins add, edit and deactivate.
import { useEffect, useState } from 'react';
import { MAX_PAGE_BUTTONS, PAGE_SIZE, type Package } from '@dealerleads/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { usePageAndSearch } from '../../hooks/use-page-and-search';
import { notify } from '../../lib/notify';
import { reportLoadError, reportSaveError } from '../../lib/report-error';
import { isAdmin, useCurrentUser } from '../../lib/session';
import { useDeactivatePackage } from './api/deactivate-package';
import { usePackages } from './api/get-packages';
import { PackageFormModal, packageTexts } from './package-form-modal';
import { PackageTable } from './package-table';
import { adminTexts } from '../../i18n/en/admin';
import { liveTexts, useT } from '../../i18n/runtime';

export const pagerLabels = liveTexts(adminTexts, 'pager.');

/** The modal's state; `pkg` outlives `show` so the title does not change while the modal fades out. */
interface ModalState {
  show: boolean;
  pkg: Package | null;
  /** Counts openings: each opening gets a fresh form. */
  opening: number;
}

export function PackageManagementPage() {
  const t = useT(adminTexts);
  // The route is Admin-only (app/router.tsx); the screen still shows a plain price list to anyone else.
  const admin = isAdmin(useCurrentUser());
  const { page, searchterm, setPage, setSearchterm } = usePageAndSearch();
  const packages = usePackages({ pageNumber: page, searchterm });
  const deactivate = useDeactivatePackage();
  const [modal, setModal] = useState<ModalState>({ show: false, pkg: null, opening: 0 });
  const open = (pkg: Package | null) =>
    setModal((current) => ({ show: true, pkg, opening: current.opening + 1 }));
  const [toDeactivate, setToDeactivate] = useState<Package | null>(null);

  useEffect(() => {
    if (packages.isError) reportLoadError(packages.error, packageTexts.loadFailed);
  }, [packages.isError, packages.error]);

  const items = packages.data?.items ?? [];
  const pagination = packages.data?.pagination ?? null;
  const pageSize = pagination?.itemsPerPage ?? PAGE_SIZE.packages;
  const currentPage = pagination?.currentPage ?? page;

  const confirmDeactivate = () => {
    if (!toDeactivate) return;
    deactivate.mutate(toDeactivate.id, {
      onSuccess: () => notify.success(packageTexts.deactivated),
      onError: (error) => void reportSaveError(error, packageTexts.deactivateFailed),
      onSettled: () => setToDeactivate(null),
    });
  };

  return (
    <section className="container py-3">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">{t('packageManagement')}</h1>
        {admin ? (
          <button type="button" className="btn btn-primary" onClick={() => open(null)}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('addPackage')}
          </button>
        ) : null}
      </div>
      <SearchBox
        className="mb-3"
        value={searchterm}
        onSearch={setSearchterm}
        label={t('searchPackages')}
        placeholder={t('searchPackages2')}
      />
      <div className="card shadow-sm mb-3">
        <PackageTable
          packages={items}
          firstNumber={(currentPage - 1) * pageSize + 1}
          emptyText={packages.isPending ? t('loading') : packageTexts.empty}
          actions={admin ? { onEdit: open, onDeactivate: setToDeactivate } : undefined}
        />
      </div>
      {pagination && pagination.totalPages > 0 ? (
        <Pagination
          currentPage={pagination.currentPage}
          totalPages={pagination.totalPages}
          maxButtons={MAX_PAGE_BUTTONS.packages}
          labels={pagerLabels}
          onPageChange={setPage}
          ariaLabel={t('packagePages')}
        />
      ) : null}

      {admin ? (
        <>
          <PackageFormModal
            show={modal.show}
            pkg={modal.pkg}
            opening={modal.opening}
            onClose={() => setModal((current) => ({ ...current, show: false }))}
          />
          <ConfirmDialog
            show={toDeactivate !== null}
            title={t('deactivatePackage')}
            message={packageTexts.confirmDeactivate}
            confirmLabel={t('deactivate')}
            busy={deactivate.isPending}
            onConfirm={confirmDeactivate}
            onCancel={() => setToDeactivate(null)}
          />
        </>
      ) : null}
    </section>
  );
}
