// Opens the database: better-sqlite3 (WAL, synchronous=FULL, BEGIN IMMEDIATE) or PostgreSQL, behind one Kysely type.
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteAdapter,
  SqliteDriver,
  type DialectAdapter,
  type DatabaseConnection,
  type SqliteDatabase,
  type Driver,
  type Transaction,
} from 'kysely';
import type { DatabaseConfig } from '../config';
import { ensureFolderExists, restrictFiles, touchPrivateFile } from '../lib/private-files';
import type { Database } from './schema';
import { preparingPool } from './postgres-statements';
import { pgTypes, postgresDriver, postgresOptions } from './postgres-driver';
import type { ReadWorkerData } from './sqlite-read-connection';
import { SqliteReadPool, type CompiledRead, type ReadPoolStats } from './sqlite-read-pool';

export type Engine = DatabaseConfig['engine'];
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either the database or an open transaction: services take this so calls compose into one transaction. */
export type Queryable = Db | Tx;

/** What a worker thread needs to open a connection of its own to the database (the lead list engine's load). */
export type WorkerConnection =
  ({ engine: 'sqlite' } & ReadWorkerData) | { engine: 'postgres'; url: string; schema?: string };

/** The connection of each database opened on a SQLite file or PostgreSQL (see workerConnectionOf). */
const workerConnections = new WeakMap<Queryable, WorkerConnection>();

/**
 * What a worker thread needs to read the database on a connection of its own; undefined for SQLite's ':memory:' and
 * for a transaction (another connection would not see it).
 */
export function workerConnectionOf(db: Queryable): WorkerConnection | undefined {
  return workerConnections.get(db);
}

/** Whether `db` speaks to PostgreSQL: for the few statements written once per engine where a helper has no engine. */
export function isPostgres(db: Queryable): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** The PostgreSQL schema in use when it is not the default one. */
  schema?: string;
  /** Sanity facts for /api/health and the start-up check. */
  version(): Promise<string>;
  /**
   * SQLite: runs a write on a connection of its own that never waits for the write lock (busy: false, nothing done),
   * for housekeeping that may skip a turn rather than hold the event loop. Undefined on PostgreSQL (writes wait
   * without blocking there).
   */
  runUnlessBusy?(statement: string, parameters: unknown[]): Promise<boolean>;
  /**
   * SQLite on a file: runs one compiled read on a worker thread with a read-only connection of its own
   * (sqlite-read-pool.ts), so a read that scans many rows does not hold the event loop; rows as the main connection
   * gives them. Undefined on PostgreSQL (pg waits without blocking), for ':memory:' (another connection would see
   * another database) and with `SQLITE_READ_WORKERS=0`. Call it through runLongRead.
   */
  readOffThread?(query: CompiledRead): Promise<unknown[]>;
  /** What the off-thread reader has done, for /metrics and tests (with readOffThread). */
  offThreadReads?(): ReadPoolStats;
  /**
   * SQLite: a count that moves whenever a write commits to the database — on the main connection (SQLite's
   * total_changes) or on any other, of this process or another (its data_version) — so what a process remembers of the
   * database is current while the count stands. One small prepared statement. Undefined on PostgreSQL, where
   * notifications say what changed (listen).
   */
  changeCount?(): number;
  /**
   * PostgreSQL: calls `onMessage` with each notification's payload on `channel` (a connection of its own); the result
   * stops listening. Undefined on SQLite.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onError: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
  /** PostgreSQL's connection pool right now, for /metrics (SQLite has no pool). */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** SQLite 3.51.3 fixes a WAL-reset corruption bug; older engines are refused. */
export const MIN_SQLITE_VERSION = '3.51.3';

