// Kysely code for My Leads: the unlocked leads with their stage, follow-up and last note, and notes.
import type { ExpressionBuilder, SqlBool, Expression } from 'kysely';
import type {
  DisputeReason,
  DisputeStatus,
  FollowUpView,
  LeadStage,
  ListingStatus,
} from '@dealerleads/shared';
import { runLongRead, type LongReads, type Queryable } from '../../db/database';
import type { Database } from '../../db/schema';
import { anyColumnContains } from '../../db/text-search';

/** Stages that need no more calls: their follow-up dates never count as due or overdue. */
export const CLOSED_STAGES: readonly LeadStage[] = ['bought', 'lost'];

export interface MyLeadsFilter {
  stage?: LeadStage | undefined;
  due?: FollowUpView | undefined;
  searchterm?: string | undefined;
  leadId?: number | undefined;
}

const SEARCH_COLUMNS = [
  'l.full_name',
  'l.phone_number',
  'l.city',
  'l.brand',
  'l.model',
  'l.varient',
] as const;

type MyLeadsTables = Database & {
  u: Database['lead_unlocks'];
  l: Database['leads'];
  d: Database['dealer_leads'];
};
type Eb = ExpressionBuilder<MyLeadsTables, 'u' | 'l' | 'd'>;

function baseQuery(db: Queryable, userId: number) {
  return db
    .selectFrom('lead_unlocks as u')
    .innerJoin('leads as l', 'l.id', 'u.lead_id')
    .leftJoin('dealer_leads as d', (join) =>
      join.onRef('d.user_id', '=', 'u.user_id').onRef('d.lead_id', '=', 'u.lead_id'),
    )
    .where('u.user_id', '=', userId);
}

function conditions(eb: Eb, filter: MyLeadsFilter, today: string): Expression<SqlBool>[] {
  const and: Expression<SqlBool>[] = [];
  if (filter.leadId !== undefined) and.push(eb('u.lead_id', '=', filter.leadId));
  if (filter.stage === 'new')
    and.push(eb.or([eb('d.stage', 'is', null), eb('d.stage', '=', 'new')]));
  else if (filter.stage) and.push(eb('d.stage', '=', filter.stage));
  if (filter.due) {
    and.push(eb('d.follow_up_on', filter.due === 'today' ? '=' : '<', today));
    and.push(eb('d.stage', 'not in', [...CLOSED_STAGES]));
  }
  if (filter.searchterm) and.push(anyColumnContains(eb, SEARCH_COLUMNS, filter.searchterm));
  return and;
}

export interface MyLeadsRow {
  unlock_id: number;
  lead_id: number;
  full_name: string;
  phone_number: string;
  city: string;
  brand: string;
  model: string;
  varient: string | null;
  year: number;
  fuel_type: string;
  transmission: string;
  price: number;
  km_driven: number | null;
  listing_status: ListingStatus;
  unlocked_on: string;
  stage: string | null;
  follow_up_on: string | null;
  last_note: string | null;
  last_note_on: string | null;
  /** The dealer's dispute of this unlock (docs/credits.md), if any. */
  dispute_id: number | null;
  dispute_status: DisputeStatus | null;
  dispute_reason: DisputeReason | null;
  dispute_admin_note: string | null;
  phone_verified: boolean | number;
  verified_on: string | null;
}

function selectRows(db: Queryable, userId: number, filter: MyLeadsFilter, today: string) {
  return baseQuery(db, userId)
    .leftJoin('disputes as ds', 'ds.unlock_id', 'u.id')
    .where((eb) => eb.and(conditions(eb as unknown as Eb, filter, today)))
    .select((eb) => [
      'ds.id as dispute_id',
      'ds.status as dispute_status',
      'ds.reason as dispute_reason',
      'ds.admin_note as dispute_admin_note',
      'u.id as unlock_id',
      'l.id as lead_id',
      'l.full_name',
      'l.phone_number',
      'l.city',
      'l.brand',
      'l.model',
      'l.varient',
      'l.year',
      'l.fuel_type',
      'l.transmission',
      'l.price',
      'l.km_driven',
      'l.listing_status',
      'l.phone_verified',
      'l.verified_on',
      'u.created_on as unlocked_on',
      'd.stage',
      'd.follow_up_on',
      eb
        .selectFrom('lead_notes as n')
        .select('n.text')
        .whereRef('n.user_id', '=', 'u.user_id')
        .whereRef('n.lead_id', '=', 'u.lead_id')
        .orderBy('n.id', 'desc')
        .limit(1)
        .as('last_note'),
      eb
        .selectFrom('lead_notes as n')
        .select('n.created_on')
        .whereRef('n.user_id', '=', 'u.user_id')
        .whereRef('n.lead_id', '=', 'u.lead_id')
        .orderBy('n.id', 'desc')
        .limit(1)
        .as('last_note_on'),
    ])
    .orderBy('u.id', 'desc');
}

