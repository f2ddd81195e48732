// The lead list engine answers exactly what SQL answers (every filter, arbitrary ranges, searches with filters, each
// status scope, random pages), on each database engine, and follows the writes of other connections, two at once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { openDatabase, type DatabaseHandle } from '../../../db/database';
import type { NewLead } from '../../../db/schema';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/test-app';
import { makeLead } from '../../../test/fixtures';
import { searchWordsOf } from '@dealerleads/shared/catalogues';
import type { CanonicalLeadFilter } from './lead-filters';
import { currentLeadsVersion, LeadListEngine } from './lead-list-engine';
import { PRUNE_CHUNK } from './engine-reads';
import { filterArbitrary, leadArbitrary, leadsOf } from '../lead-list-test-helpers';
import { findLeadIdPage } from '../leads.repository';
import { leadListSources, listLeads } from '../leads.service';

/**
 * What SQL answers: the page's ids and the total (the tests stay below the count caps but for searches' 200). On SQLite
 * the fallback reads on the handle's worker thread: it must answer what the main connection answers.
 */
async function sqlAnswer(
  database: DatabaseHandle,
  filter: CanonicalLeadFilter,
  page: { pageNumber: number; pageSize: number },
) {
  const answer = await findLeadIdPage(database, filter, page);
  if (database.readOffThread) {
    expect(answer).toEqual(
      await findLeadIdPage({ db: database.db, engine: database.engine }, filter, page),
    );
  }
  return answer;
}

async function expectSqlAnswer(
  database: DatabaseHandle,
  engine: LeadListEngine,
  filter: CanonicalLeadFilter,
  pageNumber: number,
  pageSize: number,
) {
  const expected = await sqlAnswer(database, filter, { pageNumber, pageSize });
  const found = engine.page(filter, (pageNumber - 1) * pageSize, pageSize);
  expect(found.ids).toEqual(expected.ids);
  // The engine counts exactly; SQL stops at its cap (and says so).
  if (expected.totalCapped) expect(found.total).toBeGreaterThan(expected.total);
  else expect(found.total).toBe(expected.total);
}

async function synced(database: DatabaseHandle, engine: LeadListEngine) {
  await engine.syncTo(await currentLeadsVersion(database.db));
  expect(engine.state).toBe('ready');
  return engine;
}

const fail = (error: unknown) => {
  throw error;
};

