// Every generated lead is one an Indian dealer would believe: the whole demo (on each engine) and the first 100,000
// leads of a large seed are held to the catalogue and the market rules, and a top-up keeps createdOn rising with id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CITY_RTO_STATE,
  NCR_CITIES,
  carChoices,
  currentYear,
  findBrand,
  findModel,
  modelYears,
  variantsIn,
} from '@dealerleads/shared/catalogues';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-app';
import { DEMO_LEAD_COUNT, addLeadsUpTo, seedDemoIfEmpty } from './demo';
import { generateLeads } from './leads';
import {
  BRAND_SHARES,
  LUXURY_BRANDS,
  MODEL_SHARES,
  OLDEST_SEED_AGE,
  kmRange,
  ncrAgeLimit,
  plausiblePriceRange,
} from './market';
import { createRandom } from './random';

interface GeneratedLead {
  id?: number;
  city: string;
  brand: string;
  model: string;
  varient?: string | null;
  rto?: string | null;
  year: number;
  fuel_type: string;
  transmission: string;
  seats: number;
  price: number;
  km_driven?: number | null;
  phone_number: string;
  created_on: string;
}

const EXOTIC_BRANDS = new Set(
  Object.keys(BRAND_SHARES).filter((b) => (BRAND_SHARES[b] ?? 0) < 0.5),
);
const LEADING_BRANDS = ['maruti_suzuki', 'hyundai', 'tata', 'mahindra', 'honda', 'toyota', 'kia'];

/** The first broken rule of a lead, or undefined. */
function brokenRule(lead: GeneratedLead, now: Date): string | undefined {
  const brand = findBrand(lead.brand);
  const model = findModel(lead.brand, lead.model);
  if (!brand || !model || model.name !== lead.model) return 'brand or model not in the catalogue';
  if (!modelYears(model, now).includes(lead.year)) return `year ${lead.year} outside production`;
  const age = currentYear(now) - lead.year;
  if (age > OLDEST_SEED_AGE) return `older than ${OLDEST_SEED_AGE} years`;
  const sold = variantsIn(model, lead.year).map((v) => v.name);
  if (lead.varient == null ? sold.length > 0 : !sold.includes(lead.varient)) {
    return `variant ${lead.varient} not sold in ${lead.year}`;
  }
  const choices = carChoices(model, lead.year, lead.varient ?? undefined);
  if (!choices.fuels.includes(lead.fuel_type as never)) return `fuel ${lead.fuel_type}`;
  if (age > ncrAgeLimit(lead.fuel_type))
    return `a ${lead.fuel_type} car of ${age} years in the NCR`;
  if (!choices.transmissions.includes(lead.transmission as never)) {
    return `transmission ${lead.transmission}`;
  }
  if (!choices.seats.includes(lead.seats)) return `${lead.seats} seats`;
  const [kmMin, kmMax] = kmRange(age);
  if (lead.km_driven == null || lead.km_driven < kmMin || lead.km_driven > kmMax) {
    return `${lead.km_driven} km at ${age} years`;
  }
  const [low, high] = plausiblePriceRange(model, lead.year, lead.km_driven, now);
  if (lead.price < low - 5_000 || lead.price > high + 5_000) {
    return `price ${lead.price} outside ${Math.round(low)}–${Math.round(high)}`;
  }
  if (model.segment === 'exotic' && lead.price < 3_000_000) return 'an exotic below ₹30 lakh';
  if (model.segment === 'entry' && lead.price > 800_000) return 'an entry car above ₹8 lakh';
  if (!NCR_CITIES.includes(lead.city) || lead.rto !== CITY_RTO_STATE[lead.city]) {
    return `city ${lead.city} and RTO ${lead.rto} disagree`;
  }
  if (!/^[6-9]\d{9}$/.test(lead.phone_number)) return `phone ${lead.phone_number}`;
  return undefined;
}

function expectBelievable(leads: readonly GeneratedLead[], now: Date) {
  const broken: string[] = [];
  for (const [i, lead] of leads.entries()) {
    const rule = brokenRule(lead, now);
    if (rule) broken.push(`#${lead.id ?? i} ${lead.brand} ${lead.model} ${lead.year}: ${rule}`);
    if (i > 0 && lead.created_on <= leads[i - 1]!.created_on) {
      broken.push(`#${lead.id ?? i}: createdOn does not rise with id`);
    }
  }
  expect(broken.slice(0, 20)).toEqual([]);

  const byBrand = new Map<string, number>();
  for (const lead of leads) byBrand.set(lead.brand, (byBrand.get(lead.brand) ?? 0) + 1);
  const ranked = [...byBrand.entries()].sort((a, b) => b[1] - a[1]).map(([b]) => b);
  expect(new Set(ranked.slice(0, LEADING_BRANDS.length))).toEqual(new Set(LEADING_BRANDS));
  const share = (brands: ReadonlySet<string>) =>
    leads.filter((l) => brands.has(l.brand)).length / leads.length;
  expect(share(LUXURY_BRANDS)).toBeGreaterThan(0.01);
  expect(share(LUXURY_BRANDS)).toBeLessThan(0.06);
  expect(share(EXOTIC_BRANDS)).toBeLessThan(0.003);

  // What a Delhi dealer sees on the road: the best sellers ahead of a Tucson, an Alto 800, EVs about 2% of cars.
  const count = (model: string) => leads.filter((l) => l.model === model).length;
  for (const model of ['Creta', 'i20', 'Venue'])
    expect(count(model), model).toBeGreaterThan(2 * count('Tucson'));
  expect(count('Alto 800')).toBeGreaterThan(leads.length * 0.01);
  const electric = leads.filter((l) => l.fuel_type === 'electric').length / leads.length;
  expect(electric).toBeGreaterThan(0.01);
  expect(electric).toBeLessThan(0.03);

  // Kilometres grow with age: the average of each age up to 12 years is above the one before (petrol cars: diesels,
  // which run more, leave the NCR at 10 years).
  const kmByAge: number[][] = [];
  for (const lead of leads.filter((l) => l.fuel_type === 'petrol')) {
    const age = currentYear(now) - lead.year;
    (kmByAge[age] ??= []).push(lead.km_driven ?? 0);
  }
  const averages = kmByAge.slice(0, 13).map((kms) => kms.reduce((a, b) => a + b, 0) / kms.length);
  for (let age = 1; age < averages.length; age++) {
    expect(averages[age], `age ${age}`).toBeGreaterThan(averages[age - 1]!);
  }
}

