// Lead list (dealers/leads, docs/screens.md): search, the Filters panel, pagers above and below, lead cards with lock and unlock.
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MAX_PAGE_BUTTONS, type Pagination as PageInfo } from '@dealerleads/shared';
import { Pagination } from '../../components/pagination';
import { isAdmin, useCurrentUser } from '../../lib/session';
import { leadsLoadError, useLeads } from './api/get-leads';
import { notify } from '../../lib/notify';
import { LeadCard, LeadCardSkeleton } from './lead-card';
import {
  EMPTY_LEAD_LIST_QUERY,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
  activeFilterCount,
  cleanSearch,
  formatTotal,
  pagesToShow,
  parseLeadListQuery,
  searchToSend,
  toSearchParams,
  withFilter,
  withPage,
  withSearch,
  type LeadFilterName,
  type LeadListQuery,
} from './lead-filters';
import { formatNumber } from './lead-format';
import { preloadUnlock, useUnlockFlow } from './use-unlock-flow';
import './leads.css';
import { leadsTexts } from '../../i18n/en/leads';
import { textsOf, useT } from '../../i18n/runtime';
// Only a logged-in dealer can have a package ending soon: the notice is a small chunk of its own.
const EndingSoonNotice = lazy(() =>
  import('../../components/ending-soon-notice').then((m) => ({ default: m.EndingSoonNotice })),
);

// The panel (react-bootstrap Offcanvas and the ~40-brand catalogue) loads when first wanted.
const loadFiltersPanel = () => import('./filters-panel');
/** The chips of the filters set: loaded only when a filter is (most first visits have none). */
const ActiveFilters = lazy(() =>
  import('./active-filters').then((module) => ({ default: module.ActiveFilters })),
);
const FiltersPanel = lazy(() =>
  loadFiltersPanel().then((module) => ({ default: module.FiltersPanel })),
);

const SKELETON_CARDS = 6;
/** Cards in a page's first render (more than a phone's first screen holds); the rest follow in batches. */
const FIRST_CARDS = 3;
const CARDS_PER_BATCH = 6;
export const NO_MATCH_TEXT = leadsTexts.en.noMatch;
export const NO_LEADS_TEXT = leadsTexts.en.noLeads;
/** A failed load is never shown as an empty list: the server has not said there are none. */
export const LOAD_FAILED_TEXT = leadsTexts.en.loadFailed;
export const TRY_AGAIN_TEXT = leadsTexts.en.tryAgain;