describe.each(testEngines())('lead list engine on %s', (dbEngine) => {
  let testDb: TestDatabase;
  let db: DatabaseHandle;
  /** Two more connections to the same database: the writes of other processes. */
  let other: DatabaseHandle;
  let third: DatabaseHandle;

  /** Revisions in lead_changes now. */
  const changesLogged = async () =>
    Number(
      (
        await db.db
          .selectFrom('lead_changes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    testDb = await createTestDatabase(dbEngine);
    db = testDb.handle;
    other = openDatabase(testDb.config);
    third = openDatabase(testDb.config);
    const leads = fc.sample(leadArbitrary, { numRuns: 700, seed: 20261124 });
    await db.db
      .insertInto('leads')
      .values(leads.map((l) => makeLead(l)))
      .execute();
  });
  afterAll(async () => {
    await other.close();
    await third.close();
    await testDb.drop();
  });

  it('answers every filter mix, range, search, status and page exactly as SQL does', async () => {
    const engine = await synced(db, new LeadListEngine(db.db, fail));
    const readsBefore = db.offThreadReads?.().reads ?? 0;
    await fc.assert(
      fc.asyncProperty(
        filterArbitrary(),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 70 }),
        async (filter, pageNumber, pageSize) =>
          expectSqlAnswer(db, engine, filter, pageNumber, pageSize),
      ),
      { numRuns: 400 },
    );
    // SQLite: every SQL answer (its page ids at least) was read on the worker thread.
    if (db.offThreadReads)
      expect(db.offThreadReads().reads).toBeGreaterThanOrEqual(readsBefore + 400);
  });

  it('keeps its answers across writes, each as SQL answers after them', async () => {
    const engine = await synced(db, new LeadListEngine(db.db, fail));
    const filters = fc.sample(filterArbitrary(), { numRuns: 60, seed: 20261128 });
    // Asked twice: each filter's result and window are kept (query-caches.ts).
    const ask = () => {
      for (const filter of filters) for (const end of [20, 300]) engine.page(filter, 0, end);
    };
    const ids = (
      await db.db.selectFrom('leads').select('id').orderBy('id').limit(400).execute()
    ).map((row) => row.id);
    for (let round = 0; round < 4; round++) {
      ask();
      ask();
      const pick = (n: number, salt: number) =>
        fc.sample(fc.constantFrom(...ids), { numRuns: n, seed: round * 10 + salt });
      const fresh = await other.db
        .insertInto('leads')
        .values(fc.sample(leadArbitrary, { numRuns: 15, seed: round }).map((l) => makeLead(l)))
        .returning('id')
        .execute();
      ids.push(...fresh.map((row) => row.id));
      // Unlocks (some across any sold-out cap), repricing, moves, status changes, renames, deletes.
      for (const id of pick(12, 1))
        await other.db
          .updateTable('leads')
          .set((eb) => ({ unlock_count: eb('unlock_count', '+', 1 + (id % 40)) }))
          .where('id', '=', id)
          .execute();
      for (const id of pick(4, 2))
        await other.db
          .updateTable('leads')
          .set({ price: 100_000 + ((id * 7919) % 2_900_000), km_driven: (id * 104_729) % 250_000 })
          .where('id', '=', id)
          .execute();
      for (const id of pick(3, 3))
        await other.db
          .updateTable('leads')
          .set({ city: 'Noida', model: 'Creta', full_name: 'Amit Kumar' })
          .where('id', '=', id)
          .execute();
      for (const id of pick(3, 4))
        await other.db
          .updateTable('leads')
          .set({ status: round % 2 === 0 ? 0 : 1 })
          .where('id', '=', id)
          .execute();
      if (round === 3) await other.db.deleteFrom('leads').where('id', 'in', pick(2, 5)).execute();
      await synced(db, engine);
      for (const filter of filters) {
        await expectSqlAnswer(db, engine, filter, 1, 20);
        await expectSqlAnswer(db, engine, filter, 2, 150);
      }
    }
  });

  it('keeps its answers across arrivals alone, the new leads checked lead by lead, each as SQL answers', async () => {
    const engine = await synced(db, new LeadListEngine(db.db, fail));
    const filters: CanonicalLeadFilter[] = [
      ...fc.sample(filterArbitrary(), { numRuns: 80, seed: 20261129 }),
      // Each kind of condition at least once, alone and with others.
      { status: 'active', belowMarket: true },
      { status: 'all', belowMarket: true, price: { min: 200_000 } },
      { status: 'inactive' },
      { status: 'active', unlockCount: { max: 4 } },
      { status: 'all', kmDriven: { max: 60_000 }, fuelType: ['petrol', 'diesel'] },
      { status: 'active', price: { min: 300_000, max: 1_500_000 }, sort: 'price_asc' },
    ];
    for (let round = 0; round < 3; round++) {
      // Asked twice: each filter's result and window are kept, then only new leads arrive.
      for (let ask = 0; ask < 2; ask++)
        for (const filter of filters) for (const end of [20, 300]) engine.page(filter, 0, end);
      await other.db
        .insertInto('leads')
        .values(
          fc.sample(leadArbitrary, { numRuns: 25, seed: 100 + round }).map((l) => makeLead(l)),
        )
        .execute();
      await synced(db, engine);
      for (const filter of filters) {
        await expectSqlAnswer(db, engine, filter, 1, 20);
        await expectSqlAnswer(db, engine, filter, 2, 150);
      }
    }
  });

  it('finds two-letter catalogue models, aliases of cities and brands by their labels', async () => {
    const engine = await synced(db, new LeadListEngine(db.db, fail));
    const count = (term: string, extra: Partial<CanonicalLeadFilter> = {}) =>
      engine.page({ status: 'active', search: searchWordsOf(term), ...extra }, 0, 1).total;
    const exact = (filter: Partial<CanonicalLeadFilter>) =>
      engine.page({ status: 'active', ...filter }, 0, 1).total;
    expect(count('A4')).toBeGreaterThan(0);
    expect(count('A4')).toBeGreaterThanOrEqual(exact({ model: ['A4'] }));
    expect(count('Gurgaon')).toBeGreaterThanOrEqual(exact({ city: ['Gurugram'] }));
    expect(exact({ city: ['Gurugram'] })).toBeGreaterThan(0);
    expect(count('Maruti Suzuki')).toBe(exact({ brand: ['maruti_suzuki'] }));
    expect(count('Mercedes-Benz')).toBe(exact({ brand: ['mercedes'] }));
    expect(count('Merc')).toBe(exact({ brand: ['mercedes'] }));
    for (const term of ['A4', 'Gurgaon', 'Maruti Suzuki', 'Merc']) {
      await expectSqlAnswer(db, engine, { status: 'active', search: searchWordsOf(term) }, 1, 50);
    }
  });

  it('follows inserts, updates and deletes that two other connections make at once', async () => {
    const engine = await synced(db, new LeadListEngine(db.db, fail));
    const write = async (conn: DatabaseHandle, seed: number) => {
      const leads = fc.sample(leadArbitrary, { numRuns: 30, seed });
      const ids: number[] = [];
      for (const lead of leads) {
        const [row] = await conn.db
          .insertInto('leads')
          .values([makeLead(lead)])
          .returning('id')
          .execute();
        ids.push(row!.id);
      }
      for (const id of ids.slice(0, 10)) {
        await conn.db
          .updateTable('leads')
          .set({ status: 0, city: 'Sonipat', price: 777_777, full_name: 'Moved Lead' })
          .where('id', '=', id)
          .execute();
      }
      // Unlocks as the cap's UPDATE makes them: the count moves, nothing else.
      for (const id of ids.slice(15, 25)) {
        await conn.db
          .updateTable('leads')
          .set((eb) => ({ unlock_count: eb('unlock_count', '+', 3) }))
          .where('id', '=', id)
          .execute();
      }
      await conn.db.deleteFrom('leads').where('id', 'in', ids.slice(10, 15)).execute();
    };
    // The engine catches up while both write.
    let writing = true;
    const catchingUp = (async () => {
      while (writing) {
        await engine.syncTo(await currentLeadsVersion(db.db));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await Promise.all([write(other, 1), write(third, 2)]);
    writing = false;
    await catchingUp;
    await synced(db, engine);
    const mixes: CanonicalLeadFilter[] = [
      { status: 'all' },
      { status: 'active' },
      { status: 'inactive', city: ['Sonipat'] },
      { status: 'all', price: { min: 777_777, max: 777_777 } },
      { status: 'all', name: 'moved' },
      { status: 'all', search: [['moved l']] },
      { status: 'all', unlockCount: { max: 2 } },
      { status: 'active', city: ['Sonipat'], unlockCount: { max: 0 } },
    ];
    for (const filter of mixes) await expectSqlAnswer(db, engine, filter, 1, 1000);
  });

  it('reloads when it fell behind the pruned changes, and keeps answering meanwhile', async () => {
    const engine = await synced(
      db,
      new LeadListEngine(db.db, fail, {
        keptChanges: 2,
        ...(db.runUnlessBusy ? { runUnlessBusy: db.runUnlessBusy } : {}),
      }),
    );
    const behind = await synced(db, new LeadListEngine(db.db, fail));
    const before = engine.page({ status: 'all' }, 0, 1).total;
    await other.db
      .insertInto('leads')
      .values(Array.from({ length: 6 }, () => makeLead({ city: 'Sonipat' })))
      .execute();
    await synced(db, engine);
    if (db.runUnlessBusy) {
      // SQLite: while another process holds the write lock, pruning skips its turn instead of waiting.
      const before = await changesLogged();
      let release = () => {};
      const held = other.db.transaction().execute(async (tx) => {
        await tx.updateTable('leads_version').set({ id: 1 }).where('id', '=', 1).execute();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await engine.pruneNow();
      expect(await changesLogged()).toBe(before);
      expect(engine.state).toBe('ready');
      release();
      await held;
    }
    await engine.pruneNow();
    expect(await changesLogged()).toBe(2);
    // `behind` never read the pruned changes: it reloads, answering from its old bitmaps until then.
    expect(behind.page({ status: 'all' }, 0, 1).total).toBe(before);
    await synced(db, behind);
    expect(behind.page({ status: 'all' }, 0, 1).total).toBe(before + 6);
    await expectSqlAnswer(db, behind, { status: 'all', city: ['Sonipat'] }, 1, 1000);
  });

  it('answers after a catch-up without waiting for the log to be pruned', async () => {
    // Enough revisions that pruning them takes several deletes, with requests served in between.
    await insertBulk(3 * PRUNE_CHUNK, 'Prunegarh');
    const engine = await synced(
      db,
      new LeadListEngine(db.db, fail, {
        keptChanges: 1,
        ...(db.runUnlessBusy ? { runUnlessBusy: db.runUnlessBusy } : {}),
      }),
    );
    await other.db
      .insertInto('leads')
      .values([makeLead({ city: 'Prunegarh' })])
      .execute();
    const version = await currentLeadsVersion(db.db);
    // The catch-up applied the one change and started the first prune; the request did not wait for its deletes.
    expect(await engine.readyAt(version)).toBe(true);
    expect(engine.version).toBe(version);
    expect(await changesLogged()).toBeGreaterThan(PRUNE_CHUNK);
    await vi.waitFor(async () => expect(await changesLogged()).toBe(1));
  });

  it('waits for a small catch-up, and answers through a bulk one as far as it has applied it', async () => {
    // A wait no busy machine misses for one change; a bulk catch-up must still not be waited for.
    const engine = await synced(db, new LeadListEngine(db.db, fail, { catchUpWaitMs: 5_000 }));
    const city: CanonicalLeadFilter = { status: 'all', city: ['Bulkpur'] };
    // One lead written elsewhere: the next request waits for it (a dealer sees the lead just written).
    await other.db
      .insertInto('leads')
      .values([makeLead({ city: 'Bulkpur' })])
      .execute();
    let version = await currentLeadsVersion(db.db);
    expect(await engine.readyAt(version)).toBe(true);
    expect(engine.version).toBe(version);
    expect(engine.page(city, 0, 10).total).toBe(1);
    // An import: far more changes than one read of the log takes. Requests do not wait for it.
    await insertBulk(10_000, 'Bulkpur');
    version = await currentLeadsVersion(db.db);
    expect(await engine.readyAt(version)).toBe(true);
    expect(engine.version).toBeLessThan(version);
    expect(engine.page(city, 0, 10).total).toBeLessThan(10_001);
    expect(await engine.statusAt(version)).toBe('behind');
    expect(engine.answering).toBe(true);
    await synced(db, engine);
    expect(engine.answering).toBe(true);
    expect(engine.page(city, 0, 10).total).toBe(10_001);
    await expectSqlAnswer(db, engine, city, 1, 1000);
    await other.db.deleteFrom('leads').where('city', '=', 'Bulkpur').execute();
  });

  it('never shows a dealer a lead a bulk write took off the list before the engine applied it', async () => {
    const engine = await synced(db, new LeadListEngine(db.db, fail));
    await insertBulk(10_000, 'Massdeact');
    await synced(db, engine);
    const sources = leadListSources(db, engine);
    // A page shown before: the engine holds its leads as active, and must not show them while it applies the change.
    const before = await listLeads(db.db, sources, undefined, {
      city: 'Massdeact',
      pageNumber: 1,
      pageSize: 100,
    });
    expect(leadsOf(before)).toHaveLength(100);
    await other.db
      .updateTable('leads')
      .set({ status: 0 })
      .where('city', '=', 'Massdeact')
      .execute();
    const page = await listLeads(db.db, sources, undefined, {
      city: 'Massdeact',
      pageNumber: 1,
      pageSize: 100,
    });
    // The engine answered while applying: it still held some of them as active, but none reached the answer.
    expect(page.source).toBe('engine');
    expect(page.ids.length).toBeGreaterThan(0);
    expect(leadsOf(page)).toEqual([]);
    await synced(db, engine);
    const after = await listLeads(db.db, sources, undefined, {
      city: 'Massdeact',
      pageNumber: 1,
      pageSize: 100,
    });
    expect(after).toMatchObject({ ids: [], total: 0 });
    expect(after.json.toString()).toBe('[]');
    await other.db.deleteFrom('leads').where('city', '=', 'Massdeact').execute();
  });

  it('shows each lead of a page as it is now, after a change or a delete by another connection', async () => {
    const engine = await synced(db, new LeadListEngine(db.db, fail));
    const sources = leadListSources(db, engine);
    await other.db
      .insertInto('leads')
      .values(Array.from({ length: 5 }, () => makeLead({ city: 'Cachepur', price: 500_000 })))
      .execute();
    await synced(db, engine);
    const query = { city: 'Cachepur', pageNumber: 1, pageSize: 10 };
    const first = await listLeads(db.db, sources, undefined, query);
    expect(leadsOf(first).map((l) => l.price)).toEqual([
      500_000, 500_000, 500_000, 500_000, 500_000,
    ]);
    const [changed] = first.ids;
    await other.db
      .updateTable('leads')
      .set({ price: 650_000 })
      .where('id', '=', changed!)
      .execute();
    const second = await listLeads(db.db, sources, undefined, query);
    expect(leadsOf(second).find((l) => l.id === changed)?.price).toBe(650_000);
    expect(leadsOf(second).filter((l) => l.price === 500_000)).toHaveLength(4);
    await other.db.deleteFrom('leads').where('city', '=', 'Cachepur').execute();
    const third = await listLeads(db.db, sources, undefined, query);
    expect(leadsOf(third)).toEqual([]);
  });

  /** `count` leads of `city` written by another connection in one transaction (an import). */
  async function insertBulk(count: number, city: string) {
    await other.db.transaction().execute(async (tx) => {
      for (let i = 0; i < count; i += 500) {
        await tx
          .insertInto('leads')
          .values(Array.from({ length: Math.min(500, count - i) }, () => makeLead({ city })))
          .execute();
      }
    });
  }

  if (dbEngine === 'postgres')
    it('hears of writes by another connection as they commit, without a list request asking', async () => {
      const engine = await synced(db, new LeadListEngine(db.db, fail));
      const stop = engine.follow(db, fail);
      try {
        const before = engine.version;
        await other.db
          .insertInto('leads')
          .values([makeLead({ city: 'Panipat' })])
          .execute();
        const deadline = Date.now() + 20_000;
        while (engine.version === before) {
          expect(Date.now()).toBeLessThan(deadline);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(engine.page({ status: 'active', city: ['Panipat'] }, 0, 10).total).toBe(1);
      } finally {
        await stop();
      }
    });

  if (dbEngine === 'postgres')
    it('knows itself current without asking only while it hears of every write, its own at once', async () => {
      const engine = await synced(db, new LeadListEngine(db.db, fail));
      const becomesCurrent = async () => {
        const deadline = Date.now() + 20_000;
        while (!engine.knownCurrent) {
          expect(Date.now()).toBeLessThan(deadline);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
      let dropListener: ((error: unknown) => void) | undefined;
      const listen: NonNullable<DatabaseHandle['listen']> = (channel, onMessage, onError) => {
        dropListener = onError;
        return db.listen!(channel, onMessage, onError);
      };
      const errors: unknown[] = [];
      const stop = engine.follow({ ...db, listen }, (error) => errors.push(error));
      try {
        await becomesCurrent();
        // A write of this process's own: not known current from the moment it completes.
        await db.db
          .insertInto('leads')
          .values([makeLead({ city: 'Knownpur' })])
          .execute();
        expect(engine.knownCurrent).toBe(false);
        await becomesCurrent();
        expect(engine.page({ status: 'active', city: ['Knownpur'] }, 0, 10).total).toBe(1);
        // Another process's write: not current from its notification until it is applied.
        const before = engine.version;
        await other.db
          .insertInto('leads')
          .values([makeLead({ city: 'Knownpur' })])
          .execute();
        await becomesCurrent();
        expect(engine.version).toBeGreaterThan(before);
        expect(engine.page({ status: 'active', city: ['Knownpur'] }, 0, 10).total).toBe(2);
        // Without a listener it cannot know what it misses: every list asks again.
        dropListener!(new Error('connection lost'));
        expect(engine.knownCurrent).toBe(false);
        expect(errors).toHaveLength(1);
        await other.db.deleteFrom('leads').where('city', '=', 'Knownpur').execute();
        await db.db.selectFrom('leads').select('id').limit(1).execute();
        expect(engine.knownCurrent).toBe(false);
      } finally {
        await stop();
      }
    });

  /** A dealer's first page of a city's leads, and how many times it read rows (and the versions) to make it. */
  async function listCountingReads(engine: LeadListEngine, city: string) {
    let reads = 0;
    const page = await engine.listPage({ status: 'active', city: [city] }, 0, 10, {
      masked: true,
      maxDealers: 5,
      unlocksRevision: 0,
      readRows: async () => {
        reads++;
        return { version: await currentLeadsVersion(db.db), unlocksRevision: 0, rows: [] };
      },
    });
    return { page, reads };
  }

  if (dbEngine === 'postgres')
    it('has a list that arrives while it follows a heard write wait for that catch-up, reading no version itself', async () => {
      const engine = await synced(db, new LeadListEngine(db.db, fail));
      const stop = engine.follow(db, fail);
      const soon = async (done: () => boolean) => {
        const deadline = Date.now() + 20_000;
        while (!done()) {
          expect(Date.now()).toBeLessThan(deadline);
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      try {
        await soon(() => engine.knownCurrent);
        const heard = engine.stamp();
        await other.db
          .insertInto('leads')
          .values([makeLead({ city: 'Waitpur' })])
          .execute();
        // The notification is heard: the engine's catch-up has just begun, its version read in flight.
        await soon(() => engine.stamp() !== heard);
        const { page, reads } = await listCountingReads(engine, 'Waitpur');
        expect(page.source === 'engine' ? page.total : page.source).toBe(1);
        expect(reads).toBe(0);
      } finally {
        await stop();
      }
    });

  if (dbEngine === 'postgres')
    it('has a list that arrives while it follows a heard import answer through the bulk catch-up, not wait for its end', async () => {
      // A wait no busy machine misses: the list must be let go when the catch-up turns out to be a bulk one.
      const engine = await synced(db, new LeadListEngine(db.db, fail, { catchUpWaitMs: 60_000 }));
      const stop = engine.follow(db, fail);
      try {
        await vi.waitFor(() => expect(engine.knownCurrent).toBe(true), { timeout: 20_000 });
        const heard = engine.stamp();
        await insertBulk(10_000, 'Followbulk');
        const imported = await currentLeadsVersion(db.db);
        await vi.waitFor(() => expect(engine.stamp()).not.toBe(heard), { timeout: 20_000 });
        const { page, reads } = await listCountingReads(engine, 'Followbulk');
        // Made from the bitmaps while the import was still being applied, without reading the version to learn that
        // they were behind: the caller reads every lead of the page.
        expect(page.source).toBe('engine');
        expect(engine.version).toBeLessThan(imported);
        expect(reads).toBe(0);
        expect(page.source === 'engine' && page.written.size).toBe(0);
        await synced(db, engine);
        expect(engine.page({ status: 'active', city: ['Followbulk'] }, 0, 10).total).toBe(10_000);
      } finally {
        await stop();
        await other.db.deleteFrom('leads').where('city', '=', 'Followbulk').execute();
      }
    });

  if (dbEngine === 'sqlite')
    it('answers whether it is current by one version read, then without one until something is written', async () => {
      const engine = await synced(db, new LeadListEngine(db.db, fail));
      const stop = engine.follow(db, fail);
      let reads = 0;
      const readVersion = () => {
        reads += 1;
        return currentLeadsVersion(db.db);
      };
      try {
        expect(await engine.currentFor(readVersion)).toBe(true);
        expect(await engine.currentFor(readVersion)).toBe(true);
        expect(reads).toBe(1);
        await other.db
          .insertInto('leads')
          .values([makeLead({ city: 'Askpur' })])
          .execute();
        expect(await engine.currentFor(readVersion)).toBe(true);
        expect(reads).toBe(2);
        expect(engine.page({ status: 'active', city: ['Askpur'] }, 0, 10).total).toBe(1);
      } finally {
        await stop();
      }
    });

  if (dbEngine === 'sqlite')
    it('knows itself current without asking while the database change count stands', async () => {
      const engine = await synced(db, new LeadListEngine(db.db, fail));
      const stop = engine.follow(db, fail);
      const confirmNow = async () => {
        const stamp = engine.stamp();
        engine.confirm(stamp, await currentLeadsVersion(db.db));
      };
      try {
        expect(engine.knownCurrent).toBe(false);
        await confirmNow();
        expect(engine.knownCurrent).toBe(true);
        await db.db.selectFrom('leads').select('id').limit(1).execute();
        expect(engine.knownCurrent).toBe(true);
        // A write of this connection's own, then another connection's: each moves the count.
        for (const conn of [db, other]) {
          await conn.db
            .insertInto('leads')
            .values([makeLead({ city: 'Countpur' })])
            .execute();
          expect(engine.knownCurrent).toBe(false);
          await engine.syncTo(await currentLeadsVersion(db.db));
          await confirmNow();
          expect(engine.knownCurrent).toBe(true);
        }
        expect(engine.page({ status: 'active', city: ['Countpur'] }, 0, 10).total).toBe(2);
        await stop();
        expect(engine.knownCurrent).toBe(false);
      } finally {
        await stop();
        await db.db.deleteFrom('leads').where('city', '=', 'Countpur').execute();
      }
    });

  it('fails over honestly: a database error while it catches up leaves it failed, holding nothing', async () => {
    const errors: unknown[] = [];
    const own = openDatabase(testDb.config);
    const engine = await synced(own, new LeadListEngine(own.db, (e) => errors.push(e)));
    await own.close();
    await other.db
      .insertInto('leads')
      .values([makeLead({ city: 'Hisar' })])
      .execute();
    expect(await engine.readyAt(await currentLeadsVersion(db.db))).toBe(false);
    while (engine.state === 'ready') await new Promise((resolve) => setTimeout(resolve, 5));
    expect(engine.state).toBe('failed');
    expect(errors).toHaveLength(1);
    expect(() => engine.page({ status: 'active' }, 0, 10)).toThrow('not loaded');
  });

  // Bitmaps hold 32-bit ids: SQLite's 64-bit ids can go past them, PostgreSQL's `integer` ids never do.
  if (dbEngine === 'sqlite')
    it('fails over honestly: a lead it cannot hold leaves it failed, and SQL answers', async () => {
      const errors: unknown[] = [];
      const engine = await synced(db, new LeadListEngine(db.db, (e) => errors.push(e)));
      await other.db
        .insertInto('leads')
        .values({ ...makeLead(), id: 2 ** 32 } as NewLead)
        .execute();
      expect(await engine.readyAt(await currentLeadsVersion(db.db))).toBe(false);
      while (engine.state === 'ready') await new Promise((resolve) => setTimeout(resolve, 5));
      expect(engine.state).toBe('failed');
      expect(errors).toHaveLength(1);
      await other.db
        .deleteFrom('leads')
        .where('id', '=', 2 ** 32)
        .execute();
    });
});
