// Kysely code for leads: the filtered newest-first page, one lead, writes, and the mapping to the API shape.
import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { LIMITS, type Lead } from '@dealerleads/shared';
import { fromDbBool, type Engine, type Queryable } from '../../db/database';
import {
  PG_SEARCH_EXPRESSION,
  SEARCH_COLUMNS,
} from '../../db/migrations/2026-11-22-0002-lead-search';
import type { Database, LeadRow, NewLead } from '../../db/schema';
import { offsetOf } from '../../plugins/pagination';
import { preparedQuery } from '../../db/prepared-query';
import { anyColumnContains, columnContains, containsPattern } from '../../db/text-search';
import type { CanonicalLeadFilter } from './lead-filters';
import type { LeadPageBody } from './lead-page-body';

/** Every character but the last 3 becomes X: what a caller who has not unlocked the lead sees. */
export function maskPhone(phone: string): string {
  const visible = LIMITS.phoneMaskVisible;
  return phone.length <= visible
    ? 'X'.repeat(phone.length)
    : 'X'.repeat(phone.length - visible) + phone.slice(-visible);
}

/** The API shape; the phone number leaves in full only when `unlocked`. */
export function toLead(row: LeadRow, unlocked: boolean): Lead {
  return {
    id: row.id,
    fullName: row.full_name,
    phoneNumber: unlocked ? row.phone_number : maskPhone(row.phone_number),
    city: row.city,
    brand: row.brand,
    model: row.model,
    varient: row.varient,
    rto: row.rto,
    year: row.year,
    fuelType: row.fuel_type,
    ownerName: row.owner_name,
    transmission: row.transmission,
    seats: row.seats,
    price: row.price,
    kmDriven: row.km_driven,
    status: fromDbBool(row.status),
    createdOn: row.created_on,
    listingStatus: row.listing_status,
    unlocked,
  };
}

type LeadQuery = SelectQueryBuilder<Database, 'leads', object>;

/** Terms this long use the trigram index; shorter ones fall back to a LIKE scan (there is no trigram in them). */
export const INDEXED_SEARCH_MIN_LENGTH = 3;

/** Totals stop counting here: the screen shows "10,000+" (design.md §8, capped count). */
export const TOTAL_CAP = 10_000;

/**
 * Text searches (searchterm, name) stop counting at 200 ("200+"; the lead list still offers the pages past it while
 * they come back full). Each match counted is a step through the text index, where a filter mix's count comes from
 * memory: counting up to 1,000 matches of an 8-letter term cost 2.2x its page (design.md §8 allows 2x), up to 200 1.75x.
 */
export const SEARCH_TOTAL_CAP = 200;

/** Where the total of these filters stops counting. */
export function totalCapOf(filter: CanonicalLeadFilter): number {
  return filter.searchterm !== undefined || filter.name !== undefined
    ? SEARCH_TOTAL_CAP
    : TOTAL_CAP;
}

/** An FTS5 phrase: the whole term as one quoted string, so it matches as a substring. */
function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** A term the trigram index can answer (it needs at least one trigram). */
function isIndexedTerm(term: string | undefined): term is string {
  return term !== undefined && term.length >= INDEXED_SEARCH_MIN_LENGTH;
}

/**
 * `searchterm` inside the leads query. SQLite's FTS index holds active leads only (migration 0005), so the leads it
 * does not hold, the inactive ones that Admin also sees, are matched by a LIKE scan of the inactive rows.
 */
function searchCondition(engine: Engine, term: string, includeInactive: boolean) {
  const likeScan = (eb: ExpressionBuilder<Database, 'leads'>) =>
    anyColumnContains(
      eb,
      SEARCH_COLUMNS.map((c) => `leads.${c}`),
      term,
    );
  if (!isIndexedTerm(term)) return likeScan;
  if (engine === 'sqlite') {
    const indexed = sql<SqlBool>`leads.id in (select rowid from leads_search where leads_search match ${ftsPhrase(term)})`;
    if (!includeInactive) return () => indexed;
    return (eb: ExpressionBuilder<Database, 'leads'>) =>
      eb.or([indexed, eb.and([eb('leads.status', '=', 0), likeScan(eb)])]);
  }
  return () =>
    sql<SqlBool>`${sql.raw(PG_SEARCH_EXPRESSION)} like ${containsPattern(term)} escape '\\'`;
}

