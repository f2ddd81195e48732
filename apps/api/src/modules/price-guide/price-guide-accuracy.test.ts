// The price guide measured on the seeded demo (docs/price-guide.md "Accuracy"), on each engine: most leads' prices lie
// within their own guide's low–high, and for every popular model the median falls with age and with kilometres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentYear, expectedKm, findModel, modelYears } from '@dealerleads/shared/catalogues';
import { seedDemoIfEmpty } from '../../db/seed/demo';
import { MODEL_SHARES } from '../../db/seed/market';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-app';
import { currentLeadsVersion, LeadListEngine } from '../leads/list-engine';
import { guideForCar, type PriceGuideSources } from './price-guide.service';

const NOW = Date.parse('2026-11-23T10:00:00Z');
/** The models on sale the market weighs at 4 or more: the ones a dealer sees every day. */
const POPULAR = Object.entries(MODEL_SHARES).flatMap(([brand, models]) =>
  Object.entries(models)
    .filter(
      ([name, share]) =>
        share >= 4 &&
        modelYears(findModel(brand, name)!, new Date(NOW))[0] === currentYear(new Date(NOW)),
    )
    .map(([model]) => ({ brand, model })),
);

describe.each(testEngines())('the price guide on the demo on %s', (engine) => {
  let testDb: TestDatabase;
  let sources: PriceGuideSources;
  const now = new Date(NOW);

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    await seedDemoIfEmpty(testDb.handle.db, { now: NOW });
    const listEngine = new LeadListEngine(testDb.handle.db, (error) => {
      throw error;
    });
    await listEngine.syncTo(await currentLeadsVersion(testDb.handle.db));
    sources = { db: testDb.handle.db, listEngine };
  }, 60_000);
  afterAll(async () => {
    await sources.listEngine.close();
    await testDb.drop();
  });

  it("finds at least 80% of active leads' prices within their guide's low–high", async () => {
    const leads = await testDb.handle.db
      .selectFrom('leads')
      .select(['brand', 'model', 'year', 'fuel_type', 'transmission', 'km_driven', 'price'])
      .where('status', '=', 1)
      .execute();
    let judged = 0;
    let inside = 0;
    for (const lead of leads) {
      const guide = await guideForCar(
        sources,
        {
          brand: lead.brand,
          model: lead.model,
          year: lead.year,
          fuelType: lead.fuel_type,
          transmission: lead.transmission,
          kmDriven: lead.km_driven,
        },
        now,
      );
      if (guide.low === null || guide.high === null) continue;
      judged++;
      if (lead.price >= guide.low && lead.price <= guide.high) inside++;
    }
    expect(judged).toBeGreaterThan(leads.length * 0.8);
    expect(inside / judged).toBeGreaterThanOrEqual(0.8);
  });

  it.each(POPULAR)(
    'has the median of a $brand $model fall with age and with kilometres',
    async (car) => {
      const model = findModel(car.brand, car.model)!;
      const fuelType = model.fuels[0]!;
      const medianOf = async (year: number, kmDriven: number) =>
        (await guideForCar(sources, { ...car, year, fuelType, kmDriven }, now)).median;
      // Last year's car, then three and six years older, as far as the model was sold (newest first).
      const sold = modelYears(model, now);
      const years = [sold[1], sold[4], sold[7]].filter((y): y is number => y !== undefined);
      expect(years.length).toBeGreaterThanOrEqual(2);
      const byAge = [];
      for (const year of years) byAge.push(await medianOf(year, 40_000));
      expect(
        byAge.every((m) => m !== null),
        JSON.stringify(byAge),
      ).toBe(true);
      for (let i = 1; i < byAge.length; i++) expect(byAge[i]!).toBeLessThan(byAge[i - 1]!);
      // Half, once and one and a half times the kilometres of a car that age (where wear tells them apart).
      const year = years[1]!;
      const typical = expectedKm(now.getUTCFullYear() - year);
      const byKm = [];
      for (const share of [0.5, 1, 1.5])
        byKm.push(await medianOf(year, Math.round(typical * share)));
      for (let i = 1; i < byKm.length; i++) expect(byKm[i]!).toBeLessThan(byKm[i - 1]!);
    },
  );
});
