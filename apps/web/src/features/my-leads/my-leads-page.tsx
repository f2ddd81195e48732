// My Leads (/dealers/my-leads; lazy): every lead the dealer unlocked, newest unlock first, with filters kept in the URL.
import { useEffect } from 'react';
import {
  FOLLOW_UP_VIEWS,
  LEAD_STAGES,
  type FollowUpView,
  type LeadStage,
} from '@dealerleads/shared';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { usePageAndSearch } from '../../hooks/use-page-and-search';
import { todayInIndia } from '@dealerleads/shared';
import { reportLoadError } from '../../lib/report-error';
import { reportChangeError } from './report-change-error';
import { downloadMyLeadsCsv, useMyLeads, type MyLeadsView } from './api/my-leads';
import { MyLeadCard } from './my-lead-card';
import { myLeadsTexts } from '../../i18n/en/my-leads';
import { useT, type TFunction } from '../../i18n/runtime';

export const MY_LEADS_TITLE = myLeadsTexts.en.title;
export const NO_MY_LEADS_TEXT = myLeadsTexts.en.empty;

/** The empty view's message: the most specific filter that emptied it, else the empty workspace's. */
function emptyViewText(
  view: Pick<MyLeadsView, 'due' | 'stage' | 'searchterm'>,
  t: TFunction<typeof myLeadsTexts.en>,
): string {
  if (view.searchterm) return t('emptySearch');
  if (view.due === 'overdue') return t('emptyOverdue');
  if (view.due === 'today') return t('emptyToday');
  if (view.stage) return t('emptyStage', { stage: t(`stage.${view.stage}`) });
  return t('empty');
}
const MAX_PAGE_BUTTONS = 6;

function oneOf<T extends string>(values: readonly T[], text: string | null): T | undefined {
  return values.find((value) => value === text);
}

export function MyLeadsPage() {
  const t = useT(myLeadsTexts);
  const { page, searchterm, params, setPage, setSearchterm, setFilter } = usePageAndSearch();
  const view: MyLeadsView = {
    pageNumber: page,
    searchterm,
    stage: oneOf<LeadStage>(LEAD_STAGES, params.get('stage')),
    due: oneOf<FollowUpView>(FOLLOW_UP_VIEWS, params.get('due')),
  };
  const leads = useMyLeads(view);
  const today = todayInIndia();

  useEffect(() => {
    if (leads.isError) reportLoadError(leads.error, t('loadFailed'));
  }, [leads.isError, leads.error, t]);

  const items = leads.data?.items ?? [];
  const pagination = leads.data?.pagination ?? null;

  return (
    <section className="container py-3">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">
          {t('title')}{' '}
          {pagination ? (
            <small className="text-body-secondary fs-5">({pagination.totalItems})</small>
          ) : null}
        </h1>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={() =>
            void downloadMyLeadsCsv(view).catch((error: unknown) =>
              reportChangeError(error, t('csvFailed')),
            )
          }
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          {t('downloadCsv')}
        </button>
      </div>
      <div className="row g-2 mb-3">
        <SearchBox
          className="col-md-6"
          value={searchterm}
          onSearch={setSearchterm}
          label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
        />
        <div className="col-6 col-md-3">
          <label htmlFor="my-leads-stage" className="visually-hidden">
            {t('stageFilter')}
          </label>
          <select
            id="my-leads-stage"
            className="form-select"
            value={view.stage ?? ''}
            onChange={(event) => setFilter('stage', event.target.value)}
          >
            <option value="">{t('allStages')}</option>
            {LEAD_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {t(`stage.${stage}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="my-leads-due" className="visually-hidden">
            {t('followUpFilter')}
          </label>
          <select
            id="my-leads-due"
            className="form-select"
            value={view.due ?? ''}
            onChange={(event) => setFilter('due', event.target.value)}
          >
            <option value="">{t('anyFollowUp')}</option>
            {FOLLOW_UP_VIEWS.map((due) => (
              <option key={due} value={due}>
                {t(due === 'today' ? 'dueToday' : 'overdue')}
              </option>
            ))}
          </select>
        </div>
      </div>

      {leads.isSuccess && items.length === 0 ? (
        <p className="text-body-secondary">{emptyViewText(view, t)}</p>
      ) : null}

      <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 mb-3">
        {items.map((lead) => (
          <div className="col" key={lead.leadId}>
            <MyLeadCard lead={lead} today={today} />
          </div>
        ))}
      </div>

      {pagination && pagination.totalPages > 1 ? (
        <Pagination
          currentPage={pagination.currentPage}
          totalPages={pagination.totalPages}
          maxButtons={MAX_PAGE_BUTTONS}
          onPageChange={setPage}
          ariaLabel={t('pages')}
        />
      ) : null}
    </section>
  );
}