describe('the market', () => {
  it('names only models of the catalogue in its model shares', () => {
    for (const [brand, models] of Object.entries(MODEL_SHARES))
      for (const model of Object.keys(models))
        expect(findModel(brand, model)?.name, `${brand} ${model}`).toBe(model);
  });

  it("keeps the NCR's age bans: diesel 10 years, petrol and CNG 15, electric none", () => {
    expect([ncrAgeLimit('diesel'), ncrAgeLimit('petrol'), ncrAgeLimit('cng')]).toEqual([
      10, 15, 15,
    ]);
    expect(ncrAgeLimit('electric')).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('a large seed', () => {
  it('makes its first 100,000 leads believable', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const leads = generateLeads(
      createRandom(DEMO_LEAD_COUNT + 1),
      100_000,
      now.getTime() - 100_000_000,
      1000,
      now,
    );
    expectBelievable(leads, now);
  });
});

describe.each(testEngines())('the demo on %s', (engine) => {
  let testDb: TestDatabase;
  const now = Date.parse('2026-11-23T10:00:00Z');

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    await seedDemoIfEmpty(testDb.handle.db, { now });
  }, 60_000);
  afterAll(() => testDb.drop());

  const leadsById = () =>
    testDb.handle.db.selectFrom('leads').selectAll().orderBy('id').execute() as Promise<
      (GeneratedLead & { id: number })[]
    >;

  it('is deterministic and believable lead by lead', async () => {
    const leads = await leadsById();
    expect(leads).toHaveLength(DEMO_LEAD_COUNT);
    expect(new Date(leads.at(-1)!.created_on).getTime()).toBe(now);
    expectBelievable(leads, new Date(now));
  });

  it('has most leads, not all, verified at submission', async () => {
    const leads = await testDb.handle.db
      .selectFrom('leads')
      .select(['created_on', 'phone_verified', 'verified_on'])
      .execute();
    const verified = leads.filter((l) => l.phone_verified === true || l.phone_verified === 1);
    expect(verified.length / leads.length).toBeGreaterThan(0.7);
    expect(verified.length / leads.length).toBeLessThan(0.9);
    for (const lead of verified) expect(lead.verified_on).toBe(lead.created_on);
    for (const lead of leads.filter((l) => !verified.includes(l)))
      expect(lead.verified_on).toBeNull();
  });

  it('keeps createdOn rising with id after a top-up, also one made at once', async () => {
    await addLeadsUpTo(testDb.handle.db, DEMO_LEAD_COUNT + 300, { now: now + 60_000 });
    // No room at all: the same instant as the newest lead.
    const latest = (await leadsById()).at(-1)!.created_on;
    await addLeadsUpTo(testDb.handle.db, DEMO_LEAD_COUNT + 400, {
      now: new Date(latest).getTime(),
    });
    const leads = await leadsById();
    expect(leads).toHaveLength(DEMO_LEAD_COUNT + 400);
    for (let i = 1; i < leads.length; i++) {
      expect(new Date(leads[i]!.created_on).getTime(), `lead ${leads[i]!.id}`).toBeGreaterThan(
        new Date(leads[i - 1]!.created_on).getTime(),
      );
    }
    const added = leads.slice(DEMO_LEAD_COUNT, DEMO_LEAD_COUNT + 300);
    expect(new Date(added.at(-1)!.created_on).getTime()).toBeLessThanOrEqual(now + 60_000);
  });

  it('commits a paced top-up in transactions of the size asked, and waits between them outside any', async () => {
    const db = testDb.handle.db;
    const count = async (q: Pick<typeof db, 'selectFrom'>) =>
      Number(
        (
          await q
            .selectFrom('leads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count(db);
    const seen: number[] = [];
    await addLeadsUpTo(db, before + 2_500, {
      now: now + 120_000,
      transactionLeads: 1_000,
      // A transaction of its own: inside the top-up's it would wait for it forever (SQLite's one connection) or not
      // see its leads (PostgreSQL's pool).
      betweenTransactions: async () => {
        seen.push(await db.transaction().execute((tx) => count(tx)));
      },
    });
    expect(seen).toEqual([before + 1_000, before + 2_000, before + 2_500]);
  });
});
