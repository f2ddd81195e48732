// What the lead list engine reads of the database, and how much at a time: the leads version, the change log's
// revisions, leads by id (docs/lead-list-engine.md, "How a write travels").
import type { Worker } from 'node:worker_threads';
import { workerConnectionOf, type Queryable } from '../../../db/database';
import { preparedQuery } from '../../../db/prepared-query';
import { startWorker } from '../../../db/worker-threads';
import { LEAD_COLUMNS, type LeadListRow } from './lead-columns';
import { LeadChunkEncoder, arrayRowOf, type LeadChunk } from './lead-chunk';
import type { ChunkReply, LoadWorkerData } from './lead-load-worker';

/**
 * Rows per read while loading (keyset by id): a chunk is a few milliseconds of this thread's work, then requests get a
 * turn. Kept small so that a read's rows and a chunk's names are garbage before V8's young generation promotes them:
 * larger reads left the old space, and the process's private memory, grown by dead rows after the load.
 */
export const LOAD_CHUNK = 1_000;
/**
 * Chunks a load's worker thread reads ahead of those asked of it, in its own memory: enough to keep it busy while this
 * thread adds a chunk (more, or a second worker reading half the ids, took more memory and no less time: bench/results).
 */
export const LOAD_READ_AHEAD = 4;
/** Changes per read while catching up. */
export const CHANGE_CHUNK = 2_000;
/**
 * Leads read at a time by a catch-up. SQLite's read is synchronous, so it reads few at a time to keep each step short;
 * PostgreSQL's holds no event loop but costs a round trip to a server busy with the import, so it reads more (fewer
 * made its catch-up of an import fall more than BULK_ANSWER_MS behind: decision 0007).
 */
export const SQLITE_READ_CHUNK = 100;
export const POSTGRES_READ_CHUNK = 500;
/** New leads (an import's) added to the bitmaps at a time: a few milliseconds of work, then the step may end. */
export const APPEND_CHUNK = 100;
/**
 * A catch-up gives requests a turn after this much work: short enough that a request waits for at most one step, long
 * enough that an import is applied while lists are read (decision 0007 has the measurements behind the value).
 */
export const BULK_STEP_MS = 4;
/** A process further behind than this reloads everything (in the background) instead of applying the changes. */
export const RELOAD_THRESHOLD = 100_000;
/**
 * Below RELOAD_THRESHOLD, a process also reloads when more changes are waiting than this share of the leads it holds:
 * applying a change (its lead read by id, moved between bitmaps) costs more than loading a lead does
 * (bench/results/2026-11-28-engine-starts.md), so past this share a reload is the shorter way.
 */
export const RELOAD_SHARE = 0.5;
/** However few leads are held, a catch-up of up to this many changes is applied, not reloaded. */
export const MIN_RELOAD_THRESHOLD = 20_000;
/** lead_changes keeps this many of its newest revisions; older ones are deleted (a process behind them reloads). */
export const KEPT_CHANGES = RELOAD_THRESHOLD;
export const PRUNE_EVERY_MS = 60_000;
/** Revisions per delete while pruning: a short SQLite write even under an import. */
export const PRUNE_CHUNK = 1_000;
/** A request waits this long for a catch-up to finish before SQL answers it instead. */
export const CATCH_UP_WAIT_MS = 50;
/**
 * A bulk catch-up (more changes than one read takes: an import, a mass update) is applied while the bitmaps go on
 * answering, as long as they are at most this far behind the log in time (CatchUpLag); further behind, SQL answers
 * until the engine has caught up to within it again.
 */
export const BULK_ANSWER_MS = 10_000;
export const RETRY_AFTER_MS = 10_000;
/** After restoring a snapshot, the newest this many ids are counted in the database and in the bitmaps. */
export const VERIFIED_IDS = 100_000;

const leadsVersion = preparedQuery((db) =>
  db.selectFrom('leads_version').select('version').where('id', '=', 1),
);

/** The database's current leads version (bumped by every lead write, by any process). */
export async function currentLeadsVersion(db: Queryable): Promise<number> {
  const [row] = await leadsVersion(db);
  return Number(row?.version ?? 0);
}

/**
 * The log's oldest and newest revisions, as two subqueries rather than min() and max() in one select: SQLite reads one
 * end of the index for a lone min() or max(), but scans the whole log for both together, and every catch-up asks.
 */
