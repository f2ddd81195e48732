// Kysely code for leads: the filtered newest-first page, one lead, writes, and the mapping to the API shape.
import {
  sql,
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import {
  isPostgres,
  runLongRead,
  type Engine,
  type LongRead,
  type LongReads,
  type Queryable,
} from '../../db/database';
import type { Database, LeadRow, NewLead } from '../../db/schema';
import { offsetOf } from '../../plugins/pagination';
import { preparedQuery } from '../../db/prepared-query';
import { anyColumnContains, columnContains, containsPattern } from '../../db/text-search';
import {
  EQUALITY_FILTERS,
  SEARCH_COLUMNS,
  brandsLabelled,
  type CanonicalLeadFilter,
  type LeadStatusScope,
  type NumberRange,
  LEAD_COLUMNS,
  maskPhone,
  toLead,
  leadJson,
  type LeadListRow,
} from './list-engine';

export { leadJson, maskPhone, toLead };

type LeadQuery = SelectQueryBuilder<Database, 'leads', object>;

/** Terms this long use the trigram index; shorter ones fall back to a LIKE scan (there is no trigram in them). */
export const INDEXED_SEARCH_MIN_LENGTH = 3;

/** The SQL fallback stops counting here: the screen shows "10,000+" (docs/lead-list-engine.md). */
export const TOTAL_CAP = 10_000;

/**
 * The SQL fallback's text searches (searchterm, name) stop counting at 200 ("200+"; the lead list still offers the
 * pages past it while they come back full): each match counted is a step through the text index.
 */
export const SEARCH_TOTAL_CAP = 200;

/** Where the total of these filters stops counting. */
export function totalCapOf(filter: CanonicalLeadFilter): number {
  return filter.search !== undefined || filter.name !== undefined ? SEARCH_TOTAL_CAP : TOTAL_CAP;
}

/**
 * The expression PostgreSQL's trigram index covers (migration 2026-11-22-0002 creates the index on this very text, which a
 * migration must spell out itself): a query must use exactly this text for the index to serve it.
 */
export const PG_SEARCH_EXPRESSION = `lower(${['full_name', ...SEARCH_COLUMNS].map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)})`;

/**
 * An FTS5 query for the term as a substring of one searched column: the whole term as one quoted phrase, in the
 * columns searched (the index also holds the owner's name, which a search does not look in).
 */
function ftsPhrase(term: string): string {
  return `{${SEARCH_COLUMNS.join(' ')}} : "${term.replaceAll('"', '""')}"`;
}

/** A term the trigram index can answer (it needs at least one trigram). */
function isIndexedTerm(term: string | undefined): term is string {
  return term !== undefined && term.length >= INDEXED_SEARCH_MIN_LENGTH;
}

type LeadCondition = (eb: ExpressionBuilder<Database, 'leads'>) => Expression<SqlBool>;

/** One column of the lead contains the term (case-insensitive), or its brand's catalogue label does. */
function likeScan(term: string): LeadCondition {
  const brands = brandsLabelled(term);
  return (eb) =>
    eb.or([
      anyColumnContains(
        eb,
        SEARCH_COLUMNS.map((c) => `leads.${c}`),
        term,
      ),
      ...(brands.length > 0 ? [eb('leads.brand', 'in', brands)] : []),
    ]);
}

/**
 * One search term inside the leads query, with the text indexes where the term has a trigram. SQLite's FTS index holds
 * active leads only (migration 0005), so inactive leads are matched by a LIKE scan of the inactive rows. PostgreSQL's
 * trigram index covers the columns joined by spaces: the LIKE per column rechecks that the term lies within one column.
 */
function termCondition(engine: Engine, term: string, status: LeadStatusScope): LeadCondition {
  const scan = likeScan(term);
  if (!isIndexedTerm(term)) return scan;
  if (engine === 'sqlite') {
    const brands = brandsLabelled(term);
    const indexed: LeadCondition = (eb) =>
      eb.or([
        sql<SqlBool>`leads.id in (select rowid from leads_search where leads_search match ${ftsPhrase(term)})`,
        ...(brands.length > 0 ? [eb('leads.brand', 'in', brands)] : []),
      ]);
    if (status === 'active') return indexed;
    if (status === 'inactive') return scan;
    return (eb) => eb.or([eb.and([eb('leads.status', '=', 1), indexed(eb)]), scan(eb)]);
  }
  return (eb) =>
    eb.or([
      eb.and([
        sql<SqlBool>`${sql.raw(PG_SEARCH_EXPRESSION)} like ${containsPattern(term)} escape '\\'`,
        scan(eb),
      ]),
      ...brandsLabelled(term).map((brand) => eb('leads.brand', '=', brand)),
    ]);
}

/** Every word of the search, each by any of its terms. */
function searchCondition(
  engine: Engine,
  words: CanonicalLeadFilter['search'] & {},
  status: LeadStatusScope,
): LeadCondition {
  const conditions = words.map((terms) => terms.map((term) => termCondition(engine, term, status)));
  return (eb) => eb.and(conditions.map((word) => eb.or(word.map((c) => c(eb)))));
}

/** The equality filters' columns in SQL. */
type EqualityColumn = `leads.${(typeof EQUALITY_FILTERS)[number][1]}`;

/** The column has one of the values (an empty list: none does). */
function oneOf(q: LeadQuery, column: EqualityColumn, values: readonly (string | number)[]) {
  if (values.length === 0) return q.where(sql<SqlBool>`1 = 0`);
  return values.length === 1 ? q.where(column, '=', values[0]!) : q.where(column, 'in', values);
}

function inRange(
  q: LeadQuery,
  column: 'leads.price' | 'leads.km_driven' | 'leads.unlock_count',
  range: NumberRange,
) {
  let query = q;
  if (range.min !== undefined) query = query.where(column, '>=', range.min);
  if (range.max !== undefined) query = query.where(column, '<=', range.max);
  return query;
}

function applyFilter(query: LeadQuery, engine: Engine, f: CanonicalLeadFilter): LeadQuery {
  let q = query;
  if (f.status === 'active') q = q.where('leads.status', '=', 1);
  if (f.status === 'inactive') q = q.where('leads.status', '=', 0);
  for (const [key, column] of EQUALITY_FILTERS) {
    const values = f[key];
    if (values !== undefined) q = oneOf(q, `leads.${column}`, values);
  }
  if (f.price) q = inRange(q, 'leads.price', f.price);
  if (f.kmDriven) q = inRange(q, 'leads.km_driven', f.kmDriven);
  if (f.unlockCount) q = inRange(q, 'leads.unlock_count', f.unlockCount);
  if (f.belowMarket)
    q = q
      .where('leads.market_median', 'is not', null)
      .whereRef('leads.price', '<', 'leads.market_median');
  // ISO text on SQLite, timestamptz on PostgreSQL: an ISO bound compares right on both.
  if (f.createdOn?.min !== undefined)
    q = q.where('leads.created_on', '>=', new Date(f.createdOn.min).toISOString());
  if (f.createdOn?.max !== undefined)
    q = q.where('leads.created_on', '<=', new Date(f.createdOn.max).toISOString());
  if (f.name !== undefined) q = q.where(columnContains('leads.full_name', f.name));
  if (f.search !== undefined) q = q.where(searchCondition(engine, f.search, f.status));
  return q;
}

/** Filters that a covering index (city; brand and model) leads with: see the migration of those indexes. */
function coveredByLeadingIndex(filter: CanonicalLeadFilter): boolean {
  return filter.city !== undefined || filter.brand !== undefined;
}

/** The ids of one newest-first page and how many leads match. */
export interface LeadIdPage {
  ids: number[];
  /** Matching leads: exact, or the cap of the filters (totalCapOf) when `totalCapped`. */
  total: number;
  /** True when more leads match than `total` says. */
  totalCapped: boolean;
}

/** The two statements behind a page: the page's ids and the count of matches, up to the cap + 1 (totalCapOf). */
export interface LeadPageQueries {
  ids: LongRead<{ id: number }>;
  count: LongRead<{ n: number | bigint | string }>;
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
  const { search: _, status: __, ...others } = filter;
  const matches =
    Object.keys(others).length === 0
      ? db.selectFrom('leads_search').select('leads_search.rowid as id').where(match)
      : applyFilter(db.selectFrom('leads'), 'sqlite', { ...others, status: 'active' })
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

/** A term the FTS index answers alone: it has a trigram and every brand it labels holds it in its slug as well. */
function isFtsOnly(term: string | undefined): term is string {
  return isIndexedTerm(term) && brandsLabelled(term).every((brand) => brand.includes(term));
}

/** The query in the list's order: newest first, or sorted with ties newest first and leads without a value last. */
function inOrder<Q extends SelectQueryBuilder<Database, 'leads', { id: number }>>(
  query: Q,
  sort: CanonicalLeadFilter['sort'],
): Q {
  const byId = <T extends Q>(q: T) => q.orderBy('leads.id', 'desc') as T;
  if (sort === undefined) return byId(query);
  if (sort === 'year_desc') return byId(query.orderBy('leads.year', 'desc') as Q);
  const column = sort === 'km_asc' ? 'leads.km_driven' : 'leads.price';
  // `is null` orders false before true on both engines: leads without a value last, whichever way.
  return byId(
    query
      .orderBy(sql`${sql.ref(column)} is null`)
      .orderBy(column, sort === 'price_desc' ? 'desc' : 'asc') as Q,
  );
}

/** The ids of one page in the list's order (paged on an index where one serves it) and the capped count. */
export function leadPageQueries(
  db: Queryable,
  engine: Engine,
  filter: CanonicalLeadFilter,
  page: { pageNumber: number; pageSize: number },
): LeadPageQueries {
  const word = filter.search?.length === 1 ? filter.search[0] : undefined;
  const term = word?.length === 1 ? word[0] : undefined;
  if (
    engine === 'sqlite' &&
    filter.status === 'active' &&
    filter.sort === undefined &&
    isFtsOnly(term)
  ) {
    return activeSearchQueries(db, filter, term, page);
  }
  const base = applyFilter(db.selectFrom('leads'), engine, filter);
  return {
    ids: inOrder(base.select('leads.id'), filter.sort)
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
 * One newest-first page by SQL: the ids are paged on an index, so a deep page never walks wide rows; the total is a
 * capped count (totalCapOf). Both are long reads (runLongRead): a two-letter search scans every lead, a count of a
 * poorly selective mix reads up to 10,000 rows.
 */
export async function findLeadIdPage(
  database: LongReads & { engine: Engine },
  filter: CanonicalLeadFilter,
  page: { pageNumber: number; pageSize: number },
): Promise<LeadIdPage> {
  const queries = leadPageQueries(database.db, database.engine, filter, page);
  const ids = (await runLongRead(database, queries.ids)).map((r) => r.id);
  const offset = offsetOf(page.pageNumber, page.pageSize);
  // A page that ends the matches (short, or empty on page 1) tells the total itself: the count is not run.
  const endsTheMatches = ids.length < page.pageSize && (ids.length > 0 || offset === 0);
  const matched = endsTheMatches
    ? offset + ids.length
    : Number((await runLongRead(database, queries.count))[0]?.n ?? 0);
  const cap = totalCapOf(filter);
  return { ids, total: Math.min(matched, cap), totalCapped: matched > cap };
}

/**
 * These leads (newest first) with the leads version and the member's unlocks revision, in one statement: a page the
 * engine found is read and checked against the version it was found at in one round trip.
 */
export async function leadRowsAndVersions(
  db: Queryable,
  ids: number[],
  userId: number,
): Promise<{ version: number; unlocksRevision: number; rows: LeadListRow[] }> {
  const versions = (first: { leads_version?: unknown; unlocks_revision_of_caller?: unknown }) => ({
    version: Number(first.leads_version ?? 0),
    unlocksRevision: Number(first.unlocks_revision_of_caller ?? 0),
  });
  // No page (past the last one): no join with leads at all, since SQLite would walk every lead to find none.
  if (ids.length === 0) return { ...versions((await versionsOf(db, userId))[0] ?? {}), rows: [] };
  if (!isPostgres(db)) {
    // SQLite hands the rows over as one JSON text: better-sqlite3 builds a row object of 19 properties through V8's
    // C++ API, dearer than JSON.parse and plain object building (decision 0004).
    const [first] = await sqliteRowsAndVersionsOf(ids.length)(db, userId, ...ids);
    const rows = JSON.parse(first?.rows_json ?? '[]') as unknown[][];
    return { ...versions(first ?? {}), rows: rows.map(shownRowOf) };
  }
  const found = await rowsAndVersionsOf(ids.length)(db, userId, ...ids);
  return {
    ...versions(found[0] ?? (await versionsOf(db, userId))[0] ?? {}),
    rows: found.filter((r) => r.id !== null) as unknown as LeadListRow[],
  };
}

/** A row from its values in the order of LEAD_COLUMNS (SQLite's JSON of a page). */
function shownRowOf(values: unknown[]): LeadListRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < LEAD_COLUMNS.length; i++) row[LEAD_COLUMNS[i]!] = values[i];
  return row as LeadListRow;
}

function versionsQuery(db: Queryable, userId: number) {
  return db
    .selectFrom('leads_version as v')
    .leftJoin('users as u', (join) => join.on('u.id', '=', userId))
    .select(['v.version as leads_version', 'u.unlocks_revision as unlocks_revision_of_caller'])
    .where('v.id', '=', 1);
}

const versionsOf = preparedQuery(versionsQuery);

const rowsAndVersionsQuery = (db: Queryable, userId: number, ...ids: number[]) =>
  versionsQuery(db, userId)
    .leftJoin('leads', (join) => join.on('leads.id', 'in', ids))
    .select(LEAD_COLUMNS.map((c) => `leads.${c}` as const))
    .orderBy('leads.id', 'desc');

const sqliteRowsAndVersionsQuery = (db: Queryable, userId: number, ...ids: number[]) =>
  versionsQuery(db, userId).select(
    sql<string>`(select json_group_array(json_array(${sql.join(
      LEAD_COLUMNS.map((c) => sql.ref(c)),
    )}) order by id desc) from leads where id in (${sql.join(ids)}))`.as('rows_json'),
  );

/** A statement per number of ids, compiled once (pages hold 1–100 leads): no query built per request. */
function preparedPerCount<A extends number[], R>(
  build: (db: Queryable, userId: number, ...ids: A) => { compile(): CompiledQuery<R> },
) {
  const byCount = new Map<number, (db: Queryable, userId: number, ...ids: A) => Promise<R[]>>();
  return (count: number) => {
    let query = byCount.get(count);
    if (query === undefined) {
      query = preparedQuery(build);
      byCount.set(count, query);
    }
    return query;
  };
}

const rowsAndVersionsOf = preparedPerCount(rowsAndVersionsQuery);
const sqliteRowsAndVersionsOf = preparedPerCount(sqliteRowsAndVersionsQuery);

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

/** The newest lead with this phone, brand and model created since `sinceIso` (the duplicate rule), if any. */
export async function recentDuplicateId(
  db: Queryable,
  lead: { phone: string; brand: string; model: string },
  sinceIso: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('leads')
    .select('id')
    .where('phone_number', '=', lead.phone)
    .where('brand', '=', lead.brand)
    .where('model', '=', lead.model)
    .where('created_on', '>=', sinceIso)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
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

/** The lead's photos, cover first. */
export function photosOfLead(
  db: Queryable,
  leadId: number,
): Promise<Selectable<Database['lead_photos']>[]> {
  return db
    .selectFrom('lead_photos')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
