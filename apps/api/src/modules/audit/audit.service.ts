// Appends Admin actions to the audit log, inside the transaction of the change it records (docs/operations.md).
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditChanges } from '@dealerleads/shared';
import type { Queryable } from '../../db/database';

/** Fields whose values never enter the log, whatever table they come from. */
const SECRET_FIELDS = new Set(['password', 'passwordHash', 'password_hash', 'confirmPassword']);

export interface AuditActor {
  id: number | null;
  userName: string;
  ip: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  targetType: string;
  targetId: string | number | null;
  /** The record before the change (omit for a creation). */
  before?: Record<string, unknown>;
  /** The record after the change (omit for a removal). */
  after?: Record<string, unknown>;
}

/** The actor of changes made by the product itself or by scripts, not through an Admin's request. */
export const SYSTEM_ACTOR: AuditActor = { id: null, userName: 'system', ip: null };

/** The Admin behind a request, as the log names them. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  return {
    id: request.caller?.id ?? null,
    userName: request.caller?.userName ?? 'system',
    ip: request.ip,
  };
}

/**
 * Field-by-field difference of two records: only fields that differ, secret fields as '[redacted]' (so a password
 * change still shows that it happened, never the hash).
 */
export function diffRecords(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const old = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    changes[key] = SECRET_FIELDS.has(key)
      ? { before: '[redacted]', after: '[redacted]' }
      : { before: old, after: now };
  }
  return changes;
}

/** A record without its id (the entry's target names it already). */
export function withoutId<T extends { id: unknown }>(record: T): Omit<T, 'id'> {
  const fields: Partial<T> = { ...record };
  delete fields.id;
  return fields as Omit<T, 'id'>;
}

/** Writes one entry. Call it with the transaction that makes the change, so a failed change leaves no entry. */
export async function recordAudit(
  db: Queryable,
  actor: AuditActor,
  entry: AuditEntry,
  now: Date = new Date(),
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_user_name: actor.userName,
      ip_address: actor.ip,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId === null ? null : String(entry.targetId),
      changes: JSON.stringify(diffRecords(entry.before, entry.after)),
      created_on: now.toISOString(),
    })
    .execute();
}
