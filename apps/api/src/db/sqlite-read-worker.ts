// A worker thread of SqliteReadPool (sqlite-read-pool.ts): its own read-only connection to the database file, on which
// it runs one compiled read at a time and posts the rows back. WAL lets it read beside the process's writer.
import { parentPort, workerData } from 'node:worker_threads';
import type Sqlite from 'better-sqlite3';
import { openReadConnection, type ReadWorkerData } from './sqlite-read-connection';

/** One read: a statement as Kysely compiles it. */
export interface ReadRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

/** The rows of a read, or SQLite's error (message and code, e.g. SQLITE_ERROR). */
export type ReadReply =
  { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

/** Prepared statements kept per worker (the fallback's statements repeat with new parameters). */
const STATEMENT_CACHE = 100;

const port = parentPort;
if (port === null) throw new Error('sqlite-read-worker runs as a worker thread');
// An error here (the file is gone, unreadable) ends the worker: the pool rejects the read it was given.
const sqlite = openReadConnection(workerData as ReadWorkerData);

const statements = new Map<string, Sqlite.Statement>();
function prepared(sql: string): Sqlite.Statement {
  let statement = statements.get(sql);
  if (statement === undefined) {
    statement = sqlite.prepare(sql);
    if (!statement.reader) throw new Error('the off-thread reader runs reads only');
    if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
    statements.set(sql, statement);
  }
  return statement;
}

port.on('message', ({ id, sql, parameters }: ReadRequest) => {
  let reply: ReadReply;
  try {
    reply = { id, rows: prepared(sql).all(...parameters) };
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    reply = {
      id,
      error: {
        message: typeof message === 'string' ? message : String(error),
        ...(typeof code === 'string' ? { code } : {}),
      },
    };
  }
  port.postMessage(reply);
});
