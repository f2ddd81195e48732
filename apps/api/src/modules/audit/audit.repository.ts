// Kysely code for reading the audit log: filters, newest first, and the mapping to the API's entry shape.
import { sql } from 'kysely';
import {
  auditChangesSchema,
  type AuditChanges,
  type AuditEntry,
  type AuditFilter,
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

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorUserName: row.actor_user_name,
    ip: row.ip_address,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
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
