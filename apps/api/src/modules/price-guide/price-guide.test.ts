// The market price guide through real HTTP on each engine: comparables and their widening, the engine's columns and SQL
// agreeing, writes followed, bad queries refused; and what it means for a submission (refusal, moderation flag) and for
// an owner's price change (the catalogue's bounds).
import { describe, expect, it } from 'vitest';
import type { Lead, LeadSubmissionResult, PriceGuide } from '@dealerleads/shared';
import type { NewLead } from '../../db/schema';
import { createLeads } from '../../test/fixtures';
import { json, testEngines, useTestApp } from '../../test/test-app';
import { currentLeadsVersion, LeadListEngine } from '../leads/list-engine';
import { guideForCar, type StoredCar } from './price-guide.service';

const YEAR = new Date().getUTCFullYear() - 6;
let phoneSeq = 0;

/** Twenty YEAR Cretas, petrol manual, 40,000–78,000 km, ₹8,00,000–₹9,90,000 (or from `cheapest`). */
const cretas = (overrides: Partial<NewLead> = {}, cheapest = 800_000): Partial<NewLead>[] =>
  Array.from({ length: 20 }, (_, i) => ({
    brand: 'hyundai',
    model: 'Creta',
    varient: null,
    year: YEAR,
    fuel_type: 'petrol',
    transmission: 'manual',
    km_driven: 40_000 + i * 2_000,
    price: cheapest + i * 10_000,
    ...overrides,
  }));

function submission(overrides: Record<string, unknown> = {}) {
  phoneSeq += 1;
  return {
    year: YEAR,
    brand: 'hyundai',
    model: 'Creta',
    ownerType: 'first',
    transmission: 'manual',
    fuelType: 'petrol',
    seats: 5,
    kmDriven: 60_000,
    fullName: 'Kavita Rao',
    city: 'Gurugram',
    phoneNumber: `97${String(41_000_000 + phoneSeq * 1013).slice(-8)}`,
    price: 900_000,
    consent: true,
    ...overrides,
  };
}

