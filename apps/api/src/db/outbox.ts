// The lease every outbox table shares (e-mail, push, SMS): rows due at a time, claimed by one worker with a conditional
// UPDATE, marked done only while that worker still holds them, retried with exponential backoff, given up after a
// number of attempts; and the loop that works them off in every API process.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Selectable } from 'kysely';
import type { Queryable } from './database';
import type { Database } from './schema';

/** The tables with the outbox columns (status, attempts, next_attempt_at, claimed_by, lease_until, last_error, sent_on). */
export type OutboxTable = 'email_outbox' | 'push_outbox' | 'sms_outbox';

/** The columns every outbox table has. */
type SharedOutboxColumn = keyof Database[OutboxTable] & string;

export interface RetryPolicy {
  /** First retry after this, doubling per attempt up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Attempts (claims) after which a failing row is given up ('failed'). */
  maxAttempts: number;
}

/** A worker's id: host, process and a random part, so two workers of one process never share a lease. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** Ids of rows due at `now`: pending, their next attempt reached, their lease free or expired (oldest first). */
export async function dueOutboxIds(
  db: Queryable,
  table: OutboxTable,
  now: Date,
  limit: number,
): Promise<number[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The columns of an outbox table a claim may return besides `attempts`. */
export type OutboxColumn<T extends OutboxTable> = keyof Selectable<Database[T]> & string;

/** A claimed row: the columns asked for, and its attempts (this one included). */
export type ClaimedOutboxRow<T extends OutboxTable, C extends OutboxColumn<T>> = Pick<
  Selectable<Database[T]>,
  C
> & { attempts: number };

/**
 * Claims one row for `workerId` until `now + leaseMs` and returns its attempts (this one included) with `columns`.
 * The claim is a conditional UPDATE, so of two processes racing for a row exactly one gets it; a row whose worker
 * died mid-send is claimed again once its lease expires, and the attempt counted at the claim ends a row that crashes
 * every worker.
 */
export async function claimOutboxRow<T extends OutboxTable, C extends OutboxColumn<T> = never>(
  db: Queryable,
  table: T,
  workerId: string,
  id: number,
  now: Date,
  leaseMs: number,
  columns: readonly C[] = [],
): Promise<ClaimedOutboxRow<T, C> | undefined> {
  const at = now.toISOString();
  // Kysely cannot follow a generic table's columns: the statement is typed on the columns all outbox tables share.
  const returned = ['attempts', ...columns] as readonly SharedOutboxColumn[];
  const row = await db
    .updateTable(table as OutboxTable)
    .set((eb) => ({
      claimed_by: workerId,
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .returning(returned)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, attempts: Number(row.attempts) } as unknown as ClaimedOutboxRow<T, C>;
}

/** Done (sent, or nothing to send): only while `workerId` still holds the row; false when it no longer did. */
export async function finishOutboxRow(
  db: Queryable,
  table: OutboxTable,
  workerId: string,
  id: number,
  status: 'sent' | 'skipped',
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ status, sent_on: now.toISOString(), lease_until: null, last_error: null })
    .where('id', '=', id)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A failed attempt: again after `backoffMs × 2^(attempts−1)` (capped), or given up after `maxAttempts`, or at once
 * when the failure is `permanent` (the provider refused the message itself).
 */
export async function failOutboxRow(
  db: Queryable,
  table: OutboxTable,
  workerId: string,
  row: { id: number; attempts: number },
  error: string,
  now: Date,
  policy: RetryPolicy & { permanent?: boolean },
): Promise<'pending' | 'failed'> {
  const giveUp = policy.permanent === true || row.attempts >= policy.maxAttempts;
  const delay = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** (row.attempts - 1));
  const status = giveUp ? 'failed' : 'pending';
  await db
    .updateTable(table)
    .set({
      status,
      next_attempt_at: new Date(now.getTime() + delay).toISOString(),
      lease_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', row.id)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'pending')
    .execute();
  return status;
}

export interface OutboxLoopOptions {
  /** Period of the timer; 0: no timer (tests call runOnce). */
  intervalMs: number;
  /** Rows looked at per round. */
  batch: number;
  clock: () => Date;
  onError: (error: unknown) => void;
}

export interface OutboxLoop {
  /** One tick now (tests); resolves when it is done. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `work(id)` on every due row, a round of `batch` ids at a time until a round finds fewer, on a timer; one tick
 * at a time per loop, and `stop` waits for the tick under way. `beforeTick` runs first in each tick (the e-mail
 * worker queues its digests there), its errors going to `onError` like the tick's own.
 */
export function startOutboxLoop(
  due: (now: Date, limit: number) => Promise<number[]>,
  work: (id: number) => Promise<void>,
  options: OutboxLoopOptions,
  beforeTick?: (now: Date) => Promise<void>,
): OutboxLoop {
  let stopped = false;
  async function tick(): Promise<void> {
    if (beforeTick) await beforeTick(options.clock());
    for (;;) {
      const ids = await due(options.clock(), options.batch);
      for (const id of ids) {
        if (stopped) return;
        await work(id);
      }
      if (ids.length < options.batch || stopped) return;
    }
  }
  let running: Promise<void> | undefined;
  const runOnce = (): Promise<void> => {
    running ??= tick()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer =
    options.intervalMs > 0 ? setInterval(() => void runOnce(), options.intervalMs) : undefined;
  timer?.unref();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
