// LeadBitmaps' ranges against a plain filter of the same rows, at a size where both of a range's ways are taken: sets
// of tens of thousands of leads through the range-encoded bitmaps, narrowed sets checked lead by lead. Also after
// writes that move leads between buckets and make new buckets, and after a snapshot round trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@dealerleads/shared';
import { LeadBitmaps, type LeadListRow } from './lead-bitmaps';
import type { CanonicalLeadFilter, NumberRange } from './lead-filters';
import { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';

const LEADS = 40_000;
const DAY = 86_400_000;
const FIRST_DAY = Date.parse('2024-01-01T00:00:00.000Z');
const FUELS = ['petrol', 'diesel', 'cng', 'electric'] as const;

/** A seeded row: prices and kilometres spread over several powers of two, dates over two years. */
function rowOf(id: number, random: () => number): LeadListRow {
  return {
    id,
    full_name: `Owner ${id}`,
    city: 'Pune',
    brand: 'maruti_suzuki',
    model: 'swift',
    varient: 'VXi',
    rto: 'MH',
    year: 2015 + Math.floor(random() * 10),
    fuel_type: FUELS[Math.floor(random() * FUELS.length)]!,
    owner_name: 'first',
    transmission: 'manual',
    seats: 5,
    price: Math.round(50_000 * 2 ** (random() * 9)),
    km_driven: random() < 0.05 ? null : Math.round(100 * 2 ** (random() * 12)),
    status: random() < 0.9 ? 1 : 0,
    created_on: new Date(FIRST_DAY + Math.floor(random() * 730 * DAY)).toISOString(),
    unlock_count: Math.floor(random() * 6),
  };
}

const inRange = (value: number | null, range: NumberRange | undefined) =>
  range === undefined ||
  (range.min === undefined && range.max === undefined) ||
  (value !== null && value >= (range.min ?? -Infinity) && value <= (range.max ?? Infinity));

function expected(rows: ReadonlyMap<number, LeadListRow>, filter: CanonicalLeadFilter): number[] {
  return [...rows.values()]
    .filter(
      (row) =>
        (filter.status === 'all' || (filter.status === 'active') === (row.status === 1)) &&
        (filter.fuelType === undefined || row.fuel_type === filter.fuelType) &&
        (filter.year === undefined || row.year === filter.year) &&
        inRange(row.price, filter.price) &&
        inRange(row.km_driven, filter.kmDriven) &&
        inRange(Date.parse(row.created_on), filter.createdOn) &&
        inRange(row.unlock_count, filter.unlockCount),
    )
    .map((row) => row.id)
    .sort((a, b) => a - b);
}

/** A range of arbitrary bounds (either may be missing) around values a column holds. */
const range = (low: number, high: number) =>
  fc
    .record(
      { min: fc.integer({ min: low, max: high }), max: fc.integer({ min: low, max: high }) },
      { requiredKeys: [] },
    )
    .map((r) =>
      r.min !== undefined && r.max !== undefined && r.min > r.max ? { min: r.max, max: r.min } : r,
    );

const filterArbitrary: fc.Arbitrary<CanonicalLeadFilter> = fc.record(
  {
    status: fc.constantFrom('active', 'inactive', 'all'),
    fuelType: fc.constantFrom(...FUELS),
    year: fc.integer({ min: 2015, max: 2024 }),
    price: range(40_000, 30_000_000),
    kmDriven: range(0, 500_000),
    createdOn: range(FIRST_DAY - 10 * DAY, FIRST_DAY + 800 * DAY),
    unlockCount: range(0, 6),
  },
  { requiredKeys: ['status'] },
);

/** Wide sets: one range alone over every lead, one-sided and two-sided, from bounds spread over each column. */
function wideRanges(): CanonicalLeadFilter[] {
  const bounds = {
    price: [900, 60_000, 150_000, 1_000_000, 9_000_000, 21_000_000, 40_000_000],
    kmDriven: [0, 150, 5_000, 60_000, 300_000, 2_000_000, 3_000_000],
    createdOn: [-5, 0, 90, 365, 600, 729, 900].map((days) => FIRST_DAY + days * DAY),
    unlockCount: [0, 1, 3, 5, 6],
  };
  return Object.entries(bounds).flatMap(([key, values]) =>
    values.flatMap((min) => [
      { status: 'all', [key]: { min } },
      { status: 'all', [key]: { max: min } },
      ...values.filter((max) => max >= min).map((max) => ({ status: 'all', [key]: { min, max } })),
    ]),
  ) as CanonicalLeadFilter[];
}

function checkAgainstRows(
  bitmaps: LeadBitmaps,
  rows: ReadonlyMap<number, LeadListRow>,
  seed: number,
) {
  for (const filter of wideRanges())
    expect(bitmaps.matching(filter).toArray(), JSON.stringify(filter)).toEqual(
      expected(rows, filter),
    );
  fc.assert(
    fc.property(filterArbitrary, (filter) => {
      expect(bitmaps.matching(filter).toArray()).toEqual(expected(rows, filter));
    }),
    { numRuns: 300, seed },
  );
}

describe('lead bitmaps: ranges of any bounds', () => {
  it('match a plain filter of the rows, before and after writes and a snapshot round trip', async () => {
    const random = mulberry32(20261125);
    const rows = new Map<number, LeadListRow>();
    const bitmaps = new LeadBitmaps();
    for (let from = 1; from <= LEADS; from += 5000) {
      const chunk = Array.from({ length: 5000 }, (_, i) => rowOf(from + i, random));
      bitmaps.appendAll(chunk);
      for (const row of chunk) rows.set(row.id, row);
    }
    // Wide sets take the bitmaps' way, narrowed ones the lead-by-lead check: both are compared.
    expect(bitmaps.matching({ status: 'all', price: { min: 100_000 } }).size).toBeGreaterThan(
      20_000,
    );
    checkAgainstRows(bitmaps, rows, 1);

    // Writes once the running unions exist: leads move between buckets, values beyond every bucket held make new
    // ones (at both ends), leads go, new ones arrive in a chunk.
    for (let i = 0; i < 3000; i++) {
      const id = 1 + Math.floor(random() * LEADS);
      const row = { ...rowOf(id, random) };
      if (i % 100 === 0) row.price = i % 200 === 0 ? 20_000_000 + i : 1000 + i;
      if (i % 150 === 0) row.km_driven = 2_000_000 + i;
      bitmaps.upsert(row);
      rows.set(id, row);
    }
    for (let i = 0; i < 500; i++) {
      const id = 1 + Math.floor(random() * LEADS);
      bitmaps.remove(id);
      rows.delete(id);
    }
    const arrivals = Array.from({ length: 2000 }, (_, i) => ({
      ...rowOf(LEADS + 1 + i, random),
      price: 25_000_000 + i,
    }));
    bitmaps.appendAll(arrivals);
    for (const row of arrivals) rows.set(row.id, row);
    checkAgainstRows(bitmaps, rows, 2);

    const out = new SnapshotWriter();
    bitmaps.save(out);
    const framed = out.parts.flatMap((part) => {
      const length = Buffer.alloc(4);
      length.writeUInt32LE(part.length);
      return [length, part];
    });
    const restored = await LeadBitmaps.restore(
      new SnapshotReader(Buffer.concat(framed)),
      async () => undefined,
    );
    checkAgainstRows(restored, rows, 3);
  });
});

describe('lead bitmaps: memory', () => {
  it('grows its per-lead arrays by an eighth as new leads arrive past them, not twice over', () => {
    const random = mulberry32(20261126);
    const bitmaps = new LeadBitmaps();
    bitmaps.appendAll(Array.from({ length: LEADS }, (_, i) => rowOf(i + 1, random)));
    const loaded = bitmaps.arrayBytes;
    // An import past the loaded leads, one lead at a time, as a process follows it.
    for (let id = LEADS + 1; id <= LEADS + 100; id++) bitmaps.upsert(rowOf(id, random));
    expect(bitmaps.arrayBytes).toBeGreaterThan(loaded);
    expect(bitmaps.arrayBytes).toBeLessThanOrEqual(loaded * 1.15);
  });
});
