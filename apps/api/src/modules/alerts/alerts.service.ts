// Saved searches, the notifications of new leads that match them, and the matching done in the lead's own transaction.
import { pushNewLead } from '../push/push.service';
import { sql, type ExpressionBuilder } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  SAVED_SEARCHES_MAX,
  savedSearchFiltersSchema,
  type AppNotification,
  type EmailMode,
  type SavedSearch,
  type SavedSearchFilters,
  type UnsubscribeResult,
} from '@dealerleads/shared';
import { fromDbBool, type Db, type Engine, type Queryable } from '../../db/database';
import type { Database, LeadRow } from '../../db/schema';
import { runWrite } from '../../db/write-batcher';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { offsetOf } from '../../plugins/pagination';
import type { CanonicalLeadFilter } from '../leads/list-engine';
import { instantMailRows } from './email-outbox';
import type { UnsubscribeTarget } from './unsubscribe-token';
import {
  candidateKeysOf,
  canonicalSavedFilter,
  leadMatches,
  matchKeyOf,
  prepareLead,
  type MatchableLead,
} from './lead-matcher';

export const alertMessages = {
  tooMany: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches`,
  notFound: 'Saved search not found',
  notYours: 'This saved search belongs to another member',
  badUnsubscribe: 'This unsubscribe link is not valid',
  unsubscribed: 'You will get no more e-mails for this saved search.',
  unsubscribedDigest: 'You will get no more daily e-mails.',
  nothingToUnsubscribe: 'There is nothing left to unsubscribe from.',
  confirmUnsubscribe: 'Nothing has changed yet: confirm to stop these e-mails.',
  instantNeedsFilter:
    'A saved search without any filter gets the daily digest only. Choose at least one filter for instant e-mails.',
  streamTicketInvalid: 'The stream ticket is not valid',
  streamTicketUsed: 'This stream ticket was already used. Ask for a new one.',
  tooManyStreams:
    'Too many notification streams are open from this address. Close some tabs and try again.',
} as const;

/** A catch-all search (no filter set): it matches every lead, so it may only mail the daily digest. */
export function hasNoFilter(filters: SavedSearchFilters): boolean {
  return Object.values(filters).every(
    (v) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0),
  );
}

/** Serialises notification inserts on PostgreSQL, so their ids commit in order and a stream's cursor skips none. */
const NOTIFICATION_LOCK = 7_240_518;

function parseFilters(text: string): SavedSearchFilters {
  try {
    const parsed = savedSearchFiltersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * Canonical filters of stored searches, parsed once per process. Keyed by id; the stored text is kept and compared,
 * so an edited search (or another database's search with the same id) is parsed again.
 */
const canonicalCache = new LRUCache<number, { text: string; filter: CanonicalLeadFilter }>({
  max: 50_000,
});

function canonicalOf(id: number, filters: string): CanonicalLeadFilter {
  const cached = canonicalCache.get(id);
  if (cached !== undefined && cached.text === filters) return cached.filter;
  const filter = canonicalSavedFilter(parseFilters(filters));
  canonicalCache.set(id, { text: filters, filter });
  return filter;
}

interface SavedSearchRow {
  id: number;
  name: string;
  filters: string;
  email_mode: string;
  last_opened_on: string;
  created_on: string;
  new_count: number | string | bigint;
}

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: parseFilters(row.filters),
    emailMode: row.email_mode as EmailMode,
    newCount: Number(row.new_count),
    lastOpenedOn: row.last_opened_on,
    createdOn: row.created_on,
  };
}

function savedSearchesOf(db: Queryable, userId: number) {
  return db
    .selectFrom('saved_searches as s')
    .where('s.user_id', '=', userId)
    .select((eb) => [
      's.id',
      's.name',
      's.filters',
      's.email_mode',
      's.last_opened_on',
      's.created_on',
      eb
        .selectFrom('notifications as n')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('n.saved_search_id', '=', 's.id')
        .whereRef('n.created_on', '>', 's.last_opened_on')
        .as('new_count'),
    ]);
}

export async function listSavedSearches(db: Queryable, userId: number): Promise<SavedSearch[]> {
  const rows = await savedSearchesOf(db, userId).orderBy('s.id', 'desc').execute();
  return rows.map((r) => toSavedSearch(r as SavedSearchRow));
}

export async function createSavedSearch(
  db: Db,
  engine: Engine,
  userId: number,
  input: { name: string; filters: SavedSearchFilters; emailMode: EmailMode },
  now = new Date(),
): Promise<SavedSearch> {
  if (input.emailMode === 'instant' && hasNoFilter(input.filters))
    throw badRequest(alertMessages.instantNeedsFilter);
  const id = await runWrite(db, engine, async (tx) => {
    const count = await tx
      .selectFrom('saved_searches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= SAVED_SEARCHES_MAX) throw badRequest(alertMessages.tooMany);
    const filters = JSON.stringify(input.filters);
    const row = await tx
      .insertInto('saved_searches')
      .values({
        user_id: userId,
        name: input.name,
        filters,
        email_mode: input.emailMode,
        match_key: matchKeyOf(canonicalSavedFilter(input.filters)),
        last_opened_on: now.toISOString(),
        created_on: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return savedSearchById(db, userId, id);
}

async function savedSearchById(db: Queryable, userId: number, id: number): Promise<SavedSearch> {
  const row = await savedSearchesOf(db, userId).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(alertMessages.notFound);
  return toSavedSearch(row as SavedSearchRow);
}

/** 404 when there is no such saved search, 403 when it is another member's. */
async function assertOwnSearch(db: Queryable, userId: number, id: number): Promise<void> {
  const row = await db
    .selectFrom('saved_searches')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(alertMessages.notFound);
  if (row.user_id !== userId) throw forbidden(alertMessages.notYours);
}

export async function deleteSavedSearch(
  db: Db,
  engine: Engine,
  userId: number,
  id: number,
): Promise<void> {
  await runWrite(db, engine, async (tx) => {
    await assertOwnSearch(tx, userId, id);
    await tx.deleteFrom('notifications').where('saved_search_id', '=', id).execute();
    await tx.deleteFrom('saved_searches').where('id', '=', id).execute();
  });
}

/** Rename a saved search and/or change its e-mail mode. */
export async function updateSavedSearch(
  db: Db,
  engine: Engine,
  userId: number,
  id: number,
  changes: { name?: string | undefined; emailMode?: EmailMode | undefined },
): Promise<SavedSearch> {
  await runWrite(db, engine, async (tx) => {
    await assertOwnSearch(tx, userId, id);
    if (changes.emailMode === 'instant') {
      const search = await tx
        .selectFrom('saved_searches')
        .select('filters')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (hasNoFilter(parseFilters(search.filters)))
        throw badRequest(alertMessages.instantNeedsFilter);
    }
    const set = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.emailMode !== undefined ? { email_mode: changes.emailMode } : {}),
    };
    if (Object.keys(set).length > 0)
      await tx.updateTable('saved_searches').set(set).where('id', '=', id).execute();
  });
  return savedSearchById(db, userId, id);
}

/** The saved searches an unsubscribe link turns off: one search still mailing, or a dealer's daily ones. */
function unsubscribed(target: UnsubscribeTarget) {
  return (eb: ExpressionBuilder<Database, 'saved_searches'>) =>
    target.kind === 's'
      ? eb.and([eb('id', '=', target.savedSearchId), eb('email_mode', '!=', 'off')])
      : eb.and([eb('user_id', '=', target.userId), eb('email_mode', '=', 'daily')]);
}

/** What following an unsubscribe link would turn off, changing nothing (the confirm page). */
export async function unsubscribePreview(
  db: Queryable,
  target: UnsubscribeTarget,
): Promise<UnsubscribeResult> {
  const rows = await db
    .selectFrom('saved_searches')
    .select('name')
    .where(unsubscribed(target))
    .orderBy('id')
    .execute();
  return {
    message:
      rows.length === 0 ? alertMessages.nothingToUnsubscribe : alertMessages.confirmUnsubscribe,
    savedSearches: rows.map((r) => r.name),
  };
}

/**
 * An unsubscribe link's effect (no login: the signed token is the proof): one saved search's mails off, or all of a
 * dealer's daily digests. Answers the names of the searches turned off.
 */
export async function unsubscribe(
  db: Db,
  engine: Engine,
  target: UnsubscribeTarget,
): Promise<UnsubscribeResult> {
  const names = await runWrite(db, engine, async (tx) => {
    const rows = await tx
      .updateTable('saved_searches')
      .set({ email_mode: 'off' })
      .$call((q) => q.where(unsubscribed(target)))
      .returning('name')
      .execute();
    return rows.map((r) => r.name);
  });
  return {
    message:
      names.length === 0
        ? alertMessages.nothingToUnsubscribe
        : target.kind === 's'
          ? alertMessages.unsubscribed
          : alertMessages.unsubscribedDigest,
    savedSearches: names,
  };
}

/** Opening a saved search resets its new-lead count (the screen then applies its filters). */
export async function openSavedSearch(
  db: Db,
  engine: Engine,
  userId: number,
  id: number,
  now = new Date(),
): Promise<SavedSearch> {
  await runWrite(db, engine, async (tx) => {
    await assertOwnSearch(tx, userId, id);
    await tx
      .updateTable('saved_searches')
      .set({ last_opened_on: now.toISOString() })
      .where('id', '=', id)
      .execute();
  });
  return savedSearchById(db, userId, id);
}

/**
 * Called in the transaction that stores a new lead: one notification per saved search the lead matches (none for
 * a lead held off the list). Only the searches filed under the lead's model, brand, city or 'any' are read.
 */
export async function recordNewLeadAlerts(
  tx: Queryable,
  engine: Engine,
  lead: MatchableLead & Pick<LeadRow, 'id' | 'status'>,
  now = new Date(),
): Promise<number> {
  if (!fromDbBool(lead.status)) return 0;
  const candidates = await tx
    .selectFrom('saved_searches')
    .select(['id', 'user_id', 'filters', 'email_mode'])
    .where('match_key', 'in', candidateKeysOf(lead))
    .execute();
  const prepared = prepareLead(lead);
  const matched = candidates.filter((s) => leadMatches(canonicalOf(s.id, s.filters), prepared));
  if (matched.length === 0) return 0;
  await pushNewLead(
    tx,
    lead,
    matched.map((s) => s.user_id),
    now,
  );
  const at = now.toISOString();
  // The transactional outbox: an instant mail is queued with its notification, or neither exists.
  const mails = instantMailRows(
    lead.id,
    // A catch-all search stored before the rule mails no instant alert either.
    matched.filter((s) => s.email_mode === 'instant' && !hasNoFilter(parseFilters(s.filters))),
    now,
  );
  if (engine === 'postgres') {
    // One statement (one round trip): the lock that orders notification ids, the notifications, the mails.
    await sql`
      with ordered as materialized (select pg_advisory_xact_lock(${NOTIFICATION_LOCK})),
      notified as (
        insert into notifications (user_id, saved_search_id, lead_id, read_on, created_on)
        select m.user_id, m.search_id, ${lead.id}, null, ${at}::timestamptz
        from ordered cross join unnest(${matched.map((s) => s.user_id)}::int[], ${matched.map((s) => s.id)}::int[])
          as m(user_id, search_id)
        on conflict (saved_search_id, lead_id) do nothing
      )
      insert into email_outbox (idempotency_key, kind, user_id, saved_search_id, lead_id, next_attempt_at, created_on)
      select m.idempotency_key, 'instant', m.user_id, m.search_id, ${lead.id}, ${at}::timestamptz, ${at}::timestamptz
      from unnest(${mails.map((m) => m.idempotency_key)}::text[], ${mails.map((m) => m.user_id)}::int[],
        ${mails.map((m) => m.saved_search_id)}::int[]) as m(idempotency_key, user_id, search_id)
      on conflict (idempotency_key) do nothing`.execute(tx);
    return matched.length;
  }
  await tx
    .insertInto('notifications')
    .values(
      matched.map((s) => ({
        user_id: s.user_id,
        saved_search_id: s.id,
        lead_id: lead.id,
        read_on: null,
        created_on: at,
      })),
    )
    // An approval after moderation notifies once too, even if the lead had matched before.
    .onConflict((oc) => oc.columns(['saved_search_id', 'lead_id']).doNothing())
    .execute();
  if (mails.length > 0)
    await tx
      .insertInto('email_outbox')
      .values(mails)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
  return matched.length;
}

export interface NotificationRow {
  id: number;
  user_id: number;
  saved_search_id: number;
  saved_search_name: string;
  lead_id: number;
  year: number;
  brand: string;
  model: string;
  city: string;
  price: number;
  created_on: string;
  read_on: string | null;
}

export function toNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    savedSearchId: row.saved_search_id,
    savedSearchName: row.saved_search_name,
    leadId: row.lead_id,
    year: row.year,
    brand: row.brand,
    model: row.model,
    city: row.city,
    price: row.price,
    createdOn: row.created_on,
    read: row.read_on !== null,
  };
}

/** Notifications with their lead's facts (never its contact) and their saved search's name. */
export function notificationRows(db: Queryable) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('saved_searches as s', 's.id', 'n.saved_search_id')
    .innerJoin('leads as l', 'l.id', 'n.lead_id')
    .select([
      'n.id',
      'n.user_id',
      'n.saved_search_id',
      's.name as saved_search_name',
      'n.lead_id',
      'l.year',
      'l.brand',
      'l.model',
      'l.city',
      'l.price',
      'n.created_on',
      'n.read_on',
    ]);
}

export async function listNotifications(
  db: Queryable,
  userId: number,
  page: { pageNumber: number; pageSize: number },
): Promise<{ items: AppNotification[]; total: number }> {
  const [rows, count] = await Promise.all([
    notificationRows(db)
      .where('n.user_id', '=', userId)
      .orderBy('n.id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page.pageNumber, page.pageSize))
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toNotification(r as NotificationRow)), total: Number(count.n) };
}

export async function unreadCount(db: Queryable, userId: number): Promise<{ unread: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_on', 'is', null)
    .executeTakeFirstOrThrow();
  return { unread: Number(row.n) };
}

export async function markRead(
  db: Db,
  engine: Engine,
  userId: number,
  ids: number[] | undefined,
  now = new Date(),
): Promise<{ unread: number }> {
  await runWrite(db, engine, async (tx) => {
    let q = tx
      .updateTable('notifications')
      .set({ read_on: now.toISOString() })
      .where('user_id', '=', userId)
      .where('read_on', 'is', null);
    if (ids !== undefined) {
      if (ids.length === 0) return;
      q = q.where('id', 'in', ids);
    }
    await q.execute();
  });
  return unreadCount(db, userId);
}
