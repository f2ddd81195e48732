// Group commit for SQLite: concurrent write transactions share one BEGIN IMMEDIATE … COMMIT (one fsync), each in
// its own savepoint, so synchronous=FULL durability costs one disk flush per batch instead of one per request.
import { sql } from 'kysely';
import type { Db, Engine, Tx } from './database';

export type WriteWork<T> = (tx: Tx) => Promise<T>;
export type RunWrite = <T>(work: WriteWork<T>) => Promise<T>;

interface Queued {
  work: WriteWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 256;

interface SqliteWriteBatcher {
  run: RunWrite;
  /** Write transactions waiting for their batch (for /metrics). */
  waiting(): number;
}

function createSqliteWriteBatcher(db: Db): SqliteWriteBatcher {
  const queue: Queued[] = [];
  let running = false;

  async function flush(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        // One turn of the event loop lets the requests that arrived meanwhile join this batch.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = queue.splice(0, MAX_BATCH);
        const settled: { ok: boolean; value: unknown }[] = [];
        try {
          await db.transaction().execute(async (tx) => {
            for (const item of batch) {
              await sql`savepoint batch_item`.execute(tx);
              try {
                settled.push({ ok: true, value: await item.work(tx) });
                await sql`release batch_item`.execute(tx);
              } catch (error) {
                // Only this item's writes are undone; the rest of the batch still commits.
                await sql`rollback to batch_item`.execute(tx);
                await sql`release batch_item`.execute(tx);
                settled.push({ ok: false, value: error });
              }
            }
          });
        } catch (error) {
          // The commit itself failed: nothing of the batch is durable, so nobody is told it succeeded.
          for (const item of batch) item.reject(error);
          continue;
        }
        batch.forEach((item, i) => {
          const result = settled[i]!;
          if (result.ok) item.resolve(result.value);
          else item.reject(result.value);
        });
      }
    } finally {
      running = false;
    }
  }

  const run = <T>(work: WriteWork<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!running) void flush();
    });
  return { run, waiting: () => queue.length };
}

const batchers = new WeakMap<Db, SqliteWriteBatcher>();

/**
 * Runs `work` in a write transaction: group-committed on SQLite (one batcher per database), a plain
 * transaction on PostgreSQL, which already group-commits concurrent transactions itself.
 */
export function runWrite<T>(db: Db, engine: Engine, work: WriteWork<T>): Promise<T> {
  if (engine === 'postgres') return db.transaction().execute(work);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createSqliteWriteBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.run(work);
}

/** SQLite write transactions queued for the next group commit (0 before the first write, and on PostgreSQL). */
export function queuedWrites(db: Db): number {
  return batchers.get(db)?.waiting() ?? 0;
}
