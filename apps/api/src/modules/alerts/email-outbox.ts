// The e-mail outbox (docs/my-leads-and-alerts.md, "E-mail"): rows queued in the transaction that creates the
// notification (instant) or by the daily digest builder, claimed under a lease by any API process's worker, marked
// sent after the SMTP server accepts, retried with exponential backoff, given up after a number of attempts.
import { addDays } from '@dealerleads/shared';
import type { Db, Engine } from '../../db/database';
import { claimOutboxRow } from '../../db/outbox';
import { runWrite } from '../../db/write-batcher';

/** 'event': a payment, refund or unlocked-lead event (modules/push/push.service.ts); 'reset': a password reset link. */
export type OutboxKind = 'instant' | 'digest' | 'verify' | 'event' | 'reset';

/** The daily digest of the previous India day is built from this India hour on (08:00 IST). */
export const DIGEST_HOUR_IST = 8;
const IST_OFFSET_MS = 330 * 60_000;

/** The one key of an instant mail: a lead is mailed once per saved search, ever. */
export function instantKey(leadId: number, savedSearchId: number): string {
  return `lead-${leadId}-search-${savedSearchId}`;
}

/** The one key of a digest: one per dealer per India day. */
export function digestKey(userId: number, day: string): string {
  return `digest-${userId}-${day}`;
}

/** The outbox rows of a new lead's instant mails, one per matched saved search whose mode is 'instant'. */
export function instantMailRows(
  leadId: number,
  searches: readonly { id: number; user_id: number }[],
  now: Date,
) {
  const at = now.toISOString();
  return searches.map((s) => ({
    idempotency_key: instantKey(leadId, s.id),
    kind: 'instant' as const,
    user_id: s.user_id,
    saved_search_id: s.id,
    lead_id: leadId,
    next_attempt_at: at,
    created_on: at,
  }));
}

/** The UTC instants where the India day `day` (YYYY-MM-DD) starts and ends. */
export function indiaDayBounds(day: string): { from: string; to: string } {
  const start = Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;
  return {
    from: new Date(start).toISOString(),
    to: new Date(start + 86_400_000).toISOString(),
  };
}

/** The India day whose digest is due at `now`: yesterday's from 08:00 IST on, else none yet today. */
export function digestDayDue(now: Date): string | undefined {
  const india = new Date(now.getTime() + IST_OFFSET_MS);
  if (india.getUTCHours() < DIGEST_HOUR_IST) return undefined;
  return addDays(india.toISOString().slice(0, 10), -1);
}

/**
 * Queues one digest per dealer for the India day `day`: the day's notifications of their 'daily' saved searches.
 * Idempotent (the key is dealer × day): every process may run it, and a rerun queues nothing new.
 */
export async function buildDailyDigests(
  db: Db,
  engine: Engine,
  day: string,
  now: Date,
): Promise<number> {
  const { from, to } = indiaDayBounds(day);
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('saved_searches as s', 's.id', 'n.saved_search_id')
    .select(['n.user_id', 'n.saved_search_id', 'n.lead_id'])
    .where('s.email_mode', '=', 'daily')
    .where('n.created_on', '>=', from)
    .where('n.created_on', '<', to)
    .orderBy('n.id')
    .execute();
  if (rows.length === 0) return 0;
  const byUser = new Map<number, [number, number][]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push([row.saved_search_id, row.lead_id]);
    byUser.set(row.user_id, list);
  }
  const at = now.toISOString();
  const values = [...byUser].map(([userId, matches]) => ({
    idempotency_key: digestKey(userId, day),
    kind: 'digest',
    user_id: userId,
    digest_date: day,
    payload: JSON.stringify(matches),
    next_attempt_at: at,
    created_on: at,
  }));
  await runWrite(db, engine, async (tx) => {
    for (let i = 0; i < values.length; i += 200)
      await tx
        .insertInto('email_outbox')
        .values(values.slice(i, i + 200))
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
  });
  return values.length;
}

export interface ClaimedMail {
  id: number;
  idempotencyKey: string;
  kind: OutboxKind;
  userId: number;
  savedSearchId: number | null;
  leadId: number | null;
  digestDate: string | null;
  payload: string | null;
  /** Including this one. */
  attempts: number;
}

/** Claims one row for `workerId` under the outbox lease (db/outbox.ts), right before sending it. */
export async function claimMail(
  db: Db,
  engine: Engine,
  workerId: string,
  id: number,
  now: Date,
  leaseMs: number,
): Promise<ClaimedMail | undefined> {
  const row = await runWrite(db, engine, (tx) =>
    claimOutboxRow(tx, 'email_outbox', workerId, id, now, leaseMs, [
      'id',
      'idempotency_key',
      'kind',
      'user_id',
      'saved_search_id',
      'lead_id',
      'digest_date',
      'payload',
    ]),
  );
  if (!row) return undefined;
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    kind: row.kind as OutboxKind,
    userId: row.user_id,
    savedSearchId: row.saved_search_id,
    leadId: row.lead_id,
    digestDate: row.digest_date,
    payload: row.payload,
    attempts: row.attempts,
  };
}
