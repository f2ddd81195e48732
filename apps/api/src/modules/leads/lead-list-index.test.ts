// The in-memory lead list index answers exactly what SQL answers (random filters, pages and leads, on each engine),
// and follows every kind of write made through another connection: inserts, status and column changes, deletes and
// an id that commits below the newest one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Lead } from '@dealerleads/shared';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import type { NewLead } from '../../db/schema';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-app';
import { leadValues } from '../../test/fixtures';
import type { CanonicalLeadFilter } from './lead-filters';
import { LeadListIndex } from './lead-list-index';
import { LeadPageBody } from './lead-page-body';
import { LeadPageCache } from './lead-page-cache';
import { leadPageQueries, leadRowsByIds, toLead } from './leads.repository';

const CITIES = ['Gurugram', 'Noida', 'Rohtak'];
const BRANDS = ['hyundai', 'tata'];
const MODELS = ['Creta', 'Nexon', 'i20'];
const VARIANTS = ['SX', 'XZ', null];
const FUELS = ['petrol', 'diesel'];
const OWNERS = ['first', 'second'];
const TRANSMISSIONS = ['manual', 'automatic'];
const RTOS = ['HR', 'DL', null];
const YEARS = [2018, 2019, 2020];
const SEATS = [5, 7];
const PRICES = [99_999, 300_000, 450_000, 450_001, 499_999, 900_000, 2_600_000];
const KMS = [0, 9_999, 25_000, 60_000, 100_000, null];
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];

const leadArbitrary: fc.Arbitrary<Partial<NewLead>> = fc.record({
  city: fc.constantFrom(...CITIES),
  brand: fc.constantFrom(...BRANDS),
  model: fc.constantFrom(...MODELS),
  varient: fc.constantFrom(...VARIANTS),
  fuel_type: fc.constantFrom(...FUELS),
  owner_name: fc.constantFrom(...OWNERS),
  transmission: fc.constantFrom(...TRANSMISSIONS),
  rto: fc.constantFrom(...RTOS),
  year: fc.constantFrom(...YEARS),
  seats: fc.constantFrom(...SEATS),
  price: fc.constantFrom(...PRICES),
  km_driven: fc.constantFrom(...KMS),
  status: fc.constantFrom<0 | 1>(0, 1, 1, 1),
  created_on: fc
    .tuple(fc.constantFrom(...DAYS), fc.integer({ min: 0, max: 23 }))
    .map(([day, hour]) => `${day}T${String(hour).padStart(2, '0')}:30:00.000Z`),
});

/** Bands across the catalogue's cells (walked) and on them (counted by band grids: PRICE_BANDS, KM_BANDS). */
const bandArbitrary = fc.oneof(
  fc.constant({ min: 450_000 }),
  fc.constant({ min: 0, max: 450_000 }),
  fc.constant({ min: 450_001, max: 900_000 }),
  fc.constant({ min: 20_000, max: 60_000 }),
  fc.constant({ min: 0 }),
  fc.constant({ min: 450_000, max: 499_999 }),
  fc.constant({ min: 300_000, max: 449_999 }),
  fc.constant({ min: 2_500_000 }),
  fc.constant({ min: 0, max: 9_999 }),
  fc.constant({ min: 20_000, max: 29_999 }),
  fc.constant({ min: 100_000 }),
);

/** Canonical filters over the same small value pools (plus a value no lead has): any 0 to 5 of the filters. */
const filterValues = fc.record({
  city: fc.constantFrom(...CITIES, 'Sonipat'),
  brand: fc.constantFrom(...BRANDS),
  model: fc.constantFrom(...MODELS),
  varient: fc.constantFrom('SX', 'XZ'),
  fuelType: fc.constantFrom(...FUELS),
  ownerName: fc.constantFrom(...OWNERS),
  transmission: fc.constantFrom(...TRANSMISSIONS),
  rto: fc.constantFrom('HR', 'DL'),
  year: fc.constantFrom(...YEARS, 2030),
  seats: fc.constantFrom(...SEATS),
  price: bandArbitrary,
  kmDriven: bandArbitrary,
  createdFrom: fc.constantFrom(...DAYS).map((d) => `${d}T00:00:00.000Z`),
  createdBefore: fc.constantFrom(...DAYS).map((d) => `${d}T00:00:00.000Z`),
});
const filterArbitrary: fc.Arbitrary<CanonicalLeadFilter> = filterValues.chain((values) =>
  fc
    .subarray(Object.keys(values) as (keyof typeof values)[], { maxLength: 5 })
    .map((keys) => Object.fromEntries(keys.map((k) => [k, values[k]])) as CanonicalLeadFilter),
);

