// Group commit on both engines: concurrent write transactions share one transaction (one commit, one disk flush), so
// durable commits (SQLite synchronous=FULL, PostgreSQL synchronous_commit=on) cost one flush per batch instead of one
// per request. A batch runs without savepoints; when one of its writes throws, that write gets its error and the
// others run again, each in its own savepoint.
import { sql } from 'kysely';
import type { Db, Engine, Tx } from './database';

export type WriteWork<T> = (tx: Tx) => Promise<T>;
export type RunWrite = <T>(work: WriteWork<T>) => Promise<T>;

interface Queued {
  work: WriteWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** Times this write was rolled back by a deadlock or serialization failure. */
  conflicts: number;
}

/**
 * Writes per batch. PostgreSQL keeps 64 subtransaction ids per backend in shared memory; a transaction with more
 * makes every other snapshot look them up in pg_subtrans, so a batch stays below that.
 */
const MAX_BATCH: Record<Engine, number> = { sqlite: 256, postgres: 60 };

/**
 * PostgreSQL's deadlock (40P01) and serialization failure (40001): the write lost a race with another process's
 * batch, not a rule. It is rolled back and run again in a batch of its own (a new transaction, so the locks its
 * batch-mates held are gone by then), up to this many times.
 */
export const MAX_WRITE_CONFLICTS = 5;

export function isWriteConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}

interface Settled {
  item: Queued;
  ok: boolean;
  value: unknown;
}

/** A committed batch: each write's outcome, and the writes to run again in a later batch. */
interface Batched {
  settled: Settled[];
  again: Queued[];
}

/** A batch's transaction: committed, or rolled back by the write that threw (without savepoints). */
type Attempt = Batched | { failed: WriteFailed };

/** Thrown out of a batch's transaction without savepoints, to roll it back: one of its writes threw. */
class WriteFailed extends Error {
  constructor(
    readonly item: Queued,
    readonly error: unknown,
  ) {
    super('a write of the batch failed');
  }
}

interface WriteBatcher {
  run: RunWrite;
  /** Write transactions waiting for their batch (for /metrics). */
  waiting(): number;
  /** Whether a batch runs or waits. */
  underWay(): boolean;
}

function createWriteBatcher(db: Db, engine: Engine): WriteBatcher {
  const queue: Queued[] = [];
  let running = false;
  // PostgreSQL takes both statements in one round trip (no parameters: the simple protocol); SQLite runs in process.
  const nextSavepoint =
    engine === 'postgres'
      ? (tx: Tx) => sql.raw('release batch_item; savepoint batch_item').execute(tx)
      : async (tx: Tx) => {
          await sql`release batch_item`.execute(tx);
          await sql`savepoint batch_item`.execute(tx);
        };

  /**
   * Runs the batch in one transaction and commits it. With savepoints a write that throws has only its own
   * statements undone; without them (the common case costs no savepoint round trips) the first write that throws
   * rolls the whole transaction back, and the answer names it.
   */
  async function attempt(batch: Queued[], savepoints: boolean): Promise<Attempt> {
    const settled: Settled[] = [];
    const again: Queued[] = [];
    try {
      await db.transaction().execute(async (tx) => {
        if (savepoints) await sql`savepoint batch_item`.execute(tx);
        for (const item of batch) {
          let value: unknown;
          try {
            value = await item.work(tx);
          } catch (error) {
            if (!savepoints) throw new WriteFailed(item, error);
            // Only this item's writes are undone (the savepoint stays for the next item); the rest still commit.
            await sql`rollback to batch_item`.execute(tx);
            if (isWriteConflict(error) && ++item.conflicts < MAX_WRITE_CONFLICTS) again.push(item);
            else settled.push({ item, ok: false, value: error });
            continue;
          }
          if (savepoints) await nextSavepoint(tx);
          settled.push({ item, ok: true, value });
        }
      });
    } catch (error) {
      if (error instanceof WriteFailed) return { failed: error };
      throw error;
    }
    return { settled, again };
  }

  /** The outcome of a write that threw: its error, or another run in a later batch if it lost a race. */
  function settleFailed({ item, error }: WriteFailed): Batched {
    if (isWriteConflict(error) && ++item.conflicts < MAX_WRITE_CONFLICTS)
      return { settled: [], again: [item] };
    return { settled: [{ item, ok: false, value: error }], again: [] };
  }

  /**
   * The batch without savepoints; if a write throws, that write gets its outcome and the others run again, this time
   * with savepoints (so one more failure costs no third run).
   */
  async function runBatch(batch: Queued[]): Promise<Batched> {
    const first = await attempt(batch, false);
    if (!('failed' in first)) return first;
    const failed = settleFailed(first.failed);
    const rest = batch.filter((item) => item !== first.failed.item);
    if (rest.length === 0) return failed;
    const second = await attempt(rest, true);
    // With savepoints a write's failure never rolls back the batch.
    if ('failed' in second) throw second.failed.error;
    return {
      settled: [...failed.settled, ...second.settled],
      again: [...failed.again, ...second.again],
    };
  }

  async function flush(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        // One turn of the event loop lets the requests that arrived meanwhile join this batch.
        await new Promise<void>((resolve) => setImmediate(resolve));
        // A write that lost a race runs alone next time: holding no other write's locks, it is far less likely to
        // lose again (another process's batches could otherwise meet the same batch-mates' locks time after time).
        const batch = queue.splice(0, queue[0]!.conflicts > 0 ? 1 : MAX_BATCH[engine]);
        let outcome: Batched;
        try {
          outcome = await runBatch(batch);
        } catch (error) {
          // The commit itself failed: nothing of the batch is durable, so nobody is told it succeeded.
          for (const item of batch) item.reject(error);
          continue;
        }
        for (const { item, ok, value } of outcome.settled) {
          if (ok) item.resolve(value);
          else item.reject(value);
        }
        queue.unshift(...outcome.again);
      }
    } finally {
      running = false;
    }
  }

  const run = <T>(work: WriteWork<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject, conflicts: 0 });
      if (!running) void flush();
    });
  return { run, waiting: () => queue.length, underWay: () => running };
}

const batchers = new WeakMap<Db, WriteBatcher>();

/**
 * Runs `work` in a write transaction, group-committed with the writes that arrive meanwhile (one batcher per
 * database): `work` may share its transaction with others, sees their writes, may run more than once, and must not
 * call runWrite itself. On PostgreSQL a deadlock or serialization failure runs `work` again, so it must have no
 * effect outside `tx`.
 */
export function runWrite<T>(db: Db, engine: Engine, work: WriteWork<T>): Promise<T> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createWriteBatcher(db, engine);
    batchers.set(db, batcher);
  }
  return batcher.run(work);
}

/** Write transactions queued for the next group commit (0 before the first write). */
export function queuedWrites(db: Db): number {
  return batchers.get(db)?.waiting() ?? 0;
}

/** Whether a write transaction of this process runs or waits for its batch on `db`. */
export function writesUnderWay(db: Db): boolean {
  return batchers.get(db)?.underWay() ?? false;
}
