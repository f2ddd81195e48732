// My Leads (/dealers/my-leads; lazy): every lead the dealer unlocked, newest unlock first, with filters kept in the URL.
import { useEffect } from 'react';
import {
  FOLLOW_UP_VIEWS,
  LEAD_STAGES,
  LEAD_STAGE_LABELS,
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

export const MY_LEADS_TITLE = 'My Leads';
export const NO_MY_LEADS_TEXT = 'No leads here yet: leads you unlock appear in My Leads.';

/** What an empty view says when a filter or search emptied it (the workspace itself is not empty then). */
export const emptyViewTexts = {
  overdue: 'No follow-ups are overdue.',
  today: 'No follow-ups are due today.',
  stage: (stage: string) => `No leads at the stage ${stage}.`,
  search: 'No leads match your search.',
} as const;

/** The empty view's message: the most specific filter that emptied it, else the empty workspace's. */
export function emptyViewText(view: Pick<MyLeadsView, 'due' | 'stage' | 'searchterm'>): string {
  if (view.searchterm) return emptyViewTexts.search;
  if (view.due) return emptyViewTexts[view.due];
  if (view.stage) return emptyViewTexts.stage(`"${LEAD_STAGE_LABELS[view.stage]}"`);
  return NO_MY_LEADS_TEXT;
}
const MAX_PAGE_BUTTONS = 6;

const dueLabels: Record<FollowUpView, string> = { today: 'Due today', overdue: 'Overdue' };

function oneOf<T extends string>(values: readonly T[], text: string | null): T | undefined {
  return values.find((value) => value === text);
}

export function MyLeadsPage() {
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
    if (leads.isError) reportLoadError(leads.error, 'Error loading your leads');
  }, [leads.isError, leads.error]);

  const items = leads.data?.items ?? [];
  const pagination = leads.data?.pagination ?? null;

  return (
    <section className="container py-3">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">
          {MY_LEADS_TITLE}{' '}
          {pagination ? (
            <small className="text-body-secondary fs-5">({pagination.totalItems})</small>
          ) : null}
        </h1>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={() =>
            void downloadMyLeadsCsv(view).catch((error: unknown) =>
              reportChangeError(error, 'The CSV could not be downloaded'),
            )
          }
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          Download CSV
        </button>
      </div>
      <div className="row g-2 mb-3">
        <SearchBox
          className="col-md-6"
          value={searchterm}
          onSearch={setSearchterm}
          label="Search my leads"
          placeholder="Search by owner, phone, city, brand or model..."
        />
        <div className="col-6 col-md-3">
          <label htmlFor="my-leads-stage" className="visually-hidden">
            Stage filter
          </label>
          <select
            id="my-leads-stage"
            className="form-select"
            value={view.stage ?? ''}
            onChange={(event) => setFilter('stage', event.target.value)}
          >
            <option value="">All stages</option>
            {LEAD_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {LEAD_STAGE_LABELS[stage]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="my-leads-due" className="visually-hidden">
            Follow-up filter
          </label>
          <select
            id="my-leads-due"
            className="form-select"
            value={view.due ?? ''}
            onChange={(event) => setFilter('due', event.target.value)}
          >
            <option value="">Any follow-up</option>
            {FOLLOW_UP_VIEWS.map((due) => (
              <option key={due} value={due}>
                {dueLabels[due]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {leads.isSuccess && items.length === 0 ? (
        <p className="text-body-secondary">{emptyViewText(view)}</p>
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
          ariaLabel="My lead pages"
        />
      ) : null}
    </section>
  );
}
