// Kysely code for reading the audit log: filters, newest first, and the mapping to the API's entry shape.
import { sql } from 'kysely';
import {
  auditChangesSchema,
  type AuditChanges,
  type AuditEntry,
  type AuditFilter,
  type MemberRef,
} from '@dealerleads/shared';
import { runLongRead, type LongReads } from '../../db/database';
import type { AuditLogRow } from '../../db/schema';
import { addDays } from '../../lib/calendar';
import { offsetOf } from '../../plugins/pagination';

/** India's offset: the screen's days are India's days. */
const INDIA_OFFSET = '+05:30';

/** The first instant of a calendar day in India, as an ISO string in UTC (the form the log stores on SQLite). */
export function startOfIndianDay(date: string): string {
  return new Date(`${date}T00:00:00${INDIA_OFFSET}`).toISOString();
}

function timestampText(value: string | Date): string {
  return typeof value === 'string' ? new Date(value).toISOString() : value.toISOString();
}

function parseChanges(text: string): AuditChanges {
  try {
    const parsed = auditChangesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Target types whose target is a member, or a package of one (`user_package` and `userPackage` both name one). */
const MEMBER_TARGET = 'member';
const MEMBER_PACKAGE_TARGETS = ['user_package', 'userPackage'];

/** The entry's target as a key of `members`: `member:<id>` or `package:<id>`. */
function memberKeyOf(row: Pick<AuditLogRow, 'target_type' | 'target_id'>): string | null {
  if (row.target_id === null || !/^\d+$/.test(row.target_id)) return null;
  if (row.target_type === MEMBER_TARGET) return `member:${row.target_id}`;
  if (MEMBER_PACKAGE_TARGETS.includes(row.target_type)) return `package:${row.target_id}`;
  return null;
}

/** The members a page of entries is about, by memberKeyOf: two queries for the whole page, whatever its size. */
export async function targetMembersOf(
  database: LongReads,
  rows: readonly Pick<AuditLogRow, 'target_type' | 'target_id'>[],
): Promise<Map<string, MemberRef>> {
  const memberIds = new Set<number>();
  const packageIds = new Set<number>();
  for (const row of rows) {
    const key = memberKeyOf(row);
    if (key?.startsWith('member:')) memberIds.add(Number(row.target_id));
    else if (key) packageIds.add(Number(row.target_id));
  }
  const found = new Map<string, MemberRef>();
  const columns = ['users.id', 'users.user_name', 'users.name'] as const;
  const refOf = (u: { id: number; user_name: string; name: string }): MemberRef => ({
    id: u.id,
    userName: u.user_name,
    name: u.name,
  });
  const [members, packages] = await Promise.all([
    memberIds.size > 0
      ? database.db
          .selectFrom('users')
          .select(columns)
          .where('users.id', 'in', [...memberIds])
          .execute()
      : [],
    packageIds.size > 0
      ? database.db
          .selectFrom('user_packages')
          .innerJoin('users', 'users.id', 'user_packages.user_id')
          .select([...columns, 'user_packages.id as packageId'])
          .where('user_packages.id', 'in', [...packageIds])
          .execute()
      : [],
  ]);
  for (const m of members) found.set(`member:${m.id}`, refOf(m));
  for (const p of packages) found.set(`package:${p.packageId}`, refOf(p));
  return found;
}

export function toAuditEntry(
  row: AuditLogRow,
  members: ReadonlyMap<string, MemberRef> = new Map(),
): AuditEntry {
  const key = memberKeyOf(row);
  return {
    id: row.id,
    actorId: row.actor_id,
    actorUserName: row.actor_user_name,
    ip: row.ip_address,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetMember: (key === null ? undefined : members.get(key)) ?? null,
    changes: parseChanges(row.changes),
    createdOn: timestampText(row.created_on),
  };
}

/** Admin's audit list: its count walks every entry the filters match (long reads, see runLongRead). */
export async function searchAuditLog(
  database: LongReads,
  filter: AuditFilter,
): Promise<{ rows: AuditLogRow[]; total: number }> {
  let query = database.db.selectFrom('audit_log');
  if (filter.actor)
    query = query.where(sql<string>`lower(actor_user_name)`, '=', filter.actor.toLowerCase());
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.from) query = query.where('created_on', '>=', startOfIndianDay(filter.from));
  if (filter.to) query = query.where('created_on', '<', startOfIndianDay(addDays(filter.to, 1)));
  const [rows, [count]] = await Promise.all([
    runLongRead(
      database,
      query
        .selectAll()
        .orderBy('id', 'desc')
        .limit(filter.pageSize)
        .offset(offsetOf(filter.pageNumber, filter.pageSize)),
    ),
    runLongRead(
      database,
      query.select((eb) => eb.fn.countAll<number>().as('n')),
    ),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
