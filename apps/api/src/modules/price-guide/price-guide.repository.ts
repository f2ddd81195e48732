// The price guide's SQL: a model's active leads in a span of years, read while the lead list engine cannot answer.
import type { Queryable } from '../../db/database';
import type { ComparableLead } from './price-guide';

/** Served by the (brand, model) index of the list; only active leads compare; by year, then id (see sampleStep). */
export async function modelLeadsInYears(
  db: Queryable,
  brand: string,
  model: string,
  years: { min: number; max: number },
): Promise<ComparableLead[]> {
  const rows = await db
    .selectFrom('leads')
    .select(['year', 'fuel_type', 'transmission', 'km_driven', 'price'])
    .where('brand', '=', brand)
    .where('model', '=', model)
    .where('status', '=', 1)
    .where('year', '>=', years.min)
    .where('year', '<=', years.max)
    .orderBy('year')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    year: r.year,
    fuelType: r.fuel_type,
    transmission: r.transmission,
    kmDriven: r.km_driven,
    price: r.price,
  }));
}