export function changeLogSpanQuery(db: Queryable) {
  return db.selectNoFrom((eb) => [
    eb
      .selectFrom('lead_changes')
      .select((sub) => sub.fn.min('revision').as('oldest'))
      .as('oldest'),
    eb
      .selectFrom('lead_changes')
      .select((sub) => sub.fn.max('revision').as('newest'))
      .as('newest'),
  ]);
}

/** The oldest and newest revisions in lead_changes (oldest undefined, newest 0: the log is empty). */
export async function changeLogSpan(db: Queryable): Promise<{ oldest?: number; newest: number }> {
  const row = await changeLogSpanQuery(db).executeTakeFirst();
  return {
    ...(row?.oldest != null ? { oldest: Number(row.oldest) } : {}),
    newest: Number(row?.newest ?? 0),
  };
}

export async function newestRevision(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('lead_changes')
    .select((eb) => eb.fn.max('revision').as('revision'))
    .executeTakeFirst();
  return Number(row?.revision ?? 0);
}

export function readLeads(db: Queryable, ids: number[]): Promise<LeadListRow[]> {
  return db.selectFrom('leads').select(LEAD_COLUMNS).where('id', 'in', ids).execute();
}

/** The next LOAD_CHUNK leads by id after `after`, up to `upTo`, as a load reads them. */
export function loadChunkQuery(db: Queryable, after: number, upTo: number) {
  return db
    .selectFrom('leads')
    .select(LEAD_COLUMNS)
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .orderBy('id')
    .limit(LOAD_CHUNK);
}

/** A load's chunks, ascending by id, then undefined: every lead there was when the load began, and maybe more. */
export interface LoadChunkReader {
  next(): Promise<LeadChunk | undefined>;
  close(): Promise<void>;
}

/** The leads' ids a load reads from (exclusive) and up to: the lowest and highest there are. */
async function idSpan(db: Queryable): Promise<{ from: number; upTo: number }> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => [eb.fn.min('id').as('lowest'), eb.fn.max('id').as('highest')])
    .executeTakeFirst();
  if (row?.lowest == null || row.highest == null) return { from: 0, upTo: 0 };
  return { from: Number(row.lowest) - 1, upTo: Number(row.highest) };
}

/**
 * A load's reader: a worker thread reads and encodes the chunks on a connection of its own (lead-load-worker.ts), a
 * few chunks ahead, so that this thread only adds them and a load keeps both cores busy. Where another connection
 * would not see the same leads (SQLite's ':memory:', a transaction) this thread reads them.
 */
export async function loadChunkReader(db: Queryable): Promise<LoadChunkReader> {
  const { from, upTo } = await idSpan(db);
  const connection = workerConnectionOf(db);
  if (connection !== undefined) {
    const sql = loadChunkQuery(db, 0, 0).compile().sql;
    return new LoadWorker({
      connection,
      sql,
      from,
      upTo,
      chunk: LOAD_CHUNK,
      readAhead: LOAD_READ_AHEAD,
    });
  }
  const encoder = new LeadChunkEncoder();
  let after = from;
  let done = false;
  return {
    async next() {
      if (done) return undefined;
      const rows = (await loadChunkQuery(db, after, upTo).execute()).map(arrayRowOf);
      const chunk = encoder.encode(rows);
      done = rows.length < LOAD_CHUNK;
      if (!done) after = chunk.ids[LOAD_CHUNK - 1]!;
      return chunk;
    },
    close: async () => undefined,
  };
}

/** A worker thread reading the load's ids; a failure of the thread fails the chunk asked and every one after. */
class LoadWorker implements LoadChunkReader {
  private readonly worker: Worker;
  private asked?: { resolve(chunk: LeadChunk | undefined): void; reject(error: Error): void };
  private failure?: Error;

  constructor(data: LoadWorkerData) {
    this.worker = startWorker(import.meta.url, 'lead-load-worker', data);
    this.worker.on('message', (reply: ChunkReply) => {
      const asked = this.asked;
      this.asked = undefined;
      if ('error' in reply) asked?.reject(new Error(`reading leads failed: ${reply.error}`));
      else asked?.resolve(reply.chunk);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) =>
      this.fail(new Error(`the load worker exited with code ${code}`)),
    );
  }

  next(): Promise<LeadChunk | undefined> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.asked !== undefined) return Promise.reject(new Error('one chunk is asked at a time'));
    return new Promise((resolve, reject) => {
      this.asked = { resolve, reject };
      this.worker.postMessage('next');
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.asked?.reject(error);
    this.asked = undefined;
  }
}
