// The caller read once per request, or remembered on PostgreSQL until any process changes the member: a request then
// costs one statement, and a deactivation or role change still ends the member's tokens at once in every process.
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/database';
import {
  bearer,
  createTestDatabase,
  json,
  testConfig,
  testEngines,
  useMembers,
  type TestAppFixture,
  type TestDatabase,
} from '../test/test-app';
import type { Lead, UnlockResult } from '@dealerleads/shared';
import { createUserPackage, createLeads, recordUnlockOutsideApi } from '../test/fixtures';
import { CallerCache } from './caller-cache';

/** Counts the statements a database handle runs. */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery: KyselyPlugin['transformQuery'] = (args) => args.node;
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count++;
    return args.result;
  }
}

async function appOn(handle: DatabaseHandle, testDb: TestDatabase): Promise<FastifyInstance> {
  const { app } = await buildApp(testConfig(testDb.config), { database: handle, logger: false });
  await app.ready();
  return app;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

const row = {
  id: 7,
  user_name: 'd',
  role: 'Dealer',
  status: 1,
  token_version: 0,
  unlocks_revision: 0,
};

describe('CallerCache', () => {
  it('remembers nothing while not listening, and nothing read before a member was forgotten', () => {
    const cache = new CallerCache();
    cache.remember(row, cache.begin());
    expect(cache.get(7)).toBeUndefined();

    cache.setListening(true);
    const began = cache.begin();
    cache.forget(7); // the member changed while the read was under way
    cache.remember(row, began);
    expect(cache.get(7)).toBeUndefined();

    cache.remember(row, cache.begin());
    expect(cache.get(7)).toEqual(row);
    cache.setListening(false);
    expect(cache.get(7)).toBeUndefined();
  });

  it("PostgreSQL: reads members again after this process's own commit, one read shared by the requests meanwhile", async () => {
    const cache = new CallerCache();
    let commits = 0;
    cache.countChangesBy(() => commits);
    cache.setListening(true);
    let loads = 0;
    const load = async () => {
      loads++;
      return { ...row, unlocks_revision: commits };
    };
    expect(await cache.read(row.id, load)).toMatchObject({ unlocks_revision: 0 });
    expect(cache.get(row.id)).toBeDefined();
    commits++;
    expect(cache.get(row.id)).toBeUndefined();
    const together = await Promise.all([cache.read(row.id, load), cache.read(row.id, load)]);
    expect(loads).toBe(2);
    expect(together.map((r) => r?.unlocks_revision)).toEqual([1, 1]);
    // A commit while a read runs: a request arriving after it does not join that read.
    const first = cache.read(row.id, load);
    commits++;
    const second = cache.read(row.id, load);
    await Promise.all([first, second]);
    expect(loads).toBe(4);
    expect(cache.get(row.id)?.unlocks_revision).toBe(2);
  });

  it('SQLite: remembers a member while the database change count stands where it stood when the read began', () => {
    let count = 5;
    const cache = new CallerCache();
    cache.followChangeCount(() => count);
    cache.remember(row, cache.begin());
    expect(cache.get(7)).toEqual(row);
    count++;
    expect(cache.get(7)).toBeUndefined();
    // A write committed while the member was read: what was read may be from before it.
    const began = cache.begin();
    count++;
    cache.remember(row, began);
    expect(cache.get(7)).toBeUndefined();
    cache.remember(row, cache.begin());
    expect(cache.get(7)).toEqual(row);
  });
});

describe.each(testEngines())('the caller of a request (%s)', (engine) => {
  const counter = new StatementCounter();
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let other: { app: FastifyInstance; handle: DatabaseHandle } | undefined;
  const ctx: TestAppFixture = {
    get app() {
      return app;
    },
    get database() {
      return testDb.handle;
    },
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    app = await appOn({ ...testDb.handle, db: testDb.handle.db.withPlugin(counter) }, testDb);
    // A second API process on the same database: its own pool and, on PostgreSQL, its own listener.
    const handle = openDatabase(testDb.config);
    other = { handle, app: await appOn(handle, testDb) };
    await createLeads(
      ctx,
      Array.from({ length: 30 }, (_, i) => ({ price: 300_000 + i * 1000 })),
    );
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.handle.close();
    await app.close();
    await testDb.drop();
  });
  const { admin, dealer, moved, leaving } = useMembers(ctx, {
    admin: { role: 'Admin' },
    dealer: {},
    moved: {},
    leaving: {},
  });

  const list = (target: FastifyInstance, member: { token: string }) =>
    target.inject({ method: 'GET', url: '/api/leads?pageSize=20', headers: bearer(member) });
  const update = (id: number, payload: object) =>
    app.inject({
      method: 'PUT',
      url: `/api/users/update/${id}`,
      headers: bearer(admin),
      payload: { name: 'A Dealer', city: 'Gurugram', email: `m${id}@example.in`, ...payload },
    });

  it("costs a dealer's lead page no statement while nothing changes (the engine current, the caller remembered)", async () => {
    await until(
      async () => (await app.inject({ url: '/api/health/ready' })).statusCode === 200,
      10_000,
    );
    for (let i = 0; i < 3; i++) expect((await list(app, dealer)).statusCode).toBe(200);
    counter.count = 0;
    const res = await list(app, dealer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(20);
    expect(counter.count).toBe(0);
    // A write anywhere: the next page reads its caller and the versions again.
    await createLeads(ctx, [{}]);
    expect((await list(app, dealer)).statusCode).toBe(200);
    expect(counter.count).toBeGreaterThanOrEqual(2);
  });

  it('shows a dealer the lead they unlocked at once in that process, and in another as soon as it hears', async () => {
    const target = other!.app;
    const ready = async (process: FastifyInstance) =>
      (await process.inject({ url: '/api/health/ready' })).statusCode === 200;
    expect(await until(async () => (await ready(app)) && (await ready(target)), 10_000)).toBe(true);
    await createUserPackage(ctx, dealer.id, { credits: 3 });
    const phoneOf = async (process: FastifyInstance, id: number) =>
      json<Lead[]>(await list(process, dealer)).find((lead) => lead.id === id)?.phoneNumber;
    const [lead] = json<Lead[]>(await list(app, dealer));
    for (const process of [app, target]) expect(await phoneOf(process, lead!.id)).toMatch(/^X/);
    const unlocked = await app.inject({
      method: 'POST',
      url: `/api/leads/${lead!.id}/unlock`,
      headers: bearer(dealer),
    });
    expect(unlocked.statusCode).toBe(200);
    const phone = unlocked.json<UnlockResult>().lead.phoneNumber;
    expect(phone).not.toMatch(/^X/);
    // The unlocking process: the next pages, whatever the notification's timing.
    for (let i = 0; i < 3; i++) expect(await phoneOf(app, lead!.id)).toBe(phone);
    expect(await until(async () => (await phoneOf(target, lead!.id)) === phone, 2000)).toBe(true);
    // A lead written by another process reaches this one's pages once heard of.
    const [written] = await createLeads({ app: target, database: other!.handle }, [{}]);
    expect(
      await until(
        async () => json<Lead[]>(await list(app, dealer)).some((l) => l.id === written!.id),
        2000,
      ),
    ).toBe(true);
  });

  if (engine === 'postgres')
    it('forgets a remembered dealer in every process when their unlocks change', async () => {
      const target = other!.app;
      await createUserPackage(ctx, dealer.id, { credits: 1 });
      const [lead] = await createLeads(ctx, [{}]);
      expect((await list(target, dealer)).statusCode).toBe(200);
      expect(target.callerCache.get(dealer.id)).toBeDefined();
      await recordUnlockOutsideApi(ctx, dealer.id, lead!.id);
      expect(await until(async () => target.callerCache.get(dealer.id) === undefined, 2000)).toBe(
        true,
      );
    });

  it('ends a deactivated member’s token at once in the process that deactivated them', async () => {
    expect((await list(app, leaving)).statusCode).toBe(200);
    expect((await update(leaving.id, { status: false })).statusCode).toBe(200);
    expect((await list(app, leaving)).statusCode).toBe(401);
  });

  it('ends a member’s token in another process as soon as the change is known there', async () => {
    const target = other!.app;
    expect((await list(target, moved)).statusCode).toBe(200);
    expect((await list(target, moved)).statusCode).toBe(200);
    expect((await update(moved.id, { role: 'User' })).statusCode).toBe(200);
    // PostgreSQL: the other process remembered the member and forgets them on the notification (well under the
    // 30 s it would otherwise remember them); SQLite: the other process reads the member on every request.
    const refused = await until(async () => (await list(target, moved)).statusCode === 401, 2000);
    expect(refused).toBe(true);
  });
});
