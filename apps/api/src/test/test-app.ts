// Builds the real app on a fresh real database for a test file: a temp SQLite file, or a fresh PostgreSQL schema.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { FAST_FILL_SECONDS, userNameKey } from '@dealerleads/shared';
import { buildApp } from '../app';
import type { AppConfig, DatabaseConfig } from '../config';
import { openDatabase, type DatabaseHandle, type Engine, dbBool } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { hashPassword } from '../modules/members/passwords';
import { userNameSkeleton } from '../lib/user-name-skeleton';

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (outside the fast lane). Where PostgreSQL is expected
 * (CI=true, or REQUIRE_POSTGRES=1 as .ci/run sets) a missing TEST_DATABASE_URL fails the test
 * file instead of silently running the SQLite half only.
 */
export function testEngines(env: NodeJS.ProcessEnv = process.env): Engine[] {
  // `npm run test:fast` is the SQLite lane, whatever is configured.
  if (env.TEST_LANE === 'fast') return ['sqlite'];
  if (env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (env.REQUIRE_POSTGRES === '1' || env.CI === 'true') {
    throw new Error(
      'PostgreSQL is expected (CI=true or REQUIRE_POSTGRES=1) but TEST_DATABASE_URL is not set',
    );
  }
  return ['sqlite'];
}

/**
 * A suite only PostgreSQL can run: without TEST_DATABASE_URL it is reported as skipped under a name saying what it
 * needs (an empty file would fail the run), and where PostgreSQL is required it fails like testEngines.
 */
export function describePostgres(name: string, body: (engine: 'postgres') => void): void {
  const configured = testEngines().includes('postgres');
  describe.skipIf(!configured)(
    configured ? `${name} on postgres` : `${name} (needs TEST_DATABASE_URL: skipped)`,
    () => body('postgres'),
  );
}

export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export function testConfig(
  database: DatabaseConfig,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    database,
    jwtSecret: TEST_JWT_SECRET,
    jwtExpiresIn: '1h',
    logLevel: 'silent',
    seedDemo: false,
    apiProcesses: 1,
    trustProxy: false,
    rateLimits: { login: 1000, loginPerIp: 10_000, leadSubmit: 1000, api: 100_000 },
    passwordHashing: { concurrency: 2, queue: 1000 },
    ownerRateLimit: 1000,
    leadTtlDays: 60,
    // Tests submit leads without a code unless they test the requirement itself.
    phoneVerification: 'optional',
    fastFillSeconds: FAST_FILL_SECONDS,
    // Tests run the lifecycle sweeps themselves, at the moment they choose.
    leadSweepMinutes: 0,
    marketRefreshMinutes: 0,
    webDist: path.join(tmpdir(), 'no-web-dist'),
    timeouts: { request: 30_000, headers: 10_000, keepAlive: 5_000 },
    // Tests that send mail turn the worker on with their own SMTP server or folder.
    mail: {
      from: 'DealerLeads <alerts@dealerleads.test>',
      publicUrl: 'http://dealerleads.test',
      outboxDir: path.join(tmpdir(), 'dealerleads-no-outbox'),
      workerIntervalMs: 0,
      dailyCapPerAddress: 50,
      leaseMs: 120_000,
      backoffMs: 60_000,
      maxBackoffMs: 3_600_000,
      maxAttempts: 8,
    },
    // Each app its own folder (made by the first photo stored), so tests counting stored files see only their own.
    media: {
      kind: 'local',
      dir: path.join(tmpdir(), `dealerleads-media-${randomBytes(6).toString('hex')}`),
    },
    ...overrides,
  };
}

