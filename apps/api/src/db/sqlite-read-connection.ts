// A worker thread's read-only connection to the database file, set as the process's main connection is.
import Sqlite from 'better-sqlite3';

/** What a worker thread needs to open its connection. */
export interface ReadWorkerData {
  file: string;
  /** The same busy_timeout as the main connection. */
  busyTimeoutMs: number;
  /** The same mmap_size as the main connection: reads as fast as there. */
  mmapSize: number;
}

/** Opens the connection; an error (the file is gone, unreadable) ends the worker, and its caller sees it fail. */
export function openReadConnection({
  file,
  busyTimeoutMs,
  mmapSize,
}: ReadWorkerData): Sqlite.Database {
  const sqlite = new Sqlite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('query_only = ON');
  // The product's setting on every connection, should this one ever write (database.ts, SQLITE_SECURE_DELETE).
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  sqlite.pragma(`mmap_size = ${mmapSize}`);
  return sqlite;
}
