// Databases for the reliability tests: the test suite's own, or one whose PostgreSQL commits skip the disk flush.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { openDatabase, type DatabaseHandle, type Engine } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestAppOn, type TestContext, type TestDatabase } from '../test/test-app';
import { serverEnv, startServer, type ServerProcess } from './server-process';

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/**
 * A fresh migrated database like the suite's, except that commits do not wait for the disk: on PostgreSQL its
 * sessions use `synchronous_commit=off`, and a SQLite file lives in memory-backed /dev/shm when there is one.
 * Locks, isolation, constraints and the app's own settings (WAL, synchronous=FULL, BEGIN IMMEDIATE) are exactly
 * the same; only a crash of the machine or of the PostgreSQL server could lose the last commits, which these tests
 * never cause (the crash test does, on a real disk). It makes the thousands of small transactions of the property
 * tests affordable on a small shared machine.
 */
export async function createQuickCommitDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(
      path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'dealerleads-reliability-'),
    );
    const config: DatabaseConfig = { engine: 'sqlite', file: path.join(dir, 'ledger.db') };
    const handle = openDatabase(config);
    await migrateToLatest(handle.db, handle.engine);
    return {
      config,
      handle,
      drop: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = testDatabaseUrl();
  const schema = `r_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema},public -c synchronous_commit=off`);
  const config: DatabaseConfig = { engine: 'postgres', url: url.toString() };
  const handle = openDatabase(config);
  await migrateToLatest(handle.db, handle.engine, schema);
  return {
    config,
    handle,
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** The real app on such a database, as createTestApp builds it. */
export async function createQuickCommitApp(engine: Engine): Promise<TestContext> {
  return createTestAppOn(await createQuickCommitDatabase(engine));
}

/** A brand-new PostgreSQL database on the TEST_DATABASE_URL server, for server processes (they read DATABASE_URL only). */
export async function createFreshPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const base = testDatabaseUrl();
  const name = `dealerleads_rel_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Server processes on one fresh database, and the test's own connection to it. */
export interface ServersOnOneDatabase {
  servers: ServerProcess[];
  handle: DatabaseHandle;
  /** Stops the servers, closes the connection, drops the database and removes the data folder. */
  remove(): Promise<void>;
}

/**
 * `count` servers of the bundle `entry` (serverEnv plus `extra`) on one brand-new database: a SQLite file in a
 * temporary data folder they share, or a new PostgreSQL database. They start at once on the empty database, so their
 * migrations must serialise, not collide.
 */
export async function startServersOnOneDatabase(
  engine: Engine,
  entry: string,
  options: { count: number; jwtSecret: string; extra?: Record<string, string> },
): Promise<ServersOnOneDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-servers-'));
  let databaseUrl: string;
  let config: DatabaseConfig;
  let dropDatabase = async () => {};
  if (engine === 'sqlite') {
    const file = path.join(dataDir, 'shared.db');
    databaseUrl = `file:${file}`;
    config = { engine: 'sqlite', file };
  } else {
    const fresh = await createFreshPostgresDatabase();
    databaseUrl = fresh.url;
    config = { engine: 'postgres', url: fresh.url };
    dropDatabase = fresh.drop;
  }
  const env = serverEnv({
    databaseUrl,
    jwtSecret: options.jwtSecret,
    dataDir,
    ...(options.extra ? { extra: options.extra } : {}),
  });
  const started = await Promise.allSettled(
    Array.from({ length: options.count }, () => startServer(entry, env)),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const handle = openDatabase(config);
  const remove = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await handle.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await remove();
    throw failed.reason;
  }
  return { servers, handle, remove };
}
