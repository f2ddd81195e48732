// The lead list's state in the URL (filters by their API names, ?page and ?q as on every list), and its API query.
import { FIRST_PAGE, LIMITS, PAGE_SIZE, type Pagination } from '@dealerleads/shared';
import { formatNumber } from '../../lib/format';

/** The list filters of docs/screens.md (Seats), in panel order, named as `GET /api/leads` names them. */
export const LEAD_FILTER_KEYS = [
  'city',
  'brand',
  'model',
  'varient',
  'fuel',
  'ownerName',
  'rto',
  'transmission',
  'price',
  'KmDriven',
  'year',
  'seats',
  // Admin only: active, inactive or all leads (others always get active leads).
  'status',
  // 'true' or 'false'; left out, the API's default (hidden for dealers). A switch in the panel.
  'hideSoldOut',
  // The order (LEAD_SORTS); left out, newest first.
  'sort',
  // 'true': only leads priced below their market guide. A switch in the panel.
  'belowMarket',
  // 'true': only leads whose owner proved the mobile number by OTP. A switch in the panel.
  'verified',
] as const;
export type LeadFilterName = (typeof LEAD_FILTER_KEYS)[number];
export type LeadFilters = Partial<Record<LeadFilterName, string>>;

export interface LeadListQuery {
  filters: LeadFilters;
  searchterm: string;
  pageNumber: number;
}

export const RESET_FILTER_TEXT = 'Reset Filter';

/**
 * The page and search names of every list's URL (hooks/use-page-and-search.ts; a test keeps them
 * equal). Not imported from there: that module in the first download splits react-router into a
 * chunk of its own, more bytes for the lead list.
 */
export const PAGE_PARAM = 'page';
export const SEARCH_PARAM = 'q';

/** Searching waits for this many letters (or none): the API finds two letters as fast as more. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 400;

/** Choosing a brand clears its model and variant; choosing a model clears the variant. */
const DEPENDENTS: Partial<Record<LeadFilterName, readonly LeadFilterName[]>> = {
  brand: ['model', 'varient'],
  model: ['varient'],
};

const INT_RANGES: Partial<Record<LeadFilterName, { min: number; max: number }>> = {
  seats: { min: 1, max: 20 },
};

/** Filters that take several values, comma-separated. */
const MULTI_VALUE: ReadonlySet<LeadFilterName> = new Set(['city']);

/** The orders the API knows (LEAD_SORTS; not imported, so the schemas stay out of this chunk). */
const SORTS = new Set(['newest', 'price_asc', 'price_desc', 'km_asc', 'year_desc']);

/**
 * `min-max`, `min-` or `-max` as the API's `parseBand` accepts it (checked here so the bands module stays out of this
 * chunk).
 */
export function isBand(text: string): boolean {
  const match = /^(\d{1,10})?-(\d{1,10})?$/.exec(text);
  if (match === null || (match[1] === undefined && match[2] === undefined)) return false;
  return match[1] === undefined || match[2] === undefined || Number(match[2]) >= Number(match[1]);
}

/** A year (`2019`), or a year and newer (`2019-`). */
const isYear = (text: string) => /^(19|20)\d{2}-?$/.test(text);

/** A URL value as the API would accept it, or undefined to leave it out (a bad link never makes the list fail). */
function cleanValue(key: LeadFilterName, raw: string): string | undefined {
  const value = raw.trim();
  if (value === '' || value.length > LIMITS.textMax) return undefined;
  const range = INT_RANGES[key];
  if (range) {
    if (!/^\d{1,4}$/.test(value)) return undefined;
    const n = Number(value);
    return n >= range.min && n <= range.max ? String(n) : undefined;
  }
  if (key === 'price' || key === 'KmDriven') return isBand(value) ? value : undefined;
  if (key === 'year') return isYear(value) ? value : undefined;
  if (key === 'sort') return SORTS.has(value) && value !== 'newest' ? value : undefined;
  if (MULTI_VALUE.has(key)) {
    const values = [...new Set(value.split(',').map((v) => v.trim()))].filter((v) => v !== '');
    return values.length > 0 ? values.join(',') : undefined;
  }
  if (key === 'status') return /^(active|inactive|all)$/.test(value) ? value : undefined;
  if (key === 'hideSoldOut') return /^(true|false)$/.test(value) ? value : undefined;
  if (key === 'belowMarket' || key === 'verified') return value === 'true' ? value : undefined;
  return value;
}

function cleanPage(raw: string | null): number {
  if (raw === null || !/^\d{1,7}$/.test(raw.trim())) return FIRST_PAGE;
  return Math.max(FIRST_PAGE, Number(raw));
}

export function cleanSearch(raw: string | null): string {
  return (raw ?? '').trim().slice(0, LIMITS.searchtermMax);
}

