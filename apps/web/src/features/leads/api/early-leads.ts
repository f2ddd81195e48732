// The lead list's first page, asked for by the first script as soon as it runs when the page opened is the
// lead list: the request travels while React and the screens are still downloading. The list's query
// takes it over once (useLeads): the page itself when it has arrived, so the first render already shows
// the cards, else the request under way. Anything else (another query, a second visit) fetches as usual.
import { paths } from '../../../config/paths';
import { parseLeadListQuery, toApiQuery, type LeadListQuery } from '../lead-filters';
import { getLeads, type LeadPage } from './fetch-leads';

interface EarlyRequest {
  key: string;
  request: Promise<LeadPage>;
  /** The answer, once it is in. */
  arrived?: { page: LeadPage; at: number };
}

let early: EarlyRequest | null = null;

const keyOf = (query: LeadListQuery) => JSON.stringify(toApiQuery(query));

/** The lead list's path, as the router matches it (any case, an optional trailing slash). */
export function isLeadList(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === paths.leads.toLowerCase();
}

/** Starts the lead list's request when `location` is the lead list; a no-op anywhere else. */
export function startEarlyLeads(location: Pick<Location, 'pathname' | 'search'>): void {
  if (!isLeadList(location.pathname)) return;
  const query = parseLeadListQuery(new URLSearchParams(location.search));
  const entry: EarlyRequest = { key: keyOf(query), request: getLeads(query) };
  entry.request.then(
    (page) => {
      entry.arrived = { page, at: Date.now() };
    },
    // A failure is the query's to report: it gets the rejected request (or asks again).
    () => undefined,
  );
  early = entry;
}

function take(query: LeadListQuery, arrivedOnly: boolean): EarlyRequest | undefined {
  if (!early || early.key !== keyOf(query) || (arrivedOnly && !early.arrived)) return undefined;
  const entry = early;
  early = null;
  return entry;
}

/** The early page of `query` if it has arrived (once): the cache starts with it. */
export function takeEarlyLeadPage(
  query: LeadListQuery,
): { page: LeadPage; at: number } | undefined {
  return take(query, true)?.arrived;
}

/** The early request of `query`, under way or answered (once): the query waits for it instead of asking again. */
export function takeEarlyLeadRequest(query: LeadListQuery): Promise<LeadPage> | undefined {
  return take(query, false)?.request;
}

/** Tests: forget any early request. */
export function resetEarlyLeads(): void {
  early = null;
}