export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Writers take the lock up front, so two processes never deadlock upgrading a read lock. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Reuses prepared statements: Kysely prepares every query, which costs more than running the small ones. */
function withStatementCache(sqlite: Sqlite.Database, capacity = 500): SqliteDatabase {
  const statements = new Map<string, Sqlite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = sqlite.prepare(text);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * SQLite does run DDL inside transactions. Saying so makes Kysely's migrator run in one BEGIN IMMEDIATE
 * transaction, so two processes starting together on a fresh file migrate one after the other.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase) {
    super({ database });
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.database });
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** How long a SQLite connection waits for a lock before SQLITE_BUSY (the main one and the off-thread readers'). */
const SQLITE_BUSY_TIMEOUT_MS = 10_000;
/**
 * Deleted and overwritten content is zeroed in the file, not only unlinked from the b-tree: an erased phone number
 * must not stay readable in free space (docs/operations.md, "Erasure"). On every connection that may write.
 */
export const SQLITE_SECURE_DELETE = 'secure_delete = ON';
/** Reads go through a memory map of the file (up to 2 GiB), on every connection. */
const SQLITE_MMAP_SIZE = 2_147_483_648;

function openSqlite(file: string, readWorkers: number): DatabaseHandle {
  // Owner-only before SQLite opens it: SQLite gives its -wal and -shm files the database file's mode.
  if (file !== ':memory:') {
    ensureFolderExists(path.dirname(file));
    touchPrivateFile(file);
  }
  const sqlite = new Sqlite(file);
  const version = (sqlite.prepare('select sqlite_version() as v').get() as { v: string }).v;
  if (compareVersions(version, MIN_SQLITE_VERSION) < 0) {
    sqlite.close();
    throw new Error(`SQLite ${version} is too old: ${MIN_SQLITE_VERSION} or newer is required`);
  }
  // First: switching to WAL needs the file to itself, and another process opening it at the same moment (two API
  // processes starting together) holds it briefly; without a busy timeout that is an instant "database is locked".
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('journal_mode = WAL');
  if (file !== ':memory:') restrictFiles([`${file}-wal`, `${file}-shm`]);
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(SQLITE_SECURE_DELETE);
  // A memory map: a page's row without a read() call and a copy, which halves the cost of a lead page's rows fetched
  // by id (docs/lead-list-engine.md).
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_SIZE}`);
  // Refreshes planner statistics that are missing or stale (cheap when they are current).
  sqlite.pragma('optimize = 0x10002');
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect(withStatementCache(sqlite)),
  });
  let housekeeping: Sqlite.Database | undefined;
  const workerData = { file, busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS, mmapSize: SQLITE_MMAP_SIZE };
  if (file !== ':memory:') workerConnections.set(db, { engine: 'sqlite', ...workerData });
  const readers =
    file === ':memory:' || readWorkers === 0
      ? undefined
      : new SqliteReadPool(workerData, readWorkers);
  const changes = sqlite
    .prepare('select data_version + total_changes() from pragma_data_version')
    .pluck();
  return {
    db,
    engine: 'sqlite',
    version: async () => `SQLite ${version}`,
    changeCount: () => changes.get() as number,
    ...(readers
      ? {
          readOffThread: (query: CompiledRead) => readers.read(query),
          offThreadReads: () => readers.stats(),
        }
      : {}),
    runUnlessBusy: async (statement, parameters) => {
      if (housekeeping === undefined) {
        housekeeping = new Sqlite(file);
        housekeeping.pragma('busy_timeout = 0');
        housekeeping.pragma(SQLITE_SECURE_DELETE);
      }
      try {
        housekeeping.prepare(statement).run(...parameters);
        return true;
      } catch (error) {
        if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return false;
        throw error;
      }
    },
    close: async () => {
      await readers?.close();
      housekeeping?.close();
      await db.destroy();
    },
  };
}

function openPostgres(url: string, schema: string | undefined): DatabaseHandle {
  const pool = new (postgresDriver().Pool)({
    connectionString: url,
    max: 10,
    types: pgTypes(),
    ...postgresOptions(schema),
  });
  // An idle connection the server ends (a restart, an administrator, a dropped database) is reported on the pool;
  // without a listener that report would be an uncaught exception that ends the whole process. The pool drops the
  // connection and opens a new one when next needed, so there is nothing else to do.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  workerConnections.set(db, { engine: 'postgres', url, ...(schema ? { schema } : {}) });
  return {
    db,
    engine: 'postgres',
    ...(schema ? { schema } : {}),
    version: async () => {
      // `show server_version` names its column server_version; read it under a name of our own.
      const r = await pool.query<{ v: string }>("select current_setting('server_version') as v");
      return `PostgreSQL ${r.rows[0]?.v ?? '?'}`;
    },
    listen: async (channel, onMessage, onError) => {
      const client = new (postgresDriver().Client)({ connectionString: url });
      client.on('notification', (message) => onMessage(message.payload ?? ''));
      client.on('error', onError);
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
      return () => client.end();
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

/** Off-thread readers of a SQLite file unless SQLITE_READ_WORKERS says otherwise (docs/lead-list-engine.md). */
export const DEFAULT_SQLITE_READ_WORKERS = 1;

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  return config.engine === 'sqlite'
    ? openSqlite(config.file, config.readWorkers ?? DEFAULT_SQLITE_READ_WORKERS)
    : openPostgres(config.url, config.schema);
}

/** Where a long read runs: a database or an open transaction, and SQLite's off-thread reader if there is one. */
export interface LongReads {
  db: Queryable;
  readOffThread?: DatabaseHandle['readOffThread'];
}

/** A read statement as Kysely builds it: runLongRead runs it where it holds no event loop. */
export interface LongRead<R> {
  compile(): CompiledRead;
  execute(): Promise<R[]>;
}

/**
 * Runs a read that may scan many rows (the lead list's SQL fallback, insights, exports): on SQLite through the
 * handle's off-thread reader (readOffThread), so the event loop stays free meanwhile; otherwise, or inside a
 * transaction (whose connection alone sees its writes), the usual way.
 */
export async function runLongRead<R>(database: LongReads, query: LongRead<R>): Promise<R[]> {
  const { readOffThread } = database;
  if (readOffThread === undefined || database.db.isTransaction) return query.execute();
  return (await readOffThread(query.compile())) as R[];
}

/** 0/1 for writing a boolean column on either engine. */
export function dbBool(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** A boolean column as read from either engine. */
export function fromDbBool(value: boolean | number): boolean {
  return value === true || value === 1;
}