export function parseLeadListQuery(params: URLSearchParams): LeadListQuery {
  const filters: LeadFilters = {};
  for (const key of LEAD_FILTER_KEYS) {
    const raw = params.get(key);
    const value = raw === null ? undefined : cleanValue(key, raw);
    if (value !== undefined) filters[key] = value;
  }
  // A model without its brand, or a variant without its model, is still a valid API filter: kept.
  return {
    filters,
    searchterm: cleanSearch(params.get(SEARCH_PARAM)),
    pageNumber: cleanPage(params.get(PAGE_PARAM)),
  };
}

/** The URL query of a list state: filters in panel order, then search, then the page (1 is left out). */
export function toSearchParams(query: LeadListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LEAD_FILTER_KEYS) {
    const value = query.filters[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  if (query.searchterm !== '') params.set(SEARCH_PARAM, query.searchterm);
  if (query.pageNumber > FIRST_PAGE) params.set(PAGE_PARAM, String(query.pageNumber));
  return params;
}

/** Sets one filter ('' clears it), clears what depends on it, and goes back to the first page. */
export function withFilter(
  query: LeadListQuery,
  key: LeadFilterName,
  value: string,
): LeadListQuery {
  const cleaned = cleanValue(key, value);
  const cleared = new Set<LeadFilterName>(
    cleaned !== query.filters[key] ? (DEPENDENTS[key] ?? []) : [],
  );
  const filters: LeadFilters = {};
  for (const name of LEAD_FILTER_KEYS) {
    const current = name === key ? cleaned : query.filters[name];
    if (current !== undefined && !cleared.has(name)) filters[name] = current;
  }
  return { ...query, filters, pageNumber: FIRST_PAGE };
}

export function withSearch(query: LeadListQuery, searchterm: string): LeadListQuery {
  return { ...query, searchterm: cleanSearch(searchterm), pageNumber: FIRST_PAGE };
}

export function withPage(query: LeadListQuery, pageNumber: number): LeadListQuery {
  return { ...query, pageNumber: Math.max(FIRST_PAGE, Math.trunc(pageNumber)) };
}

/** Reset Filter: every filter and the search go, back to page 1. */
export const EMPTY_LEAD_LIST_QUERY: LeadListQuery = {
  filters: {},
  searchterm: '',
  pageNumber: FIRST_PAGE,
};

/** Whether the list hides sold-out leads: as the URL says, else the API's default (dealers hide them). */
export function hidesSoldOut(query: LeadListQuery, dealer: boolean): boolean {
  const value = query.filters.hideSoldOut;
  return value === undefined ? dealer : value === 'true';
}

/** Filters that narrow the list (the order does not). */
export function activeFilterCount(query: LeadListQuery): number {
  return LEAD_FILTER_KEYS.filter((key) => key !== 'sort' && query.filters[key] !== undefined)
    .length;
}

/** The search text to send: trimmed, and only when empty or long enough for the fast index; else null (wait). */
export function searchToSend(text: string): string | null {
  const trimmed = cleanSearch(text);
  return trimmed === '' || trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : null;
}

/** The `GET /api/leads` query of a list state (page size 60, docs/rules.md). */
export function toApiQuery(query: LeadListQuery): Record<string, string | number> {
  const api: Record<string, string | number> = {
    pageNumber: query.pageNumber,
    pageSize: PAGE_SIZE.leads,
  };
  for (const key of LEAD_FILTER_KEYS) {
    const value = query.filters[key];
    if (value !== undefined) api[key] = value;
  }
  if (query.searchterm !== '') api.searchterm = query.searchterm;
  return api;
}

/**
 * The pagination a page shows. A capped total (the API stopped counting: 10,000 for filters, 200 for text searches) has
 * more pages than it counted: while pages come back full, the one after the current page is offered too, and the total
 * shown is at least what has been seen ("Showing 241–300 of 300+").
 */
export function pagesToShow(pagination: Pagination, shown: number): Pagination {
  if (!pagination.totalCapped) return pagination;
  const seen = (pagination.currentPage - 1) * pagination.itemsPerPage + shown;
  const more = shown === pagination.itemsPerPage ? 1 : 0;
  return {
    ...pagination,
    totalItems: Math.max(pagination.totalItems, seen),
    totalPages: Math.max(pagination.totalPages, pagination.currentPage + more),
  };
}

/** The total as shown: '5,000', or '10,000+' when the API stopped counting (docs/performance-budgets.md). */
export function formatTotal(pagination: Pick<Pagination, 'totalItems' | 'totalCapped'>): string {
  const total = formatNumber(pagination.totalItems);
  return pagination.totalCapped ? `${total}+` : total;
}
