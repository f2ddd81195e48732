// The scheduled lead lifecycle: open leads past their expiry leave the list, and closed leads' phone numbers are erased
// 180 days after they closed. Each sweep is one idempotent UPDATE … WHERE, so several API processes may run it at once
// (the second finds nothing left to do); the clock is injected, so a test can move it. After the sweeps the erased
// numbers are removed from the files too (docs/operations.md, "Erasure").
import { sql } from 'kysely';
import type { Db, Engine } from '../../db/database';
import { runWrite } from '../../db/write-batcher';

/** Days after a lead closes (sold, withdrawn, expired) until its phone number is erased. */
export const PHONE_RETENTION_DAYS = 180;

/** What an erased phone number becomes: nothing is left to mask or to reveal. */
export const ERASED_PHONE = '';

/** How long phone verifications, password resets and their SMS outbox rows (numbers, logins and codes) are kept. */
export const VERIFICATION_RETENTION_MS = 86_400_000;

const DAY_MS = 86_400_000;

export interface LifecycleResult {
  expired: number;
  erased: number;
  /** Photos removed with the erased leads' contacts (none when no media store was given). */
  photosErased: number;
}

/** Rows one sweep statement changes: short write transactions, so no request waits long behind the job. */
const SWEEP_BATCH = 500;

/** Repeats one batch until a batch finds fewer rows than it may take; returns the rows changed. */
async function sweep(batch: () => Promise<bigint | number>): Promise<number> {
  let total = 0;
  for (;;) {
    const changed = Number(await batch());
    total += changed;
    if (changed < SWEEP_BATCH) return total;
  }
}

/**
 * Removes the photos of every lead whose contact was erased, returning how many went (modules/photos): passed in, so
 * owners need not import photos, which reads owners' links.
 */
export type ErasePhotos = () => Promise<number>;

/** One run of both sweeps at `now`; with `erasePhotos`, an erased lead's photos go too. */
export async function runLeadLifecycle(
  db: Db,
  engine: Engine,
  now: Date,
  erasePhotos?: ErasePhotos,
): Promise<LifecycleResult> {
  const nowIso = now.toISOString();
  // The conditions stand in the UPDATE itself too: a row another process changed meanwhile is skipped.
  const expired = await sweep(() =>
    runWrite(db, engine, async (tx) => {
      const due = tx
        .selectFrom('leads')
        .select('id')
        .where('listing_status', '=', 'open')
        .where('expires_on', '<=', nowIso)
        .limit(SWEEP_BATCH);
      const result = await tx
        .updateTable('leads')
        .set({ listing_status: 'expired', status: 0, closed_on: nowIso })
        .where('id', 'in', due)
        .where('listing_status', '=', 'open')
        .where('expires_on', '<=', nowIso)
        .executeTakeFirst();
      return result.numUpdatedRows;
    }),
  );
  const erasedBefore = new Date(now.getTime() - PHONE_RETENTION_DAYS * DAY_MS).toISOString();
  const closed = ['sold', 'withdrawn', 'expired'] as const;
  const erased = await sweep(() =>
    runWrite(db, engine, async (tx) => {
      const due = tx
        .selectFrom('leads')
        .select('id')
        .where('listing_status', 'in', closed)
        .where('closed_on', '<=', erasedBefore)
        .where('phone_number', '<>', ERASED_PHONE)
        .limit(SWEEP_BATCH);
      const result = await tx
        .updateTable('leads')
        .set({ phone_number: ERASED_PHONE })
        .where('id', 'in', due)
        .where('listing_status', 'in', closed)
        .where('closed_on', '<=', erasedBefore)
        .where('phone_number', '<>', ERASED_PHONE)
        .executeTakeFirst();
      return result.numUpdatedRows;
    }),
  );
  // Codes and their texts are useless after minutes: kept a day for support questions, then every number in them goes.
  const verificationsBefore = new Date(now.getTime() - VERIFICATION_RETENTION_MS).toISOString();
  await runWrite(db, engine, async (tx) => {
    await tx
      .deleteFrom('phone_verifications')
      .where('created_on', '<', verificationsBefore)
      .execute();
    await tx.deleteFrom('sms_outbox').where('created_on', '<', verificationsBefore).execute();
    await tx.deleteFrom('password_resets').where('created_on', '<', verificationsBefore).execute();
    // Submitters' hashed IPs count toward moderation's busy-network signal for a day, then go.
    await tx
      .deleteFrom('lead_submission_ips')
      .where('created_on', '<', verificationsBefore)
      .execute();
  });
  await eraseFromFiles(db, engine, erased);
  // Every lead erased so far, not only this run's: a run that failed between the two steps is finished by the next.
  const photosErased = erasePhotos ? await erasePhotos() : 0;
  return { expired, erased, photosErased };
}

/**
 * Physical erasure. SQLite zeroes what a sweep overwrote in the database file (secure_delete, database.ts) but the
 * number stays in older frames of the WAL: every run checkpoints the WAL into the file and truncates it (also
 * retrying a run that found a reader in the way). PostgreSQL keeps the old row versions until a vacuum: a run that
 * erased numbers vacuums the table at once rather than whenever autovacuum comes round.
 */
async function eraseFromFiles(db: Db, engine: Engine, erased: number): Promise<void> {
  if (engine === 'postgres') {
    // Outside any transaction (VACUUM refuses one); search_path names the schema.
    if (erased > 0) await sql`vacuum leads`.execute(db);
    return;
  }
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(db);
  if (rows[0]?.busy) {
    throw new Error(
      'A reader held the SQLite WAL: erased phone numbers stay in it until the next sweep checkpoints it',
    );
  }
}

export interface LifecycleSchedule {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/** Runs the lifecycle now and then every `intervalMs`, until stopped; a failed run is reported and retried next time. */
export function scheduleLeadLifecycle(
  db: Db,
  engine: Engine,
  clock: () => Date,
  intervalMs: number,
  onError: (error: unknown) => void,
  erasePhotos?: ErasePhotos,
): LifecycleSchedule {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() => runLeadLifecycle(db, engine, clock(), erasePhotos)).catch(onError);
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