/** What SQL answers: the page's ids and the exact number of matches (the tests stay far below the count cap). */
async function sqlAnswer(
  database: DatabaseHandle,
  filter: CanonicalLeadFilter,
  page: { pageNumber: number; pageSize: number },
  includeInactive: boolean,
): Promise<{ ids: number[]; matched: number }> {
  const queries = leadPageQueries(database.db, database.engine, filter, page, includeInactive);
  const ids = (await queries.ids.execute()).map((r) => r.id);
  const matched = Number((await queries.count.executeTakeFirstOrThrow()).n);
  return { ids, matched };
}

/** The index's page as ids and count, like sqlAnswer. */
function answer(index: LeadListIndex, ...args: Parameters<LeadListIndex['page']>) {
  const { body, matched } = index.page(...args);
  return { ids: [...body.ids], matched };
}

async function syncedIndex(database: DatabaseHandle, index = new LeadListIndex()) {
  await index.syncTo(database.db, await LeadPageCache.currentVersion(database.db));
  return index;
}

/** Mixes of every kind of posting list: an equality value, the groups, band counts. */
const GROUP_AND_BAND_MIXES: CanonicalLeadFilter[] = [
  { city: 'Noida', fuelType: 'diesel' },
  { model: 'Creta', year: 2019 },
  { city: 'Noida', price: { min: 450_000, max: 499_999 } },
  {
    city: 'Rohtak',
    fuelType: 'petrol',
    price: { min: 300_000, max: 349_999 },
    kmDriven: { min: 0, max: 9_999 },
  },
];

/** The index answers the first page of each filter mix, for dealers and for Admin, as SQL does. */
async function expectSqlAnswers(
  database: DatabaseHandle,
  index: LeadListIndex,
  filters: CanonicalLeadFilter[],
  pageSize: number,
) {
  for (const filter of filters) {
    for (const includeInactive of [false, true]) {
      expect(answer(index, filter, 0, pageSize, includeInactive, Infinity)).toEqual(
        await sqlAnswer(database, filter, { pageNumber: 1, pageSize }, includeInactive),
      );
    }
  }
}