function applyFilter(
  query: LeadQuery,
  engine: Engine,
  f: CanonicalLeadFilter,
  includeInactive: boolean,
): LeadQuery {
  let q = query;
  if (!includeInactive) q = q.where('leads.status', '=', 1);
  if (f.city !== undefined) q = q.where('leads.city', '=', f.city);
  if (f.brand !== undefined) q = q.where('leads.brand', '=', f.brand);
  if (f.model !== undefined) q = q.where('leads.model', '=', f.model);
  if (f.varient !== undefined) q = q.where('leads.varient', '=', f.varient);
  if (f.fuelType !== undefined) q = q.where('leads.fuel_type', '=', f.fuelType);
  if (f.ownerName !== undefined) q = q.where('leads.owner_name', '=', f.ownerName);
  if (f.transmission !== undefined) q = q.where('leads.transmission', '=', f.transmission);
  if (f.rto !== undefined) q = q.where('leads.rto', '=', f.rto);
  if (f.year !== undefined) q = q.where('leads.year', '=', f.year);
  if (f.seats !== undefined) q = q.where('leads.seats', '=', f.seats);
  if (f.price) {
    q = q.where('leads.price', '>=', f.price.min);
    if (f.price.max !== undefined) q = q.where('leads.price', '<=', f.price.max);
  }
  if (f.kmDriven) {
    q = q.where('leads.km_driven', '>=', f.kmDriven.min);
    if (f.kmDriven.max !== undefined) q = q.where('leads.km_driven', '<=', f.kmDriven.max);
  }
  if (f.createdFrom !== undefined) q = q.where('leads.created_on', '>=', f.createdFrom);
  if (f.createdBefore !== undefined) q = q.where('leads.created_on', '<', f.createdBefore);
  if (f.name !== undefined) q = q.where(columnContains('leads.full_name', f.name));
  if (f.searchterm !== undefined)
    q = q.where(searchCondition(engine, f.searchterm, includeInactive));
  return q;
}

/** Filters that a covering index (city; brand and model) leads with: see the migration of those indexes. */
function coveredByLeadingIndex(filter: CanonicalLeadFilter): boolean {
  return filter.city !== undefined || filter.brand !== undefined;
}

export interface LeadPage {
  /** The page's leads as the response body. */
  body: LeadPageBody;
  /** Matching leads, counted up to the cap of the filters (totalCapOf). */
  total: number;
  /** True when more leads match than the cap. */
  totalCapped: boolean;
}

/** The two statements behind a page: the page's ids and the count of matches, up to the cap + 1 (totalCapOf). */
export interface LeadPageQueries {
  ids: Compilable & { execute(): Promise<{ id: number }[]> };
  count: Compilable & { executeTakeFirstOrThrow(): Promise<{ n: number | bigint | string }> };
}

interface Compilable {
  compile(): { sql: string; parameters: readonly unknown[] };
}

/**
 * A dealer's text search on SQLite, driven by the FTS index of active leads newest first (rowid order): a page
 * reads its 60 index entries and the capped count never leaves the index. Other filters join the lead rows.
 */
function activeSearchQueries(
  db: Queryable,
  filter: CanonicalLeadFilter,
  term: string,
  page: { pageNumber: number; pageSize: number },
): LeadPageQueries {
  const match = sql<SqlBool>`leads_search match ${ftsPhrase(term)}`;
  const others: CanonicalLeadFilter = { ...filter };
  delete others.searchterm;
  const matches =
    Object.keys(others).length === 0
      ? db.selectFrom('leads_search').select('leads_search.rowid as id').where(match)
      : applyFilter(db.selectFrom('leads'), 'sqlite', others, false)
          .innerJoin('leads_search', 'leads_search.rowid', 'leads.id')
          .select('leads_search.rowid as id')
          .where(match);
  const newestFirst = matches.orderBy('leads_search.rowid', 'desc');
  return {
    ids: newestFirst.limit(page.pageSize).offset(offsetOf(page.pageNumber, page.pageSize)),
    // The count takes the matches in the index's own order (rowid ascending), cheaper than newest first.
    count: db
      .selectFrom(matches.limit(totalCapOf(filter) + 1).as('matching'))
      .select((eb) => eb.fn.countAll<number>().as('n')),
  };
}