/** The search box: the URL's searchterm, sent after a pause once 3+ letters (or none) are typed; Enter sends at once. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (term: string) => void }) {
  const t = useT(leadsTexts);
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  /** The term this box last sent, until the URL shows it. */
  const [sent, setSent] = useState<string | null>(null);
  const hintId = useId();
  if (value !== shown) {
    setShown(value);
    // This box's own search arrived: the box keeps whatever has been typed since. Otherwise the URL changed under the
    // box (back/forward, Reset Filter): show its search, unless it is what is typed.
    if (value === sent) setSent(null);
    else if (searchToSend(text) !== value) setText(value);
  }

  const search = useCallback(
    (term: string) => {
      setSent(term);
      onSearch(term);
    },
    [onSearch],
  );

  useEffect(() => {
    const next = searchToSend(text);
    if (next === null || next === value) return;
    const timer = setTimeout(() => search(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, search]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = cleanSearch(text);
    if (term !== value) search(term);
  };
  const tooShort = searchToSend(text) === null;

  return (
    <form role="search" className="flex-grow-1" onSubmit={submit}>
      <input
        type="search"
        className="form-control"
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchLabel')}
        aria-describedby={tooShort ? hintId : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {tooShort ? (
        <div id={hintId} className="form-text">
          {t('searchHint', { count: SEARCH_MIN_LENGTH })}
        </div>
      ) : null}
    </form>
  );
}

/**
 * How many of `items` to render: a page's first cards at once, then the rest a batch per task. Sixty
 * cards rendered and laid out in one go block a slow phone's main thread for a few hundred ms (docs/performance-budgets.md,
 * TBT); in batches the first screen paints sooner and input is never kept waiting long.
 */
function useCardsToRender(items: readonly { id: number }[] | undefined): number {
  const [rendered, setRendered] = useState({ items, count: FIRST_CARDS });
  // A new page (or the first) starts again from its first cards; the same leads with one changed (an unlock) keep
  // theirs, so no card is unmounted under the focus.
  const before = rendered.items;
  const sameLeads =
    items?.length === before?.length && !!items?.every((l, i) => l.id === before?.[i]?.id);
  const count = rendered.items === items || sameLeads ? rendered.count : FIRST_CARDS;
  if (rendered.items !== items) setRendered({ items, count });
  const total = items?.length ?? 0;
  useEffect(() => {
    if (count >= total) return;
    // A transition: React renders the batch in slices, yielding to input between them.
    const timer = setTimeout(() =>
      startTransition(() =>
        setRendered((current) =>
          current.items === items ? { items, count: current.count + CARDS_PER_BATCH } : current,
        ),
      ),
    );
    return () => clearTimeout(timer);
  }, [items, count, total]);
  return count;
}

function summary(pagination: PageInfo, shown: number): string {
  const t = textsOf(leadsTexts);
  if (pagination.totalItems === 0 || shown === 0)
    return t('countOnly', { total: formatTotal(pagination) });
  const first = (pagination.currentPage - 1) * pagination.itemsPerPage + 1;
  return t('showing', {
    first: formatNumber(first),
    last: formatNumber(first + shown - 1),
    total: formatTotal(pagination),
  });
}

export function LeadListPage() {
  const t = useT(leadsTexts);
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const query = useMemo(() => parseLeadListQuery(searchParams), [searchParams]);
  const leads = useLeads(query);
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const unlockFlow = useUnlockFlow();
  // docs/api.md "Leads load": once the load has failed (after any network retries), say why; the list shows empty.
  const { error, errorUpdatedAt } = leads;
  useEffect(() => {
    if (!error) return;
    const { message, title } = leadsLoadError(error);
    notify.error(message, title);
  }, [error, errorUpdatedAt]);
  const [panelOpen, setPanelOpen] = useState(false);
  // Stays mounted after the first opening, so the panel can animate closed.
  const [panelMounted, setPanelMounted] = useState(false);

  // Filters and pages are history entries (Back returns to the previous view); typing a search is not.
  const show = useCallback(
    (next: LeadListQuery, replace = false) => setSearchParams(toSearchParams(next), { replace }),
    [setSearchParams],
  );
  const search = useCallback((term: string) => show(withSearch(query, term), true), [show, query]);
  const setFilter = (key: LeadFilterName, value: string) => show(withFilter(query, key, value));
  const reset = () => show(EMPTY_LEAD_LIST_QUERY);
  // A new page starts at its first card: at once (instant, not Bootstrap's smooth scroll, which the new cards'
  // rendering would cut short half-way down), and again once that page's cards are in place.
  const scrollPending = useRef(false);
  const changePage = (page: number) => {
    scrollPending.current = true;
    show(withPage(query, page));
    window.scrollTo({ top: 0, behavior: 'instant' });
  };
  const shownPage = leads.data?.pagination?.currentPage;
  useEffect(() => {
    if (!scrollPending.current || shownPage !== query.pageNumber) return;
    scrollPending.current = false;
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [shownPage, query.pageNumber]);
  const openPanel = () => {
    setPanelMounted(true);
    setPanelOpen(true);
  };

  const page = leads.data;
  const cardsToRender = useCardsToRender(page?.items);
  const pagination = page?.pagination ? pagesToShow(page.pagination, page.items.length) : null;
  const filtered = activeFilterCount(query) > 0 || query.searchterm !== '';
  const pager = (position: 'top' | 'bottom') =>
    pagination && pagination.totalPages > 0 ? (
      <Pagination
        currentPage={query.pageNumber}
        totalPages={pagination.totalPages}
        maxButtons={MAX_PAGE_BUTTONS.leads}
        onPageChange={changePage}
        ariaLabel={position === 'top' ? t('pagesAbove') : t('pagesBelow')}
      />
    ) : null;

  // A failed load is not an empty list: only the server's answer may say there are no leads.
  const failed = leads.isError && (!page || leads.isPlaceholderData);
  let body;
  if (!page && !leads.isError) {
    body = Array.from({ length: SKELETON_CARDS }, (_, i) => (
      <div className="col" key={i}>
        <LeadCardSkeleton />
      </div>
    ));
  } else if (!page || page.items.length === 0 || failed) {
    body = (
      <div className="col-12">
        <div className="text-center text-muted py-5 border rounded bg-body" role="status">
          <p className="mb-3">
            {failed ? t('loadFailed') : filtered ? t('noMatch') : t('noLeads')}
          </p>
          {failed || filtered ? (
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={failed ? () => void leads.refetch() : reset}
            >
              {failed ? t('tryAgain') : t('resetFilter')}
            </button>
          ) : null}
        </div>
      </div>
    );
  } else {
    const listUrl = `${location.pathname}${location.search}`;
    body = page.items.slice(0, cardsToRender).map((lead) => (
      <div className="col" key={lead.id}>
        <LeadCard
          lead={lead}
          admin={admin}
          listUrl={listUrl}
          onUnlock={unlockFlow.requestUnlock}
          onUnlockIntent={() => preloadUnlock(!user)}
          unlocking={unlockFlow.pendingLeadId === lead.id}
        />
      </div>
    ));
  }

  const filterCount = activeFilterCount(query);
  return (
    <section className="container-xl py-3">
      <h1 className="h3 mb-3">{t('title')}</h1>
      {user && !admin ? (
        <Suspense fallback={null}>
          <EndingSoonNotice />
        </Suspense>
      ) : null}
      <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
        <SearchBox value={query.searchterm} onSearch={search} />
        <button
          type="button"
          className="btn btn-primary"
          onClick={openPanel}
          onPointerEnter={() => void loadFiltersPanel()}
          onFocus={() => void loadFiltersPanel()}
          aria-expanded={panelOpen}
        >
          <i className="bi bi-funnel me-1" aria-hidden="true" />
          {t('filters')}
          {filterCount > 0 ? (
            <span
              className="badge text-bg-light ms-1"
              aria-label={t('activeFilterCount', { count: filterCount })}
            >
              {filterCount}
            </span>
          ) : null}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={reset}
          disabled={!filtered}
        >
          {t('resetFilter')}
        </button>
      </div>
      {activeFilterCount(query) > 0 ? (
        <Suspense fallback={null}>
          <ActiveFilters query={query} onRemove={(key) => setFilter(key, '')} />
        </Suspense>
      ) : null}
      <div className="lead-list-bar d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <p className="mb-0 text-muted lead-list-count" aria-live="polite" data-testid="lead-count">
          {pagination ? summary(pagination, page?.items.length ?? 0) : null}
        </p>
        {pager('top')}
      </div>
      <div
        className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3"
        role="region"
        aria-label={t('results')}
        aria-busy={leads.isFetching}
        data-testid="lead-results"
        style={leads.isPlaceholderData ? { opacity: 0.6 } : undefined}
      >
        {body}
      </div>
      <div className="d-flex justify-content-center mt-3">{pager('bottom')}</div>
      {panelMounted ? (
        <Suspense fallback={null}>
          <FiltersPanel
            admin={admin}
            dealer={user?.role === 'Dealer'}
            show={panelOpen}
            onHide={() => setPanelOpen(false)}
            query={query}
            onChange={setFilter}
            onReset={reset}
          />
        </Suspense>
      ) : null}
      {unlockFlow.popup}
    </section>
  );
}
