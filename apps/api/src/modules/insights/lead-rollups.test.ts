// The leads' insights rollups (lead_daily_stats) against a count of the leads themselves, after imports, bulk edits and
// deletes of many leads in one statement each: SQLite's row triggers and PostgreSQL's statement triggers (migration
// 2026-11-26-0101) must keep the same sums.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_PRICE_BANDS } from './insights.service';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-app';
import { makeLead } from '../../test/fixtures';

const CITIES = ['Noida', 'Gurugram', 'Faridabad', 'Ghaziabad'];
const CARS = [
  ['hyundai', 'Creta'],
  ['hyundai', 'Venue'],
  ['maruti_suzuki', 'Swift'],
  ['tata', 'Nexon'],
] as const;

/** The India day of a stored time. */
const indiaDay = (iso: string) =>
  new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);

function priceBand(price: number): string {
  return String([...INSIGHT_PRICE_BANDS].reverse().find((bound) => price >= bound) ?? 0);
}

describe.each(testEngines())('lead rollups on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database.drop());

  /** What lead_daily_stats must hold (its 'unlocked' rows aside), counted from the leads. */
  async function expectedRollups(): Promise<Map<string, number>> {
    const leads = await database.handle.db
      .selectFrom('leads')
      .select(['created_on', 'city', 'brand', 'model', 'price', 'phone_verified'])
      .execute();
    const counts = new Map<string, number>();
    const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const lead of leads) {
      const day = indiaDay(lead.created_on);
      add(`${day}|all|`);
      add(`${day}|city|${lead.city}`);
      add(`${day}|brand|${lead.brand}`);
      add(`${day}|model|${lead.brand}|${lead.model}`);
      add(`${day}|price_band|${priceBand(lead.price)}`);
      if (lead.phone_verified === true || lead.phone_verified === 1) add(`${day}|verified|`);
    }
    return counts;
  }

  async function storedRollups(): Promise<Map<string, number>> {
    const rows = await database.handle.db
      .selectFrom('lead_daily_stats')
      .select(['day', 'dimension', 'value', 'n'])
      .where('dimension', '<>', 'unlocked')
      .where('n', '<>', 0)
      .execute();
    return new Map(rows.map((r) => [`${r.day}|${r.dimension}|${r.value}`, Number(r.n)]));
  }

  it('match the leads after a 600-lead import, bulk edits and bulk deletes, one statement each', async () => {
    const start = Date.parse('2026-03-01T00:00:00.000Z');
    // Spread over 10 days, across the UTC/India day boundary (every 20 minutes).
    const rows = Array.from({ length: 600 }, (_, i) => {
      const [brand, model] = CARS[i % CARS.length]!;
      return makeLead({
        city: CITIES[i % CITIES.length]!,
        brand,
        model,
        price: 150_000 + ((i * 37_919) % 3_000_000),
        created_on: new Date(start + i * 20 * 60_000).toISOString(),
        phone_verified: i % 3 === 0 ? 0 : 1,
      });
    });
    const inserted = await database.handle.db
      .insertInto('leads')
      .values(rows)
      .returning('id')
      .execute();
    const ids = inserted.map((r) => r.id);
    expect(await storedRollups()).toEqual(await expectedRollups());

    // One statement moves 200 leads to another city and price; another changes only what no rollup counts.
    await database.handle.db
      .updateTable('leads')
      .set((eb) => ({ city: 'Sonipat', price: eb('price', '+', 450_000) }))
      .where('id', 'in', ids.slice(0, 200))
      .execute();
    // Proofs given and taken back, with other changes and alone.
    await database.handle.db
      .updateTable('leads')
      .set((eb) => ({ phone_verified: 1, price: eb('price', '+', 1) }))
      .where('id', 'in', ids.slice(50, 120))
      .execute();
    await database.handle.db
      .updateTable('leads')
      .set({ phone_verified: 0 })
      .where('id', 'in', ids.slice(300, 380))
      .execute();
    await database.handle.db
      .updateTable('leads')
      .set({ fuel_type: 'diesel' })
      .where('id', 'in', ids.slice(100, 300))
      .execute();
    await database.handle.db
      .updateTable('leads')
      .set({ model: 'Alcazar' })
      .where('brand', '=', 'hyundai')
      .where('id', 'in', ids.slice(250, 450))
      .execute();
    expect(await storedRollups()).toEqual(await expectedRollups());

    await database.handle.db.deleteFrom('leads').where('id', 'in', ids.slice(150, 400)).execute();
    expect(await storedRollups()).toEqual(await expectedRollups());
  });
});
