// Online backup of the embedded SQLite database and its restore into an empty data folder (docs/operations.md).
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { ensureFolderExists, restrictFiles, touchPrivateFile } from '../lib/private-files';

export interface BackupReport {
  file: string;
  pages: number;
  bytes: number;
  milliseconds: number;
}

function fsyncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The folder entry of a file is durable only once the folder is synced too (after a rename). */
function fsyncFolder(folder: string): void {
  try {
    fsyncFile(folder);
  } catch {
    // Some file systems refuse to open a folder for syncing; the rename is then as durable as they make it.
  }
}

/** The files SQLite may keep beside a database file. */
const sideFiles = (file: string) => [`${file}-wal`, `${file}-shm`, `${file}-journal`];

/**
 * Makes a copy one self-contained file: the backup API copies the live database's WAL mode too, and a WAL database
 * opened to check it leaves -wal and -shm files beside it.
 */
function useRollbackJournal(file: string): void {
  const db = new Sqlite(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/** Runs `read` on a file opened read-only, then removes the side files that reading created (none that were there). */
function readingOnly<T>(file: string, read: () => T): T {
  const before = new Set(sideFiles(file).filter((side) => existsSync(side)));
  try {
    return read();
  } finally {
    for (const side of sideFiles(file)) if (!before.has(side)) rmSync(side, { force: true });
  }
}

/** SQLite's own check of a database file: 'ok', or what is wrong. */
export function checkDatabaseFile(file: string): string {
  return readingOnly(file, () => checkOpenedFile(file));
}

function checkOpenedFile(file: string): string {
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const result = rows.map((r) => r.integrity_check).join('; ');
    if (result !== 'ok') return result;
    const migrated = db
      .prepare(
        "select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'",
      )
      .get() as { n: number };
    return migrated.n === 1 ? 'ok' : 'not a DealerLeads database (no migration table)';
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of a live database through SQLite's backup API (never a file copy: a WAL database is the main
 * file plus its -wal file, changing while the product serves). The copy is one snapshot: the backup reads every page
 * under one read transaction, so it holds exactly the transactions committed before it began, and writers go on
 * meanwhile (WAL readers do not block writers). The copy goes to a temporary file, is checked and synced, then
 * renamed into place: `target` is either absent or a complete, checked backup.
 */
export async function backupDatabase(source: string, target: string): Promise<BackupReport> {
  if (!existsSync(source)) throw new Error(`There is no database at ${source}`);
  if (existsSync(target)) throw new Error(`${target} exists already: choose a new file name`);
  return copyIntoPlace(source, target, `${target}.partial-${process.pid}`, {
    readonly: false,
    beforeRename: (partial) => {
      useRollbackJournal(partial);
      const verdict = checkDatabaseFile(partial);
      if (verdict !== 'ok') throw new Error(`The copy failed its check: ${verdict}`);
    },
  });
}

/**
 * Copies `source` through SQLite's backup API to `partial`, lets `beforeRename` refuse it, syncs it and renames it
 * to `target` (syncing the folder too). The partial file never outlives a failure.
 */
async function copyIntoPlace(
  source: string,
  target: string,
  partial: string,
  options: { readonly: boolean; beforeRename: (partial: string) => void },
): Promise<BackupReport> {
  ensureFolderExists(path.dirname(path.resolve(target)));
  // Owner-only from its first byte: a backup holds every phone number and password hash.
  touchPrivateFile(partial);
  const started = Date.now();
  const before = new Set(sideFiles(source).filter((side) => existsSync(side)));
  const db = new Sqlite(source, { readonly: options.readonly, fileMustExist: true });
  try {
    if (!options.readonly) db.pragma('busy_timeout = 10000');
    // All pages in one step: a step-by-step copy starts over whenever another process writes between two steps.
    const { totalPages } = await db.backup(partial, { progress: () => 0x7fffffff });
    // The copy is one self-contained file: in WAL mode (copied from the source) every reader would leave -wal and
    // -shm files beside it. The server puts a restored database back into WAL mode when it opens it.
    const copy = new Sqlite(partial, { fileMustExist: true });
    copy.pragma('journal_mode = DELETE');
    copy.close();
    options.beforeRename(partial);
    restrictFiles([partial]);
    fsyncFile(partial);
    renameSync(partial, target);
    fsyncFolder(path.dirname(path.resolve(target)));
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    return {
      file: target,
      pages: totalPages,
      bytes: totalPages * pageSize,
      milliseconds: Date.now() - started,
    };
  } finally {
    db.close();
    for (const file of [partial, ...sideFiles(partial)]) rmSync(file, { force: true });
    // A read-only source (a backup being restored) in WAL mode got side files from this reading alone.
    if (options.readonly)
      for (const side of sideFiles(source)) if (!before.has(side)) rmSync(side, { force: true });
  }
}

/** Why a database file may not be replaced: it exists, or SQLite's WAL or shared-memory file says it is in use. */
export function liveDatabaseFiles(target: string): string[] {
  return [target, ...sideFiles(target)].filter((file) => existsSync(file));
}

/**
 * Puts a backup in place as the database file of an empty data folder. Refuses to overwrite anything: a database
 * file, or its -wal/-shm files (a server running on it, or one that stopped without closing). The backup is checked
 * first, copied through SQLite (so a partly written backup is never taken for a database), synced, then renamed.
 */
export async function restoreDatabase(backup: string, target: string): Promise<BackupReport> {
  if (!existsSync(backup)) throw new Error(`There is no backup at ${backup}`);
  const live = liveDatabaseFiles(target);
  if (live.length > 0)
    throw new Error(
      `Refusing to overwrite a database in use or left in place (${live.join(', ')}): restore into an empty data folder`,
    );
  const verdict = checkDatabaseFile(backup);
  if (verdict !== 'ok') throw new Error(`${backup} is not a sound backup: ${verdict}`);
  return copyIntoPlace(backup, target, `${target}.restoring-${process.pid}`, {
    readonly: true,
    beforeRename: () => {
      // Checked again just before the rename: a server started meanwhile must not be run over.
      const raced = liveDatabaseFiles(target);
      if (raced.length > 0) throw new Error(`A database appeared at ${raced.join(', ')} meanwhile`);
    },
  });
}