describe.each(testEngines())('lead list index on %s', (engine) => {
  let testDb: TestDatabase;
  let db: DatabaseHandle;
  /** Another connection to the same database: the writes of another process. */
  let other: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    db = testDb.handle;
    other = openDatabase(testDb.config);
    const leads = fc.sample(leadArbitrary, { numRuns: 600, seed: 20261123 });
    await db.db
      .insertInto('leads')
      .values(leads.map((l) => leadValues(l)))
      .execute();
  });
  afterAll(async () => {
    await other.close();
    await testDb.drop();
  });

  it('answers every filter mix, page and audience exactly as SQL does', async () => {
    const index = await syncedIndex(db);
    await fc.assert(
      fc.asyncProperty(
        filterArbitrary,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 70 }),
        fc.boolean(),
        async (filter, pageNumber, pageSize, includeInactive) => {
          const page = { pageNumber, pageSize };
          const expected = await sqlAnswer(db, filter, page, includeInactive);
          const offset = (pageNumber - 1) * pageSize;
          const exact = index.page(filter, offset, pageSize, includeInactive, Infinity);
          expect({ ids: [...exact.body.ids], matched: exact.matched }).toEqual(expected);
          // Every field of every lead, as the API shows it (Admin: contacts shown), byte for byte as an SQL page.
          const stored = await leadRowsByIds(db.db, expected.ids);
          expect(JSON.parse(exact.body.bytes.toString())).toEqual(
            stored.map((r) => toLead(r, includeInactive)),
          );
          expect(exact.body.bytes.equals(LeadPageBody.ofRows(stored, includeInactive).bytes)).toBe(
            true,
          );
          // Counting stops at the cap, never before the page is complete.
          const capped = answer(index, filter, offset, pageSize, includeInactive, 3);
          expect(capped).toEqual({ ids: expected.ids, matched: Math.min(expected.matched, 3) });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('follows inserts, updates and deletes made by another connection', async () => {
    // Written straight to the database, a name may exceed what the API accepts: SQLite keeps any length.
    const longName = `Zoë Ångström${engine === 'sqlite' ? ` ${'x'.repeat(70_000)}` : ''}`;
    const index = await syncedIndex(db);
    const [inserted] = await other.db
      .insertInto('leads')
      .values([leadValues({ city: 'Sonipat', brand: 'kia', model: 'Seltos', status: 1 })])
      .returning('id')
      .execute();
    const sonipat: CanonicalLeadFilter = { city: 'Sonipat' };
    expect(answer(index, sonipat, 0, 10, false, Infinity).ids).toEqual([]);
    await syncedIndex(db, index);
    expect(answer(index, sonipat, 0, 10, false, Infinity).ids).toEqual([inserted!.id]);

    // A status change: hidden from dealers, still listed for Admin.
    await other.db.updateTable('leads').set({ status: 0 }).where('id', '=', inserted!.id).execute();
    await syncedIndex(db, index);
    expect(answer(index, sonipat, 0, 10, false, Infinity).matched).toBe(0);
    expect(answer(index, sonipat, 0, 10, true, Infinity).ids).toEqual([inserted!.id]);

    // A change of an equality column moves the lead between posting lists.
    await other.db
      .updateTable('leads')
      .set({ city: 'Rohtak', status: 1, price: 123_456, full_name: longName })
      .where('id', '=', inserted!.id)
      .execute();
    await syncedIndex(db, index);
    expect(answer(index, sonipat, 0, 10, true, Infinity).matched).toBe(0);
    const moved = index.page(
      { city: 'Rohtak', price: { min: 123_456, max: 123_456 } },
      0,
      10,
      false,
      Infinity,
    );
    const movedLeads = JSON.parse(moved.body.bytes.toString()) as Lead[];
    expect(movedLeads.map((l) => [l.id, l.fullName])).toEqual([[inserted!.id, longName]]);

    await other.db.deleteFrom('leads').where('id', '=', inserted!.id).execute();
    await syncedIndex(db, index);
    expect(
      answer(
        index,
        { city: 'Rohtak', price: { min: 123_456, max: 123_456 } },
        0,
        10,
        true,
        Infinity,
      ).matched,
    ).toBe(0);

    // Nothing else drifted: the whole index still answers as SQL does.
    for (const includeInactive of [false, true]) {
      const expected = await sqlAnswer(db, {}, { pageNumber: 1, pageSize: 1000 }, includeInactive);
      expect(answer(index, {}, 0, 1000, includeInactive, Infinity)).toEqual(expected);
    }
  });

  it('keeps counting catalogue bands right through inserts, band changes and deletes', async () => {
    const index = await syncedIndex(db);
    const mixes: CanonicalLeadFilter[] = [
      { city: 'Noida', price: { min: 450_000, max: 499_999 } },
      { city: 'Noida', fuelType: 'diesel', kmDriven: { min: 20_000, max: 29_999 } },
      { price: { min: 300_000, max: 449_999 }, kmDriven: { min: 100_000 } },
    ];
    const check = () => expectSqlAnswers(db, index, mixes, 5);
    await check(); // the grids are made here, from the lists
    const added = await other.db
      .insertInto('leads')
      .values([
        leadValues({ city: 'Noida', fuel_type: 'diesel', price: 470_000, km_driven: 25_000 }),
        leadValues({ city: 'Noida', price: 320_000, km_driven: 120_000, status: 0 }),
      ])
      .returning('id')
      .execute();
    await syncedIndex(db, index);
    await check();
    await other.db
      .updateTable('leads')
      .set({ price: 499_999, km_driven: 29_999, status: 1 })
      .where('id', '=', added[1]!.id)
      .execute();
    await syncedIndex(db, index);
    await check();
    await other.db
      .deleteFrom('leads')
      .where(
        'id',
        'in',
        added.map((a) => a.id),
      )
      .execute();
    await syncedIndex(db, index);
    await check();
  });

  it('places a lead whose id is below the newest one in id order', async () => {
    const index = await syncedIndex(db);
    const { min } = await db.db
      .selectFrom('leads')
      .select((eb) => eb.fn.min('id').as('min'))
      .executeTakeFirstOrThrow();
    // Free a low id, then write a lead with that id (PostgreSQL sequences can commit ids out of order).
    const lowId = Number(min);
    await other.db.deleteFrom('leads').where('id', '=', lowId).execute();
    await syncedIndex(db, index);
    await other.db
      .insertInto('leads')
      .values({ ...leadValues({ city: 'Panipat', status: 1 }), id: lowId } as NewLead)
      .execute();
    await syncedIndex(db, index);
    expect(answer(index, { city: 'Panipat' }, 0, 10, false, Infinity).ids).toEqual([lowId]);
    const expected = await sqlAnswer(db, {}, { pageNumber: 1, pageSize: 1000 }, true);
    expect(answer(index, {}, 0, 1000, true, Infinity)).toEqual(expected);
    // A lead never seen, below the newest (an id taken before a later one committed): the records after it move up,
    // and every posting list with them (equality values, groups, band counts).
    const [high, below] = [2_000_000_000, 1_999_999_999];
    await other.db
      .insertInto('leads')
      .values({ ...leadValues({ city: 'Noida', fuel_type: 'diesel' }), id: high } as NewLead)
      .execute();
    await syncedIndex(db, index);
    await other.db
      .insertInto('leads')
      .values({
        ...leadValues({
          city: 'Rohtak',
          fuel_type: 'petrol',
          price: 300_000,
          km_driven: 5_000,
        }),
        id: below,
      } as NewLead)
      .execute();
    await syncedIndex(db, index);
    await expectSqlAnswers(db, index, GROUP_AND_BAND_MIXES, 1000);
    await other.db.deleteFrom('leads').where('id', 'in', [high, below]).execute();
    await syncedIndex(db, index);
  });

  // SQLite has one writer at a time (and better-sqlite3 waits for a lock synchronously, so one process cannot even
  // stage this); on PostgreSQL the order comes from the leads_version row lock that migration 0007 takes first.
  if (engine === 'postgres')
    it('gives a writer that waits for another one the later revision', async () => {
      const before = await db.db
        .selectFrom('lead_changes')
        .select((eb) => eb.fn.max('revision').as('revision'))
        .executeTakeFirstOrThrow();
      let commitFirst = () => {};
      const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
      let firstId = 0;
      const first = db.db.transaction().execute(async (tx) => {
        const [row] = await tx.insertInto('leads').values([leadValues()]).returning('id').execute();
        firstId = row!.id;
        await firstMayCommit;
      });
      while (firstId === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      let secondDone = false;
      const second = other.db
        .insertInto('leads')
        .values([leadValues()])
        .returning('id')
        .execute()
        .then(([row]) => {
          secondDone = true;
          return row!.id;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The second lead write waits for the first transaction (SQLite's write lock, PostgreSQL's leads_version row).
      expect(secondDone).toBe(false);
      commitFirst();
      await first;
      const secondId = await second;
      const changes = await db.db
        .selectFrom('lead_changes')
        .select(['lead_id'])
        .where('revision', '>', Number(before.revision ?? 0))
        .orderBy('revision')
        .execute();
      expect(changes.map((c) => c.lead_id)).toEqual([firstId, secondId]);
    });

  it('keeps answering from the whole previous index while a reload reads every lead', async () => {
    const index = await syncedIndex(db, new LeadListIndex(3));
    const before = answer(index, {}, 0, 1000, true, Infinity);
    // More changes than the threshold: the next catch-up reloads everything.
    await other.db
      .insertInto('leads')
      .values(Array.from({ length: 5 }, () => leadValues({ city: 'Sonipat' })))
      .execute();
    let done = false;
    const reload = syncedIndex(db, index).then(() => (done = true));
    let looks = 0;
    while (!done) {
      const now = answer(index, {}, 0, 1000, true, Infinity);
      expect([before.matched, before.matched + 5]).toContain(now.matched);
      // Look between the reload's own steps (microtasks on SQLite), letting I/O in now and then (PostgreSQL).
      if (++looks % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      else await Promise.resolve();
    }
    await reload;
    expect(looks).toBeGreaterThan(1);
    const expected = await sqlAnswer(db, {}, { pageNumber: 1, pageSize: 1000 }, true);
    expect(answer(index, {}, 0, 1000, true, Infinity)).toEqual(expected);
    // The reloaded groups and band counts too.
    await expectSqlAnswers(db, index, GROUP_AND_BAND_MIXES, 1000);
  });
});