/** The ids of one newest-first page (paged on an index, so a deep page never walks wide rows) and the capped count. */
export function leadPageQueries(
  db: Queryable,
  engine: Engine,
  filter: CanonicalLeadFilter,
  page: { pageNumber: number; pageSize: number },
  includeInactive: boolean,
): LeadPageQueries {
  if (engine === 'sqlite' && !includeInactive && isIndexedTerm(filter.searchterm)) {
    return activeSearchQueries(db, filter, filter.searchterm, page);
  }
  const base = applyFilter(db.selectFrom('leads'), engine, filter, includeInactive);
  return {
    ids: base
      .select('leads.id')
      .orderBy('leads.id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page.pageNumber, page.pageSize)),
    count: db
      .selectFrom(
        // With a city or brand filter the count walks the same covering index in id order as the page does;
        // without the order, SQLite's planner may pick a range index and read up to every matching row.
        (coveredByLeadingIndex(filter) ? base.orderBy('leads.id', 'desc') : base)
          .select('leads.id')
          .limit(totalCapOf(filter) + 1)
          .as('matching'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n')),
  };
}

/**
 * One newest-first page: the ids are paged on the index first and only those rows are read, so a deep
 * page never walks wide rows; the total is a capped count (totalCapOf).
 */
export async function searchLeads(
  db: Queryable,
  engine: Engine,
  filter: CanonicalLeadFilter,
  page: { pageNumber: number; pageSize: number },
  includeInactive: boolean,
  /** The capped count of these filters when already known (an earlier page counted): not counted again. */
  knownMatched?: number,
): Promise<{ rows: LeadRow[]; matched: number }> {
  const queries = leadPageQueries(db, engine, filter, page, includeInactive);
  const ids = (await queries.ids.execute()).map((r) => r.id);
  const offset = offsetOf(page.pageNumber, page.pageSize);
  // A page that ends the matches (short, or empty on page 1) tells the total itself: the count is not run. That saves
  // the second walk exactly where it costs most, for rare filter mixes whose page already read every match.
  const endsTheMatches = ids.length < page.pageSize && (ids.length > 0 || offset === 0);
  const n = endsTheMatches
    ? offset + ids.length
    : (knownMatched ?? Number((await queries.count.executeTakeFirstOrThrow()).n));
  return { rows: await leadRowsByIds(db, ids), matched: n };
}

/** A page from its body and the matches counted (up to `cap` + 1, or exactly). */
export function leadPageOf(body: LeadPageBody, matched: number, cap: number): LeadPage {
  return { body, total: Math.min(matched, cap), totalCapped: matched > cap };
}

/** The matches a page counted, as leadPageOf took them (the cap + 1 for a capped total). */
export function matchedOf(page: LeadPage): number {
  return page.totalCapped ? page.total + 1 : page.total;
}

/** These leads, newest first. */
export async function leadRowsByIds(db: Queryable, ids: number[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('leads').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute();
}

export function findLeadById(db: Queryable, id: number): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertLead(db: Queryable, lead: NewLead): Promise<LeadRow> {
  return db.insertInto('leads').values(lead).returningAll().executeTakeFirstOrThrow();
}

export function updateLeadStatus(
  db: Queryable,
  id: number,
  status: boolean,
): Promise<LeadRow | undefined> {
  return db
    .updateTable('leads')
    .set({ status: status ? 1 : 0 })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function hasRecentDuplicate(
  db: Queryable,
  lead: { phone: string; brand: string; model: string },
  sinceIso: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('leads')
    .select('id')
    .where('phone_number', '=', lead.phone)
    .where('brand', '=', lead.brand)
    .where('model', '=', lead.model)
    .where('created_on', '>=', sinceIso)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many of a user's unlocks one range read may return before the page's leads are probed one by one instead. */
const UNLOCK_RANGE_ROWS = 64;

const unlocksBetween = preparedQuery((db, userId: number, fromId: number, toId: number) =>
  db
    .selectFrom('lead_unlocks')
    .select('lead_id')
    .where('user_id', '=', userId)
    .where('lead_id', '>=', fromId)
    .where('lead_id', '<=', toId)
    .limit(UNLOCK_RANGE_ROWS + 1),
);

/** `lead_id in (…)` with `size` places: one statement compiled once per size (page ids are padded up to a size). */
function unlocksAmong(size: number) {
  let query = unlocksAmongBySize.get(size);
  if (query === undefined) {
    query = preparedQuery((db, userId: number, ...leadIds: number[]) =>
      db
        .selectFrom('lead_unlocks')
        .select('lead_id')
        .where('user_id', '=', userId)
        .where('lead_id', 'in', leadIds),
    );
    unlocksAmongBySize.set(size, query);
  }
  return query;
}
const unlocksAmongBySize = new Map<
  number,
  ReturnType<typeof preparedQuery<number[], { lead_id: number }>>
>();

/**
 * Which of these leads the user has unlocked. Most dealers have unlocked few leads within a page's id range: one range
 * read of the (user_id, lead_id) index answers. When that range holds more, the page's leads are probed one by one,
 * so the cost follows the page, never how many leads the dealer has unlocked.
 */
export async function unlockedLeadIds(
  db: Queryable,
  userId: number,
  leadIds: readonly number[],
): Promise<Set<number>> {
  if (leadIds.length === 0) return new Set();
  const asked = new Set(leadIds);
  const inRange = await unlocksBetween(db, userId, Math.min(...leadIds), Math.max(...leadIds));
  if (inRange.length <= UNLOCK_RANGE_ROWS) {
    return new Set(inRange.map((r) => r.lead_id).filter((id) => asked.has(id)));
  }
  // Sizes 1, 2, 4, … 128, then multiples of 128: a handful of statement shapes for every page size.
  const size =
    leadIds.length <= 128
      ? 2 ** Math.ceil(Math.log2(leadIds.length))
      : Math.ceil(leadIds.length / 128) * 128;
  const padded = [...leadIds, ...Array<number>(size - leadIds.length).fill(leadIds[0]!)];
  const rows = await unlocksAmong(size)(db, userId, ...padded);
  return new Set(rows.map((r) => r.lead_id));
}