export interface TestDatabase {
  config: DatabaseConfig;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** A brand-new database of the given engine, migrated to the latest migration unless `migrated` is false. */
/**
 * A brand-new database of the given engine, migrated unless `migrated: false`: a temp SQLite file, or a fresh schema
 * of the PostgreSQL database at `postgresUrl` (default TEST_DATABASE_URL). Tests and bench scripts share it.
 */
export async function createTestDatabase(
  engine: Engine,
  options: { migrated?: boolean; postgresUrl?: string } = {},
): Promise<TestDatabase> {
  const migrate = options.migrated === false ? async () => undefined : migrateToLatest;
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-test-'));
    const config: DatabaseConfig = { engine: 'sqlite', file: path.join(dir, 'test.db') };
    const handle = openDatabase(config);
    await migrate(handle.db, handle.engine, handle.schema);
    return {
      config,
      handle,
      drop: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = options.postgresUrl ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Extensions are per database: keep pg_trgm in public so dropping a test schema never drops it.
  await admin.query('create extension if not exists pg_trgm schema public').catch(() => undefined);
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const config: DatabaseConfig = { engine: 'postgres', url, schema };
  const handle = openDatabase(config);
  await migrate(handle.db, handle.engine, handle.schema);
  return {
    config,
    handle,
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** The app and its database, as tests and fixtures use them. */
export interface TestAppFixture {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
}

export interface TestContext extends TestAppFixture {
  close(): Promise<void>;
}

/** The real app on a fresh database of the engine. */
export async function createTestApp(
  engine: Engine,
  overrides: Partial<AppConfig> = {},
): Promise<TestContext> {
  return createTestAppOn(await createTestDatabase(engine), overrides);
}

/** The real app on a given test database; closing it also drops the database. */
export async function createTestAppOn(
  testDb: TestDatabase,
  overrides: Partial<AppConfig> = {},
  clock?: () => Date,
): Promise<TestContext> {
  const config = testConfig(testDb.config, overrides);
  const { app } = await buildApp(config, {
    database: testDb.handle,
    logger: false,
    ...(clock ? { clock } : {}),
  });
  await app.ready();
  return {
    app,
    database: testDb.handle,
    close: async () => {
      await app.close();
      await testDb.drop();
      // The photo folder testConfig made for this app (a test's own folder is the test's to remove).
      if (config.media.kind === 'local' && overrides.media === undefined)
        rmSync(config.media.dir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's app on a fresh database of `engine`: built before the file's other beforeAll
 * hooks, closed (and its database dropped) after its tests. Use it inside the describe block.
 */
export function useTestApp(
  engine: Engine,
  options: {
    config?: Partial<AppConfig>;
    /** Runs on the migrated database before the app is built (e.g. rows the app must find at start). */
    beforeBuild?: (database: DatabaseHandle) => Promise<void>;
    /** The app's clock (tests move it to expire orders, leads…). */
    clock?: () => Date;
  } = {},
): TestAppFixture {
  let built: TestContext | undefined;
  const current = (): TestContext => {
    if (!built)
      throw new Error('useTestApp: the app exists from beforeAll on, use it in tests and hooks');
    return built;
  };
  beforeAll(async () => {
    const testDb = await createTestDatabase(engine);
    await options.beforeBuild?.(testDb.handle);
    built = await createTestAppOn(testDb, options.config, options.clock);
  });
  afterAll(async () => {
    await built?.close();
    built = undefined;
  });
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
  };
}

type MemberOptions = Parameters<typeof createMember>[1];

/**
 * Members created (and logged in) right after the app is built, one per key:
 * `const { admin, dealer } = useMembers(ctx, { admin: { role: 'Admin' }, dealer: {} })`.
 * The objects are filled in beforeAll, so read their fields inside tests and hooks.
 */
export function useMembers<K extends string>(
  ctx: TestAppFixture,
  wanted: Record<K, MemberOptions>,
): Record<K, TestMember> {
  const members = {} as Record<K, TestMember>;
  for (const key of Object.keys(wanted) as K[]) {
    members[key] = { id: 0, userName: '', password: '', token: '' };
  }
  beforeAll(async () => {
    for (const key of Object.keys(wanted) as K[]) {
      Object.assign(members[key], await createMember(ctx, wanted[key]));
    }
  });
  return members;
}

export interface TestMember {
  id: number;
  userName: string;
  password: string;
  token: string;
}

let memberCounter = 0;
const passwordHashes = new Map<string, Promise<string>>();

/** Inserts a member straight into the database and logs them in through the API. */
export async function createMember(
  ctx: TestAppFixture,
  options: { role?: string; status?: boolean; userName?: string; password?: string } = {},
): Promise<TestMember> {
  memberCounter += 1;
  const userName = options.userName ?? `member${memberCounter}${randomBytes(2).toString('hex')}`;
  const password = options.password ?? 'Passw0rd!long';
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  const row = await ctx.database.db
    .insertInto('users')
    .values({
      user_name: userName,
      user_name_key: userNameKey(userName),
      user_name_skeleton: userNameSkeleton(userName),
      email_verified: 1,
      name: `Member ${userName}`,
      email: `${userName}@example.in`,
      phone: '9876543210',
      city: 'Gurugram',
      pincode: '122001',
      state: 'Haryana',
      role: options.role ?? 'Dealer',
      password_hash: await passwordHashes.get(password)!,
      status: dbBool(true),
      created_on: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let token = '';
  if (options.status !== false) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName, password },
    });
    token = (res.json() as { token: string }).token;
  } else {
    await ctx.database.db
      .updateTable('users')
      .set({ status: 0 })
      .where('id', '=', row.id)
      .execute();
  }
  return { id: row.id, userName, password, token };
}

export function bearer(member: { token: string } | undefined): Record<string, string> {
  return member ? { authorization: `Bearer ${member.token}` } : {};
}

export function json<T>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
