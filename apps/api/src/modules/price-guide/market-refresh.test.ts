// The market figures on leads kept current, on each engine: the demo seed computes them (chips and belowMarket work on
// a fresh demo), lead writes mark the model years they touch, and the refresh job recomputes those leads' figures in
// leased batches that two runs at once never share; the lead list (engine or SQL) shows the new figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@dealerleads/shared';
import { seedDemoIfEmpty } from '../../db/seed/demo';
import {
  createTestAppOn,
  createTestDatabase,
  json,
  testEngines,
  type TestContext,
} from '../../test/test-app';
import { LeadListEngine } from '../leads/list-engine';
import {
  figuresMoved,
  runMarketRefresh,
  scheduleMarketRefresh,
  MARKET_REFRESH_DEFAULTS,
} from './market-refresh';
import { guideForCar } from './price-guide.service';
import { makeLead } from '../../test/fixtures';

const NOW = new Date();

describe.each(testEngines())('market figures kept current on %s', (engine) => {
  let ctx: TestContext;

  beforeAll(async () => {
    const testDb = await createTestDatabase(engine);
    await seedDemoIfEmpty(testDb.handle.db, { now: NOW.getTime() });
    ctx = await createTestAppOn(testDb, {}, () => NOW);
  }, 120_000);
  afterAll(async () => ctx.close());

  const db = () => ctx.database.db;
  const listed = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/leads?pageSize=100${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<Lead[]>(res);
  };
  const figuresOf = (id: number) =>
    db()
      .selectFrom('leads')
      .select(['market_low', 'market_median', 'market_high', 'price'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const marks = () =>
    db().selectFrom('market_refresh').select(['brand', 'model', 'year']).execute();

  /** What the guide says now of a stored lead's car (from SQL: no engine in this call). */
  const guideOfLead = async (id: number) => {
    const lead = await db()
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const listEngine = new LeadListEngine(db(), (error) => {
      throw error;
    });
    try {
      return await guideForCar(
        { db: db(), listEngine },
        {
          brand: lead.brand,
          model: lead.model,
          year: lead.year,
          fuelType: lead.fuel_type,
          transmission: lead.transmission,
          kmDriven: lead.km_driven,
        },
        NOW,
      );
    } finally {
      await listEngine.close();
    }
  };

  it('gives the demo its market figures: most leads carry them, chips show, belowMarket finds leads', async () => {
    const counts = await db()
      .selectFrom('leads')
      .select((eb) => [
        eb.fn.countAll<number>().as('active'),
        eb.fn.count<number>('market_median').as('priced'),
      ])
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(counts.priced)).toBeGreaterThan(Number(counts.active) * 0.9);
    expect(await marks()).toEqual([]);
    const below = await listed('&belowMarket=true');
    expect(below.length).toBe(100);
    for (const lead of below) {
      // Whole percent: a price just under the median rounds to 0.
      expect(lead.priceVsMarket).toBeLessThanOrEqual(0);
      expect(lead.price).toBeLessThan(lead.marketPrice!.median);
    }
    // The kept figures are the guide's for that car.
    for (const lead of below.slice(0, 5)) {
      const guide = await guideOfLead(lead.id);
      expect(lead.marketPrice).toEqual({ low: guide.low, median: guide.median, high: guide.high });
    }
  });

  it('marks the model years a write touches, and a write of the figures themselves marks nothing', async () => {
    const lead = await db()
      .selectFrom('leads')
      .select(['id', 'brand', 'model', 'year'])
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('leads').set({ market_low: 1 }).where('id', '=', lead.id).execute();
    expect(await marks()).toEqual([]);
    await db()
      .updateTable('leads')
      .set({ year: lead.year - 1 })
      .where('id', '=', lead.id)
      .execute();
    expect((await marks()).sort((a, b) => a.year - b.year)).toEqual([
      { brand: lead.brand, model: lead.model, year: lead.year - 1 },
      { brand: lead.brand, model: lead.model, year: lead.year },
    ]);
    // The job puts the lead's figures (and its neighbours') back to what the guide says, and clears the marks.
    const run = await runMarketRefresh(ctx.database, NOW);
    expect(run.marks).toBe(2);
    expect(run.changed).toBeGreaterThanOrEqual(1);
    expect(await marks()).toEqual([]);
    const guide = await guideOfLead(lead.id);
    expect(await figuresOf(lead.id)).toMatchObject({
      market_low: guide.low,
      market_median: guide.median,
    });
  });

  it('marks exactly the model years a statement of many leads inserts, changes or deletes', async () => {
    const key = (r: { brand: string; model: string; year: number }) =>
      `${r.brand}|${r.model}|${r.year}`;
    const markedNow = async () => new Set((await marks()).map(key));
    const cars = await db()
      .selectFrom('leads')
      .select(['brand', 'model'])
      .distinct()
      .orderBy('brand')
      .orderBy('model')
      .limit(6)
      .execute();
    await db().deleteFrom('market_refresh').execute();
    // Sixty leads in one statement, ten of each car, across 2009–2011.
    const inserted = await db()
      .insertInto('leads')
      .values(
        Array.from({ length: 60 }, (_, i) =>
          makeLead({ ...cars[i % cars.length]!, year: 2009 + (i % 3) }),
        ),
      )
      .returning(['id', 'brand', 'model', 'year'])
      .execute();
    const ids = inserted.map((l) => l.id);
    try {
      expect(await markedNow()).toEqual(new Set(inserted.map(key)));
      await db().deleteFrom('market_refresh').execute();
      // A column the guide does not read: nothing to mark.
      await db().updateTable('leads').set({ city: 'Sonipat' }).where('id', 'in', ids).execute();
      expect(await marks()).toEqual([]);
      // Forty cars a year older in one statement: their old and new years, none of the other twenty's.
      const moved = inserted.slice(0, 40);
      await db()
        .updateTable('leads')
        .set((eb) => ({ year: eb('year', '-', 1) }))
        .where('id', 'in', ids.slice(0, 40))
        .execute();
      expect(await markedNow()).toEqual(
        new Set([...moved.map(key), ...moved.map((l) => key({ ...l, year: l.year - 1 }))]),
      );
      await db().deleteFrom('market_refresh').execute();
      await db().deleteFrom('leads').where('id', 'in', ids.slice(40)).execute();
      expect(await markedNow()).toEqual(new Set(inserted.slice(40).map(key)));
    } finally {
      await db().deleteFrom('leads').where('id', 'in', ids).execute();
      await db().deleteFrom('market_refresh').execute();
    }
  });

  it('leaves figures that drift within the tolerance: a market 0.5% dearer rewrites no lead', async () => {
    const cretas = () =>
      db()
        .selectFrom('leads')
        .select(['id', 'market_low', 'market_median', 'market_high'])
        .where('brand', '=', 'hyundai')
        .where('model', '=', 'Creta')
        .orderBy('id')
        .execute();
    const before = await cretas();
    await db()
      .updateTable('leads')
      .set((eb) => ({ price: eb('price', '+', eb('price', '/', 200)) }))
      .where('brand', '=', 'hyundai')
      .where('model', '=', 'Creta')
      .execute();
    expect((await marks()).length).toBeGreaterThan(4);
    let changed = 0;
    for (;;) {
      const run = await runMarketRefresh(ctx.database, NOW);
      changed += run.changed;
      if (run.marks === 0) break;
    }
    // Every Creta's guide moved (by about 0.5%), none by the 2% that is worth a write.
    expect(changed).toBe(0);
    expect(await cretas()).toEqual(before);
    expect(
      figuresMoved(before[0]!, { ...before[0]!, market_median: before[0]!.market_median! * 1.03 }),
    ).toBe(true);
  });

  it('follows a market that moves: a cheaper market lifts a lead off belowMarket, in the list too', async () => {
    const [target] = await listed('&belowMarket=true&brand=maruti_suzuki&model=Swift');
    expect(target).toBeDefined();
    const before = target!.marketPrice!.median;
    // Every other Swift is sold for half (a market crash): the target's price is now far above its comparables.
    await db()
      .updateTable('leads')
      .set((eb) => ({ price: eb('price', '/', 2) }))
      .where('brand', '=', 'maruti_suzuki')
      .where('model', '=', 'Swift')
      .where('id', '<>', target!.id)
      .execute();
    // Until the job runs, the kept figures are the old ones.
    expect((await figuresOf(target!.id)).market_median).toBe(before);
    let total = 0;
    for (;;) {
      const run = await runMarketRefresh(ctx.database, NOW, {
        ...MARKET_REFRESH_DEFAULTS,
        batch: 50,
      });
      total += run.changed;
      if (run.marks === 0) break;
    }
    expect(total).toBeGreaterThan(50);
    const after = await figuresOf(target!.id);
    expect(after.market_median!).toBeLessThan(before * 0.7);
    expect((await guideOfLead(target!.id)).median).toBe(after.market_median);
    // The list (the engine, which follows lead_changes) and the detail carry the new figures.
    const swifts = await listed('&belowMarket=true&brand=maruti_suzuki&model=Swift');
    expect(swifts.map((l) => l.id)).not.toContain(target!.id);
    const detail = json<Lead>(await ctx.app.inject({ url: `/api/leads/${target!.id}` }));
    expect(detail.marketPrice!.median).toBe(after.market_median);
    expect(detail.priceVsMarket).toBeGreaterThan(0);
  });

  it('leases marks: two runs at once never take the same one, and a lease held elsewhere is left until it ends', async () => {
    await db()
      .updateTable('leads')
      .set((eb) => ({ price: eb('price', '+', 1_000) }))
      .where('brand', '=', 'hyundai')
      .where('model', 'in', ['Creta', 'Venue'])
      .execute();
    const marked = (await marks()).length;
    expect(marked).toBeGreaterThan(4);
    // Another process holds one mark (its run has not ended): no run here takes it before the lease ends.
    const held = (await marks())[0]!;
    const later = new Date(NOW.getTime() + 60_000).toISOString();
    await db()
      .updateTable('market_refresh')
      .set({ leased_until: later })
      .where('brand', '=', held.brand)
      .where('model', '=', held.model)
      .where('year', '=', held.year)
      .execute();
    const options = { ...MARKET_REFRESH_DEFAULTS, marks: 3 };
    let leased = 0;
    for (;;) {
      const runs = await Promise.all([
        runMarketRefresh(ctx.database, NOW, options),
        runMarketRefresh(ctx.database, NOW, options),
      ]);
      const got = runs.reduce((n, r) => n + r.marks, 0);
      if (got === 0) break;
      leased += got;
    }
    expect(leased).toBe(marked - 1);
    expect(await marks()).toEqual([held]);
    // Once the lease has ended, the mark is taken again.
    const run = await runMarketRefresh(ctx.database, new Date(NOW.getTime() + 120_000));
    expect(run.marks).toBe(1);
    expect(await marks()).toEqual([]);
  });

  it('writes no lead at a start: the first run comes an interval later', async () => {
    // Figures far off the guide on a marked model year: any run rewrites them.
    const target = await db()
      .selectFrom('leads')
      .select(['id', 'brand', 'model'])
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('leads')
      .set({ market_low: 1, market_median: 2, market_high: 3 })
      .where('brand', '=', target.brand)
      .where('model', '=', target.model)
      .execute();
    await db()
      .updateTable('leads')
      .set((eb) => ({ price: eb('price', '+', 1_000) }))
      .where('id', '=', target.id)
      .execute();
    const newest = async () =>
      Number(
        (
          await db()
            .selectFrom('lead_changes')
            .select((eb) => eb.fn.max('revision').as('revision'))
            .executeTakeFirstOrThrow()
        ).revision,
      );
    const before = await newest();
    const onError = (error: unknown) => {
      throw error;
    };
    // A process started and stopped within its first interval (a restart) changed no lead.
    const restarted = scheduleMarketRefresh(ctx.database, () => NOW, 60_000, onError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await restarted.stop();
    expect(await newest()).toBe(before);
    expect((await marks()).length).toBeGreaterThan(0);
    // One that runs on works the marks off at its first tick.
    const running = scheduleMarketRefresh(ctx.database, () => NOW, 20, onError);
    try {
      await expect.poll(marks, { timeout: 10_000, interval: 20 }).toEqual([]);
    } finally {
      await running.stop();
    }
    expect(await newest()).toBeGreaterThan(before);
    expect((await figuresOf(target.id)).market_median).not.toBe(2);
  });
});
