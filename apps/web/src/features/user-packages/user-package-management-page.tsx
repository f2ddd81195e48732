// User package management (dealers/user-packages, docs/screens.md, Admin; lazy-loaded): the assignments table and the add/edit modal.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_BUTTONS, PAGE_SIZE, type UserPackage } from '@dealerleads/shared';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { usePageAndSearch } from '../../hooks/use-page-and-search';
import { reportLoadError } from '../../lib/report-error';
import { useUserPackages } from './api/get-user-packages';
import { userPackageTexts } from './user-package-form';
import { UserPackageFormModal } from './user-package-form-modal';
import { UserPackageTable } from './user-package-table';
import { adminTexts } from '../../i18n/en/admin';
import { liveTexts, useT } from '../../i18n/runtime';

const pagerLabels = liveTexts(adminTexts, 'pager.');

/** `row` outlives `show` so the title does not change while the modal fades out. */
interface ModalState {
  show: boolean;
  row: UserPackage | null;
  opening: number;
}

export function UserPackageManagementPage() {
  const t = useT(adminTexts);
  const { page, searchterm, setPage, setSearchterm, reset } = usePageAndSearch();
  const list = useUserPackages({ pageNumber: page, searchterm });
  const queryClient = useQueryClient();
  const [modal, setModal] = useState<ModalState>({ show: false, row: null, opening: 0 });

  useEffect(() => {
    if (list.isError) reportLoadError(list.error, userPackageTexts.listFailed);
  }, [list.isError, list.error]);

  const open = (row: UserPackage | null) =>
    setModal((current) => ({ show: true, row, opening: current.opening + 1 }));

  // docs/screens.md: restores the default paging and reloads.
  const resetFilters = () => {
    reset();
    void queryClient.invalidateQueries({ queryKey: ['user-packages', 'list'] });
  };

  const rows = list.data?.items ?? [];
  const pagination = list.data?.pagination ?? null;
  const pageSize = pagination?.itemsPerPage ?? PAGE_SIZE.userPackages;
  const currentPage = pagination?.currentPage ?? page;

  return (
    <section className="container py-3">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">{t('userPackageManagement')}</h1>
        <button type="button" className="btn btn-primary" onClick={() => open(null)}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('addUserPackage')}
        </button>
      </div>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchBox
          className="flex-grow-1"
          value={searchterm}
          onSearch={setSearchterm}
          label={t('searchUserPackages')}
          placeholder={t('searchByUserOr')}
        />
        <button type="button" className="btn btn-outline-secondary" onClick={resetFilters}>
          <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
          {t('resetFilters')}
        </button>
      </div>
      <div className="card shadow-sm mb-3">
        <UserPackageTable
          rows={rows}
          firstNumber={(currentPage - 1) * pageSize + 1}
          onEdit={open}
          emptyText={list.isPending ? t('loading') : userPackageTexts.empty}
        />
      </div>
      {pagination && pagination.totalPages > 0 ? (
        <Pagination
          currentPage={pagination.currentPage}
          totalPages={pagination.totalPages}
          maxButtons={MAX_PAGE_BUTTONS.userPackages}
          labels={pagerLabels}
          onPageChange={setPage}
          ariaLabel={t('userPackagePages')}
        />
      ) : null}
      <UserPackageFormModal
        show={modal.show}
        row={modal.row}
        opening={modal.opening}
        onClose={() => setModal((current) => ({ ...current, show: false }))}
      />
    </section>
  );
}