describe.each(testEngines())('the price guide on %s', (engine) => {
  const ctx = useTestApp(engine);

  const guide = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/price-guide?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<PriceGuide>(res);
  };
  const creta = `brand=Hyundai&model=creta&year=${YEAR}&fuelType=Petrol&transmission=manual`;

  it('gives the percentiles of comparable active leads, to anyone', async () => {
    await createLeads(ctx, [
      ...cretas(),
      // Not comparable: inactive, another model, ten years older.
      ...cretas({ status: 0, price: 5_000_000 }).slice(0, 5),
      ...cretas({ model: 'Venue', price: 100_000 }).slice(0, 5),
    ]);
    const found = await guide(`${creta}&kmDriven=59000&city=Noida`);
    expect(found.confidence).toBe('high');
    expect(found.comparables).toBe(20);
    expect(found.low).toBeGreaterThan(780_000);
    expect(found.median).toBeGreaterThan(found.low!);
    expect(found.high).toBeGreaterThan(found.median!);
    expect(found.high).toBeLessThan(1_020_000);
  });

  it('brings each price to the car: the median falls with kilometres and with age', async () => {
    const at = (km: number, year = YEAR) =>
      guide(`brand=hyundai&model=Creta&year=${year}&fuelType=petrol&kmDriven=${km}`);
    const [few, many] = [await at(30_000), await at(110_000)];
    expect(many.median).toBeLessThan(few.median!);
    const older = await at(70_000, YEAR - 1);
    expect(older.median).toBeLessThan((await at(70_000)).median!);
  });

  it('widens when few are alike, and says so', async () => {
    // Only three diesels: the guide widens to any fuel and is less sure.
    await createLeads(ctx, cretas({ fuel_type: 'diesel', price: 1_000_000 }).slice(0, 3));
    const diesel = await guide(`brand=hyundai&model=Creta&year=${YEAR}&fuelType=diesel`);
    expect(diesel.comparables).toBeGreaterThanOrEqual(20);
    expect(diesel.confidence).toBe('medium');
    const none = await guide(`brand=tata&model=Nexon&year=${YEAR}`);
    expect(none).toEqual({
      low: null,
      median: null,
      high: null,
      comparables: 0,
      confidence: 'none',
    });
  });

  it('answers the same from the engine and from SQL, and follows writes', async () => {
    const car: StoredCar = {
      brand: 'hyundai',
      model: 'Creta',
      year: YEAR,
      fuelType: 'petrol',
      kmDriven: 50_000,
    };
    const db = ctx.database.db;
    const loaded = new LeadListEngine(db, (error) => {
      throw error;
    });
    await loaded.syncTo(await currentLeadsVersion(db));
    expect(loaded.state).toBe('ready');
    const sqlOnly = new LeadListEngine(db, () => undefined);
    const fromEngine = await guideForCar({ db, listEngine: loaded }, car);
    expect(await guideForCar({ db, listEngine: sqlOnly }, car)).toEqual(fromEngine);

    await createLeads(ctx, cretas({ price: 2_000_000, km_driven: 50_000 }));
    const after = await guideForCar({ db, listEngine: loaded }, car);
    expect(after.comparables).toBeGreaterThan(fromEngine.comparables);
    expect(after.high).toBeGreaterThan(fromEngine.high!);
    expect(await guideForCar({ db, listEngine: sqlOnly }, car)).toEqual(after);
    await loaded.close();
    await sqlOnly.close();
  });

  it.each([
    ['no year', 'brand=hyundai&model=Creta', 'year'],
    ['a model the brand never made', `brand=hyundai&model=Swift&year=${YEAR}`, 'model'],
    ['a year outside production', 'brand=hyundai&model=Creta&year=2001', 'year'],
    ['an unknown brand', `brand=Nope&model=Creta&year=${YEAR}`, 'brand'],
    ['an unknown fuel', `${creta}&fuelType=steam`, 'fuelType'],
    ['negative kilometres', `${creta}&kmDriven=-5`, 'kmDriven'],
  ])('refuses %s with a 400 naming the field', async (_name, query, field) => {
    const res = await ctx.app.inject({ url: `/api/price-guide?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors)).toContain(field);
  });
});

describe.each(testEngines())('prices judged at submission on %s', (engine) => {
  const ctx = useTestApp(engine);
  const submit = (overrides: Record<string, unknown> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/leads', payload: submission(overrides) });
  const leadCount = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses a price outside the catalogue's bounds for the model and age, naming them, storing nothing", async () => {
    const before = await leadCount();
    const res = await submit({ price: 50 });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(res).errors.price).toEqual([
      `For a ${YEAR} Hyundai Creta the price must be between ₹3,30,000 and ₹25,00,000.`,
    ]);
    expect((await submit({ price: 30_000_000 })).statusCode).toBe(400);
    expect(await leadCount()).toBe(before);
  });

  it("refuses a price far outside the market guide with the guide's plausible range", async () => {
    // Cheap Cretas: three times the guide's high (≈ ₹5.2 lakh) is well inside the catalogue's bounds.
    await createLeads(ctx, cretas({}, 350_000));
    const before = await leadCount();
    const res = await submit({ price: 2_000_000 });
    expect(res.statusCode, res.body).toBe(400);
    const { message } = json<{ message: string }>(res);
    expect(message).toMatch(
      new RegExp(
        `^For a ${YEAR} Hyundai Creta the price must be between ₹3,30,000 and ₹1\\d,\\d\\d,000\\.$`,
      ),
    );
    expect(await leadCount()).toBe(before);
  });

  it('sends a price outside the guide’s low–high to moderation with the reason, and lists one inside it', async () => {
    const outside = await submit({ price: 900_000 });
    expect(outside.statusCode, outside.body).toBe(201);
    const inside = await submit({ price: 450_000 });
    expect(inside.statusCode, inside.body).toBe(201);
    const row = (id: number) =>
      ctx.database.db
        .selectFrom('leads')
        .select(['moderation_status', 'moderation_flags'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await row(json<LeadSubmissionResult>(outside).id)).toEqual({
      moderation_status: 'flagged',
      moderation_flags: 'price_off_market',
    });
    expect(await row(json<LeadSubmissionResult>(inside).id)).toEqual({
      moderation_status: 'clear',
      moderation_flags: null,
    });
  });

  it('keeps the guide on the lead: marketPrice and priceVsMarket in its JSON, and the belowMarket filter', async () => {
    const cheap = json<LeadSubmissionResult>(await submit({ price: 400_000 }));
    expect(cheap.marketPrice).not.toBeNull();
    const { low, median, high } = cheap.marketPrice!;
    expect(low).toBeLessThanOrEqual(median);
    expect(high).toBeGreaterThanOrEqual(median);
    expect(cheap.priceVsMarket).toBe(Math.round(((400_000 - median) * 100) / median));
    expect(cheap.priceVsMarket).toBeLessThan(0);
    // A model without comparables: no guide, nothing to compare with.
    const alone = json<LeadSubmissionResult>(
      await submit({ brand: 'tata', model: 'Nexon', fuelType: 'petrol', price: 700_000 }),
    );
    expect([alone.marketPrice, alone.priceVsMarket]).toEqual([null, null]);
    // The list (engine or SQL) and the detail carry it; belowMarket=true keeps only leads under their median.
    const detail = json<Lead>(await ctx.app.inject({ url: `/api/leads/${cheap.id}` }));
    expect(detail.marketPrice).toEqual(cheap.marketPrice);
    const listed = async (query: string) =>
      json<Lead[]>(await ctx.app.inject({ url: `/api/leads?pageSize=100${query}` }));
    const below = await listed('&belowMarket=true');
    expect(below.map((l) => l.id)).toContain(cheap.id);
    expect(below.map((l) => l.id)).not.toContain(alone.id);
    for (const lead of below) expect(lead.priceVsMarket).toBeLessThan(0);
    expect((await listed('')).find((l) => l.id === cheap.id)).toEqual(detail);
  });

  it("holds the owner's price change to the catalogue's bounds, changing nothing when refused", async () => {
    const created = json<LeadSubmissionResult>(await submit({ price: 900_000 }));
    const token = created.manageUrl.slice('/my-car/'.length);
    const change = (price: number) =>
      ctx.app.inject({ method: 'PUT', url: `/api/owner/leads/${token}`, payload: { price } });
    const refused = await change(100);
    expect(refused.statusCode).toBe(400);
    expect(json<{ message: string }>(refused).message).toBe(
      `For a ${YEAR} Hyundai Creta the price must be between ₹3,30,000 and ₹25,00,000.`,
    );
    const { price } = await ctx.database.db
      .selectFrom('leads')
      .select('price')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(price).toBe(900_000);
    expect((await change(850_000)).statusCode).toBe(200);
  });
});
