// Every active demo lead can be found by each list filter it has a value for: the value is one the Filters panel offers
// (the catalogue's options and bands), and the real list API returns the lead for it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@dealerleads/shared';
import {
  FUELS,
  KM_BANDS,
  NCR_CITIES,
  OWNERS,
  PRICE_BANDS,
  RTO_CODES,
  TRANSMISSIONS,
  filterSeatOptions,
  findModel,
  leadYearOptions,
  parseBand,
  type Option,
} from '@dealerleads/shared/catalogues';
import { seedDemoIfEmpty } from '../../db/seed/demo';
import { testEngines, useTestApp } from '../../test/test-app';
import { waitForLeadList } from './lead-list-test-helpers';

const values = (options: readonly Option<string | number>[]) => options.map((o) => String(o.value));

/** The band of a catalogue list that holds the amount, as the Filters panel sends it. */
function bandOf(bands: readonly Option[], amount: number): string | undefined {
  return bands.find((b) => {
    const band = parseBand(b.value)!;
    return amount >= band.min && (band.max === undefined || amount <= band.max);
  })?.value;
}

/** Each filter a lead has a value for, as the query the screen sends: undefined when the panel cannot offer it. */
function filterQueries(lead: Lead): Record<string, Record<string, string> | undefined> {
  const model = findModel(lead.brand, lead.model);
  const offered = (value: string, options: readonly string[]) =>
    options.includes(value) ? value : undefined;
  const one = (key: string, value: string | undefined) =>
    value === undefined ? undefined : { [key]: value };
  return {
    city: one('city', offered(lead.city, NCR_CITIES)),
    brand: one('brand', lead.brand),
    model: model ? { brand: lead.brand, model: model.name } : undefined,
    varient:
      lead.varient === null
        ? {}
        : model?.variants.includes(lead.varient)
          ? { brand: lead.brand, model: lead.model, varient: lead.varient }
          : undefined,
    fuel: one('fuel', offered(lead.fuelType, values(FUELS))),
    ownerName: one('ownerName', offered(lead.ownerName, values(OWNERS))),
    rto: lead.rto === null ? {} : one('rto', offered(lead.rto, values(RTO_CODES))),
    transmission: one('transmission', offered(lead.transmission, values(TRANSMISSIONS))),
    year: one('year', offered(String(lead.year), leadYearOptions().map(String))),
    seats: one('seats', offered(String(lead.seats), values(filterSeatOptions()))),
    price: one('price', bandOf(PRICE_BANDS, lead.price)),
    KmDriven: lead.kmDriven === null ? {} : one('KmDriven', bandOf(KM_BANDS, lead.kmDriven)),
  };
}

describe.each(testEngines())('every demo lead is findable on %s', (engine) => {
  const ctx = useTestApp(engine);

  beforeAll(async () => {
    await seedDemoIfEmpty(ctx.database.db);
    await waitForLeadList(ctx);
  }, 60_000);

  async function idsFor(query: Record<string, string>): Promise<Set<number>> {
    const ids = new Set<number>();
    for (let page = 1; ; page++) {
      const search = new URLSearchParams({ ...query, pageNumber: String(page), pageSize: '100' });
      const res = await ctx.app.inject({ method: 'GET', url: `/api/leads?${search}` });
      expect(res.statusCode, res.body).toBe(200);
      const leads = res.json<Lead[]>();
      for (const lead of leads) ids.add(lead.id);
      if (leads.length < 100) return ids;
    }
  }

  it('by each filter it has a value for, with a value the Filters panel offers', async () => {
    const active = (await idsFor({})).size;
    const expected = new Map<string, { query: Record<string, string>; ids: number[] }>();
    const unoffered: string[] = [];
    for (let page = 1; page <= Math.ceil(active / 100); page++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/leads?pageNumber=${page}&pageSize=100`,
      });
      for (const lead of res.json<Lead[]>()) {
        for (const [filter, query] of Object.entries(filterQueries(lead))) {
          if (query === undefined) {
            unoffered.push(`#${lead.id} ${filter}`);
            continue;
          }
          if (Object.keys(query).length === 0) continue;
          const key = JSON.stringify(query);
          const entry = expected.get(key) ?? { query, ids: [] };
          entry.ids.push(lead.id);
          expected.set(key, entry);
        }
      }
    }
    expect(active).toBeGreaterThan(4_500);
    expect(unoffered.slice(0, 10)).toEqual([]);
    const missing: string[] = [];
    for (const { query, ids } of expected.values()) {
      const found = await idsFor(query);
      for (const id of ids) if (!found.has(id)) missing.push(`#${id} ${JSON.stringify(query)}`);
    }
    expect(missing.slice(0, 10)).toEqual([]);
  }, 120_000);
});