// My Leads' lists are long reads (runLongRead): a dealer may hold tens of thousands of unlocks, and a search, a
// deep page or a count walks all of them.

/** One page of My Leads, newest unlock first. */
export async function findMyLeadsPage(
  database: LongReads,
  userId: number,
  filter: MyLeadsFilter,
  today: string,
  page: { offset: number; limit: number },
): Promise<MyLeadsRow[]> {
  const rows = selectRows(database.db, userId, filter, today).limit(page.limit).offset(page.offset);
  return (await runLongRead(database, rows)) as MyLeadsRow[];
}

/** Rows after `beforeUnlockId` (keyset paging for the CSV export). */
export async function findMyLeadsChunk(
  database: LongReads,
  userId: number,
  filter: MyLeadsFilter,
  today: string,
  beforeUnlockId: number | undefined,
  limit: number,
): Promise<MyLeadsRow[]> {
  let q = selectRows(database.db, userId, filter, today);
  if (beforeUnlockId !== undefined) q = q.where('u.id', '<', beforeUnlockId);
  return (await runLongRead(database, q.limit(limit))) as MyLeadsRow[];
}

/**
 * Rows read per statement when a whole view is read (the CSV, the export): memory stays flat, and each read and the
 * copy of its rows between threads stay short.
 */
export const WORKSPACE_CHUNK = 1000;

/** Every row of the view, newest unlock first, in chunks read by keyset. */
export async function* myLeadsChunks(
  database: LongReads,
  userId: number,
  filter: MyLeadsFilter,
  today: string,
): AsyncGenerator<MyLeadsRow[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await findMyLeadsChunk(database, userId, filter, today, before, WORKSPACE_CHUNK);
    if (rows.length > 0) yield rows;
    if (rows.length < WORKSPACE_CHUNK) return;
    before = rows[rows.length - 1]!.unlock_id;
  }
}

export async function countMyLeads(
  database: LongReads,
  userId: number,
  filter: MyLeadsFilter,
  today: string,
): Promise<number> {
  const count = baseQuery(database.db, userId)
    .where((eb) => eb.and(conditions(eb as unknown as Eb, filter, today)))
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const [row] = await runLongRead(database, count);
  return Number(row?.n ?? 0);
}

export async function countFollowUps(
  db: Queryable,
  userId: number,
  today: string,
): Promise<{ dueToday: number; overdue: number }> {
  const row = await db
    .selectFrom('dealer_leads')
    .where('user_id', '=', userId)
    .where('follow_up_on', '<=', today)
    .where('stage', 'not in', [...CLOSED_STAGES])
    .select((eb) => [
      eb.fn
        .sum<number>(eb.case().when('follow_up_on', '=', today).then(1).else(0).end())
        .as('due_today'),
      eb.fn
        .sum<number>(eb.case().when('follow_up_on', '<', today).then(1).else(0).end())
        .as('overdue'),
    ])
    .executeTakeFirst();
  return { dueToday: Number(row?.due_today ?? 0), overdue: Number(row?.overdue ?? 0) };
}

export async function hasUnlocked(db: Queryable, userId: number, leadId: number): Promise<boolean> {
  const row = await db
    .selectFrom('lead_unlocks')
    .select('id')
    .where('user_id', '=', userId)
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function leadExists(db: Queryable, leadId: number): Promise<boolean> {
  const row = await db
    .selectFrom('leads')
    .select('status')
    .where('id', '=', leadId)
    .executeTakeFirst();
  return row !== undefined && Boolean(row.status);
}

export async function upsertDealerLead(
  db: Queryable,
  row: {
    userId: number;
    leadId: number;
    stage?: LeadStage | undefined;
    followUpOn?: string | null | undefined;
    now: string;
  },
): Promise<void> {
  const changes: { stage?: string; follow_up_on?: string | null; updated_on: string } = {
    updated_on: row.now,
  };
  if (row.stage !== undefined) changes.stage = row.stage;
  if (row.followUpOn !== undefined) changes.follow_up_on = row.followUpOn;
  await db
    .insertInto('dealer_leads')
    .values({
      user_id: row.userId,
      lead_id: row.leadId,
      stage: row.stage ?? 'new',
      follow_up_on: row.followUpOn ?? null,
      updated_on: row.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'lead_id']).doUpdateSet(changes))
    .execute();
}

export function insertNote(
  db: Queryable,
  note: { userId: number; leadId: number; text: string; now: string },
) {
  return db
    .insertInto('lead_notes')
    .values({
      user_id: note.userId,
      lead_id: note.leadId,
      text: note.text,
      created_on: note.now,
    })
    .returning(['id', 'text', 'created_on'])
    .executeTakeFirstOrThrow();
}

export function notesOf(db: Queryable, userId: number, leadId: number, limit: number) {
  return db
    .selectFrom('lead_notes')
    .select(['id', 'text', 'created_on'])
    .where('user_id', '=', userId)
    .where('lead_id', '=', leadId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
