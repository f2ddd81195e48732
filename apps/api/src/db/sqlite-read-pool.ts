// SQLite reads that may scan many rows, run on worker threads (sqlite-read-worker.ts), each with a read-only connection
// of its own to the database file: better-sqlite3 is synchronous, and on the event loop such a read would hold every
// other request (docs/lead-list-engine.md, "Never worse than SQL").
import type { Worker } from 'node:worker_threads';
import type { ReadWorkerData } from './sqlite-read-connection';
import type { ReadReply, ReadRequest } from './sqlite-read-worker';
import { startWorker } from './worker-threads';

/** A statement as Kysely's `compile()` gives it. */
export interface CompiledRead {
  sql: string;
  parameters: readonly unknown[];
}

export interface ReadPoolStats {
  /** Reads the workers answered with rows since the pool opened. */
  reads: number;
  /** Reads waiting for a worker. */
  waiting: number;
  /** The worker threads running now (none until the first read; a lost worker is replaced by a new id). */
  threadIds: number[];
}

interface PendingRead {
  request: ReadRequest;
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

/** One worker place: its thread (started at the first read it takes) and the read it runs. */
interface Slot {
  worker?: Worker;
  current?: PendingRead;
}

/** SQLite's error from the worker, with its code, as better-sqlite3 would have thrown it on the main thread. */
function sqliteError({ message, code }: { message: string; code?: string }): Error {
  return Object.assign(new Error(message), { name: 'SqliteError', ...(code ? { code } : {}) });
}

/**
 * What a worker's failure says: an Error's message, or what survived the copy between threads (better-sqlite3's
 * SqliteError arrives as a plain `{ code }`).
 */
function failureText(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  const known = [code, message].filter((part) => typeof part === 'string');
  return known.length > 0 ? known.join(': ') : String(cause);
}

/**
 * A fixed number of worker threads (started lazily) and a queue of reads: each worker runs one read at a time, the
 * next waits. A SQL error rejects its read; a worker that fails or exits rejects the read it ran and is replaced at the
 * next read. `close()` ends them all.
 */
export class SqliteReadPool {
  private readonly slots: Slot[];
  private readonly queue: PendingRead[] = [];
  private nextId = 1;
  private reads = 0;
  private closed = false;

  constructor(
    private readonly data: ReadWorkerData,
    size: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error('a read pool needs 1 worker or more');
    this.slots = Array.from({ length: size }, () => ({}));
  }

  /** The rows of one read statement, run on a worker thread. */
  read(query: CompiledRead): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    return new Promise((resolve, reject) => {
      const request = { id: this.nextId++, sql: query.sql, parameters: query.parameters };
      this.queue.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  stats(): ReadPoolStats {
    return {
      reads: this.reads,
      waiting: this.queue.length,
      threadIds: this.slots.flatMap((slot) => (slot.worker ? [slot.worker.threadId] : [])),
    };
  }

  /** Rejects the reads not answered yet and ends the worker threads. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('the database is closed');
    for (const read of this.queue.splice(0)) read.reject(error);
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker, current } = slot;
        slot.worker = undefined;
        slot.current = undefined;
        current?.reject(error);
        await worker?.terminate();
      }),
    );
  }

  /** Gives each idle worker place the next waiting read. */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.current !== undefined) continue;
      const read = this.queue.shift();
      if (read === undefined) return;
      const worker = (slot.worker ??= this.start(slot));
      slot.current = read;
      // A worker with a read keeps the process alive until the answer; an idle one does not.
      worker.ref();
      try {
        worker.postMessage(read.request);
      } catch (error) {
        // Parameters a thread cannot receive (not cloneable): this read fails, the worker is fine.
        this.settle(slot, worker);
        read.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  private start(slot: Slot): Worker {
    const worker = startWorker(import.meta.url, 'sqlite-read-worker', this.data);
    worker.unref();
    worker.on('message', (reply: ReadReply) => {
      const read = slot.current;
      if (slot.worker !== worker || read === undefined || read.request.id !== reply.id) return;
      this.settle(slot, worker);
      if ('rows' in reply) {
        this.reads += 1;
        read.resolve(reply.rows);
      } else {
        read.reject(sqliteError(reply.error));
      }
      this.dispatch();
    });
    worker.on('error', (error: unknown) => this.lose(slot, worker, error));
    worker.on('exit', (code) =>
      this.lose(slot, worker, new Error(`the worker exited with code ${code}`)),
    );
    return worker;
  }

  private settle(slot: Slot, worker: Worker): void {
    slot.current = undefined;
    worker.unref();
  }

  /** A worker failed or exited: its read is rejected, and the next read starts a new one. */
  private lose(slot: Slot, worker: Worker, cause: unknown): void {
    if (slot.worker !== worker) return; // already replaced, or closed
    slot.worker = undefined;
    const read = slot.current;
    slot.current = undefined;
    read?.reject(new Error(`SQLite read worker failed: ${failureText(cause)}`, { cause }));
    // Its thread may still be winding down after an error; it holds nothing the next worker needs.
    void worker.terminate();
    this.dispatch();
  }
}
