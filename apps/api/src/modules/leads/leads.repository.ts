// Kysely code for leads: the filtered newest-first page, one lead, writes, and the mapping to the API shape.
import type { SelectQueryBuilder } from 'kysely';
import { LIMITS, type Lead } from '@dealerleads/shared';
import { fromDbBool, type Queryable } from '../../db/database';
import type { Database, LeadRow, NewLead } from '../../db/schema';
import { offsetOf } from '../../plugins/pagination';
import { anyColumnContains, columnContains } from '../../db/text-search';
import type { CanonicalLeadFilter } from './lead-filters';

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
    unlocked,
  };
}

type LeadQuery = SelectQueryBuilder<Database, 'leads', object>;

function applyFilter(
  query: LeadQuery,
  f: CanonicalLeadFilter,
  includeInactive: boolean,
): LeadQuery {
  let q = query;
  if (!includeInactive) q = q.where('status', '=', 1);
  if (f.city !== undefined) q = q.where('city', '=', f.city);
  if (f.brand !== undefined) q = q.where('brand', '=', f.brand);
  if (f.model !== undefined) q = q.where('model', '=', f.model);
  if (f.varient !== undefined) q = q.where('varient', '=', f.varient);
  if (f.fuelType !== undefined) q = q.where('fuel_type', '=', f.fuelType);
  if (f.ownerName !== undefined) q = q.where('owner_name', '=', f.ownerName);
  if (f.transmission !== undefined) q = q.where('transmission', '=', f.transmission);
  if (f.rto !== undefined) q = q.where('rto', '=', f.rto);
  if (f.year !== undefined) q = q.where('year', '=', f.year);
  if (f.seats !== undefined) q = q.where('seats', '=', f.seats);
  if (f.price) {
    q = q.where('price', '>=', f.price.min);
    if (f.price.max !== undefined) q = q.where('price', '<=', f.price.max);
  }
  if (f.kmDriven) {
    q = q.where('km_driven', '>=', f.kmDriven.min);
    if (f.kmDriven.max !== undefined) q = q.where('km_driven', '<=', f.kmDriven.max);
  }
  if (f.createdFrom !== undefined) q = q.where('created_on', '>=', f.createdFrom);
  if (f.createdBefore !== undefined) q = q.where('created_on', '<', f.createdBefore);
  if (f.name !== undefined) {
    q = q.where(columnContains('full_name', f.name));
  }
  if (f.searchterm !== undefined) {
    const text = f.searchterm;
    q = q.where((eb) =>
      anyColumnContains(eb, ['full_name', 'city', 'brand', 'model', 'varient', 'rto'], text),
    );
  }
  return q;
}

export async function searchLeads(
  db: Queryable,
  filter: CanonicalLeadFilter,
  page: { pageNumber: number; pageSize: number },
  includeInactive: boolean,
): Promise<{ rows: LeadRow[]; total: number }> {
  const base = applyFilter(db.selectFrom('leads'), filter, includeInactive);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page.pageNumber, page.pageSize))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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

/** Which of these leads the user has unlocked. */
export async function unlockedLeadIds(
  db: Queryable,
  userId: number,
  leadIds: number[],
): Promise<Set<number>> {
  if (leadIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('lead_unlocks')
    .select('lead_id')
    .where('user_id', '=', userId)
    .where('lead_id', 'in', leadIds)
    .execute();
  return new Set(rows.map((r) => r.lead_id));
}
