// LeadBitmaps' ranges against a plain filter of the same rows, at a size where both of a range's ways are taken: sets
// of tens of thousands of leads through the range-encoded bitmaps, narrowed sets checked lead by lead. Also after
// writes that move leads between buckets and make new buckets, and after a snapshot round trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32, type Lead } from '@dealerleads/shared';
import { VEHICLE_BRANDS } from '@dealerleads/shared/catalogues';
import { JsonBytes } from '../../../lib/json-bytes';
import { bitmapBytes } from './bitmaps';
import { LeadBitmaps } from './lead-bitmaps';
import { writeIsoTime } from './page-writer';
import {
  brandsLabelled,
  EQUALITY_FILTERS,
  type CanonicalLeadFilter,
  type NumberRange,
} from './lead-filters';
import { bytesSource, SnapshotReader, SnapshotWriter } from './lead-list-snapshot';
import { leadJson, maskPhone, toLead, type LeadListRow } from './lead-columns';
import { PAGE_SIZE } from './paged-array';

const LEADS = 40_000;
const DAY = 86_400_000;
const FIRST_DAY = Date.parse('2024-01-01T00:00:00.000Z');
const FUELS = ['petrol', 'diesel', 'cng', 'electric'] as const;

/** A market guide for most leads (its median anywhere in the price range), none for some. */
function marketOf(random: () => number) {
  if (random() < 0.2) return { market_low: null, market_median: null, market_high: null };
  const median = Math.round(50_000 * 2 ** (random() * 9));
  return {
    market_low: Math.round(median * 0.9),
    market_median: median,
    market_high: Math.round(median * 1.1),
  };
}

/** A seeded row: prices and kilometres spread over several powers of two, dates over two years. */
function rowOf(id: number, random: () => number): LeadListRow {
  const createdOn = new Date(FIRST_DAY + Math.floor(random() * 730 * DAY)).toISOString();
  const verified = id % 4 !== 0;
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
    created_on: createdOn,
    unlock_count: Math.floor(random() * 6),
    phone_number: `98${String(id).padStart(8, '0')}`,
    ...marketOf(random),
    listing_status: 'open',
    has_photos: id % 7 === 0 ? 1 : 0,
    cover_photo: id % 7 === 0 ? `${id}:${'ab'.repeat(16)}` : null,
    phone_verified: verified ? 1 : 0,
    verified_on: verified ? createdOn : null,
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
        (filter.fuelType === undefined || filter.fuelType.includes(row.fuel_type)) &&
        (filter.year === undefined || filter.year.includes(row.year)) &&
        (filter.phoneVerified === undefined ||
          filter.phoneVerified.includes(row.phone_verified ? 1 : 0)) &&
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
    fuelType: fc.subarray([...FUELS], { minLength: 1, maxLength: 2 }),
    year: fc.uniqueArray(fc.integer({ min: 2015, max: 2024 }), { minLength: 1, maxLength: 3 }),
    phoneVerified: fc.constant([1 as const]),
    price: range(40_000, 30_000_000),
    kmDriven: range(0, 500_000),
    createdOn: range(FIRST_DAY - 10 * DAY, FIRST_DAY + 800 * DAY),
    unlockCount: range(0, 6),
  },
  { requiredKeys: ['status'] },
);

/** Ranges starting a fine bucket (1.6%) apart from each of `values`, 2–12% wide. */
const aroundEach = (values: number[]) =>
  values.flatMap((value) =>
    [0, 1, 2, 3, 4, 5, 6, 7].flatMap((step) =>
      [0.02, 0.05, 0.08, 0.12].map((width) => {
        const min = Math.round(value * (1 + 0.016 * step));
        return [min, Math.round(min * (1 + width))];
      }),
    ),
  );

/** Wide sets: one range alone over every lead, one-sided and two-sided, from bounds spread over each column. */
function wideRanges(): CanonicalLeadFilter[] {
  const bounds = {
    price: [900, 60_000, 150_000, 1_000_000, 9_000_000, 21_000_000, 40_000_000],
    kmDriven: [0, 150, 5_000, 60_000, 300_000, 2_000_000, 3_000_000],
    createdOn: [-5, 0, 90, 365, 600, 729, 900].map((days) => FIRST_DAY + days * DAY),
    unlockCount: [0, 1, 3, 5, 6],
  };
  // Narrow ones too, within one coarse bucket of 8 fine ones and just across one (a fine bucket spans ~1.6% of an
  // amount, a day of a date), so each end is answered by the fine buckets inside it and by those outside it.
  const narrow = {
    price: aroundEach([150_000, 400_000, 5_000_000]),
    kmDriven: aroundEach([5_000, 60_000]),
    createdOn: [100, 365].flatMap((day) =>
      [0, 2, 5, 7, 11].flatMap((days) =>
        [0, DAY / 2].map((at) => [FIRST_DAY + day * DAY + at, FIRST_DAY + (day + days) * DAY + at]),
      ),
    ),
    unlockCount: [],
  };
  return Object.entries(bounds).flatMap(([key, values]) => [
    ...values.flatMap((min) => [
      { status: 'all', [key]: { min } },
      { status: 'all', [key]: { max: min } },
      ...values.filter((max) => max >= min).map((max) => ({ status: 'all', [key]: { min, max } })),
    ]),
    ...narrow[key as keyof typeof narrow].map(([min, max]) => ({
      status: 'all',
      [key]: { min, max },
    })),
  ]) as CanonicalLeadFilter[];
}

/**
 * The bitmaps written to a snapshot (each part framed by its length, as the file holds them) and read back, through
 * buffers far smaller than the default so that parts larger than the buffer, and parts across its end, occur.
 */
async function roundTrip(bitmaps: LeadBitmaps): Promise<LeadBitmaps> {
  const written: Buffer[] = [];
  const out = new SnapshotWriter(async (bytes) => {
    written.push(Buffer.from(bytes));
  }, 4096);
  await bitmaps.save(out);
  await out.flush();
  const reader = new SnapshotReader(bytesSource(Buffer.concat(written)), 3000);
  return LeadBitmaps.restore(reader, async () => undefined);
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

    const restored = await roundTrip(bitmaps);
    checkAgainstRows(restored, rows, 3);
    // Pure CPU over 60,000 leads: about 10 s alone, several times that beside the other suites on two cores.
  }, 180_000);
});

describe('lead bitmaps: kept results', () => {
  it("keep a filter's result for the next page, following the writes since", () => {
    const random = mulberry32(20261126);
    const bitmaps = new LeadBitmaps();
    bitmaps.appendAll(
      Array.from({ length: 100 }, (_, i) => ({ ...rowOf(i + 1, random), status: 1 })),
    );
    const filter: CanonicalLeadFilter = { status: 'active', price: { min: 1_000_000 } };
    const before = bitmaps.matching(filter).toArray();
    // Kept from its second asking on (a query asked once is not worth keeping).
    expect(bitmaps.matching({ ...filter })).toBe(bitmaps.matching(filter));
    bitmaps.upsert({ ...rowOf(5, random), status: 1, price: 2_000_000 });
    expect(bitmaps.matching(filter).toArray()).toEqual(
      [...new Set([...before, 5])].sort((a, b) => a - b),
    );
    bitmaps.remove(5);
    expect(bitmaps.matching(filter).toArray()).toEqual(before.filter((id) => id !== 5));
    // Bounds JSON would write alike (null) are kept apart.
    const none: CanonicalLeadFilter = { status: 'all', price: { min: 5, max: -Infinity } };
    const open: CanonicalLeadFilter = { status: 'all', price: { min: 5, max: Infinity } };
    expect(bitmaps.matching(none).size).toBe(0);
    expect(bitmaps.matching(none).size).toBe(0);
    expect(bitmaps.matching(open).size).toBe(99);
    bitmaps.appendAll([{ ...rowOf(101, random), status: 1, price: 3_000_000 }]);
    expect(bitmaps.matching(filter).toArray()).toEqual([...before.filter((id) => id !== 5), 101]);
  });
});

describe('lead bitmaps: kept windows', () => {
  it('answer any page of a query asked before as its result would, across the writes since', () => {
    const random = mulberry32(20261127);
    const bitmaps = new LeadBitmaps();
    const rows = new Map<number, LeadListRow>();
    const arrive = (batch: LeadListRow[]) => {
      bitmaps.appendAll(batch);
      for (const row of batch) rows.set(row.id, row);
    };
    arrive(Array.from({ length: 3000 }, (_, i) => rowOf(i + 1, random)));
    const filters: CanonicalLeadFilter[] = [
      { status: 'active' },
      { status: 'all', fuelType: ['diesel'] },
      { status: 'active', price: { min: 300_000, max: 2_000_000 }, year: [2019] },
      { status: 'inactive', kmDriven: { max: 5_000 } },
    ];
    const expectedPage = (filter: CanonicalLeadFilter, offset: number, limit: number) => {
      const ids = [...bitmaps.matching(filter).toArray()].reverse();
      return { ids: ids.slice(offset, offset + limit), total: ids.length };
    };
    // Pages ending just past a window's size first (each makes the next window), then in a random order: within a
    // window kept before, past it (a larger one is made), past the largest window.
    const pages = [
      ...filters.flatMap((_, which) =>
        [29, 157, 413, 925].map((offset) => [which, offset, 100] as const),
      ),
      ...fc.sample(
        fc.tuple(fc.nat(filters.length - 1), fc.nat(1500), fc.integer({ min: 1, max: 100 })),
        { numRuns: 400, seed: 7 },
      ),
    ];
    const ask = () => {
      for (const [which, offset, limit] of pages) {
        const filter = filters[which]!;
        expect(
          bitmaps.page(filter, offset, limit),
          `${JSON.stringify(filter)} ${offset}+${limit}`,
        ).toEqual(expectedPage(filter, offset, limit));
      }
    };
    ask();
    const kept = bitmaps.windowBytes;
    expect(kept).toBeGreaterThan(0);
    // An arrival joins the windows it matches, which stay kept: an arrival, a move in or out of a filter, a removal
    // show at once.
    arrive([{ ...rowOf(3001, random), status: 1, fuel_type: 'diesel' }]);
    expect(bitmaps.page(filters[1]!, 0, 1).ids).toEqual([3001]);
    expect(bitmaps.windowBytes).toBeGreaterThan(kept);
    ask();
    const newestDiesel = bitmaps.page(filters[1]!, 1, 1).ids[0]!;
    bitmaps.upsert({ ...rows.get(newestDiesel)!, fuel_type: 'petrol' });
    expect(bitmaps.page(filters[1]!, 0, 2).ids).not.toContain(newestDiesel);
    bitmaps.remove(3001);
    expect(bitmaps.page(filters[1]!, 0, 2).ids).not.toContain(3001);
    ask();
  });
});

/** Names from a few syllables (so short terms match thousands of leads), some with letters outside ASCII. */
const SYLLABLES = ['ra', 'hul', 'sha', 'rma', 'an', 'ita', 'kö', 'प्र', 'i', 'dev', 'ar'] as const;

function nameOf(random: () => number): string {
  const word = () =>
    Array.from(
      { length: 1 + Math.floor(random() * 3) },
      () => SYLLABLES[Math.floor(random() * SYLLABLES.length)],
    ).join('');
  return Array.from({ length: 1 + Math.floor(random() * 3) }, word).join(' ');
}

const termArbitrary = fc
  .tuple(
    fc.array(fc.constantFrom(...SYLLABLES, ' ', 'x'), { minLength: 1, maxLength: 3 }),
    fc.nat(3),
    fc.nat(3),
  )
  .map(([parts, cutStart, cutEnd]) => {
    const joined = parts.join('');
    return joined.slice(Math.min(cutStart, joined.length - 1), Math.max(1, joined.length - cutEnd));
  });

function checkNames(bitmaps: LeadBitmaps, names: ReadonlyMap<number, string>, seed: number) {
  const expectedFor = (term: string) =>
    [...names]
      .filter(([, name]) => name.toLowerCase().includes(term))
      .map(([id]) => id)
      .sort((a, b) => a - b);
  for (const term of ['ra', 'rah', 'ar', 'a s', 'ö', 'kö', 'प्', 'xx'])
    expect(bitmaps.matching({ status: 'all', name: term }).toArray(), term).toEqual(
      expectedFor(term),
    );
  fc.assert(
    fc.property(termArbitrary, (term) => {
      expect(bitmaps.matching({ status: 'all', name: term }).toArray()).toEqual(expectedFor(term));
    }),
    { numRuns: 300, seed },
  );
}

describe('lead bitmaps: names', () => {
  it('find every name containing a term of any length, before and after renames, removals and a snapshot round trip', async () => {
    const random = mulberry32(20261126);
    const names = new Map<number, string>();
    const bitmaps = new LeadBitmaps();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      ...rowOf(i + 1, random),
      full_name: nameOf(random),
    }));
    bitmaps.appendAll(rows);
    for (const row of rows) names.set(row.id, row.full_name);
    checkNames(bitmaps, names, 1);

    for (let i = 0; i < 1500; i++) {
      const id = 1 + Math.floor(random() * 5000);
      const row = { ...rowOf(id, random), full_name: nameOf(random).toUpperCase() };
      bitmaps.upsert(row);
      names.set(id, row.full_name);
    }
    for (let i = 0; i < 500; i++) {
      const id = 1 + Math.floor(random() * 5000);
      bitmaps.remove(id);
      names.delete(id);
    }
    checkNames(bitmaps, names, 2);

    const restored = await roundTrip(bitmaps);
    checkNames(restored, names, 3);
  });
});

describe('lead bitmaps: search terms', () => {
  const CITIES = ['Pune', 'Patna', 'Jaipur', 'Ranchi', 'Kota'];
  const BRANDS = VEHICLE_BRANDS.slice(0, 8).map((brand) => brand.value);
  const MODELS = ['Swift', 'Nexon', 'A4', 'Q5', 'Creta'];
  const pick = <T>(values: readonly T[], random: () => number) =>
    values[Math.floor(random() * values.length)]!;
  const searchedRow = (id: number, random: () => number): LeadListRow => ({
    ...rowOf(id, random),
    full_name: nameOf(random),
    city: pick(CITIES, random),
    brand: pick(BRANDS, random),
    model: pick(MODELS, random),
    varient: random() < 0.2 ? null : pick(['VXi', 'Asta', 'XZ Plus'], random),
    rto: pick(['MH', 'RJ', 'BR'], random),
  });
  const TERMS = [
    'ra',
    'pat',
    'a4',
    'su',
    'ti s',
    'xz p',
    'an',
    'rah',
    'a s',
    'sha rma',
    'kö',
    'mh',
    'zz',
  ];

  /** An Admin's search (`names`) looks in owners' names too; anyone else's only in the car's and place's values. */
  function expectedFor(rows: ReadonlyMap<number, LeadListRow>, term: string): number[] {
    const brands = new Set(brandsLabelled(term));
    return [...rows.values()]
      .filter(
        (row) =>
          brands.has(row.brand) ||
          [row.city, row.brand, row.model, row.varient, row.rto].some((value) =>
            (value ?? '').toLowerCase().includes(term),
          ),
      )
      .map((row) => row.id)
      .sort((a, b) => a - b);
  }

  /**
   * Each term within a filter, alone, then within the filter again: a term not remembered is found among the filter's
   * leads only (the first time, before any write), the others through the term's remembered leads.
   */
  function check(bitmaps: LeadBitmaps, rows: ReadonlyMap<number, LeadListRow>) {
    for (const term of TERMS) {
      const expected = expectedFor(rows, term);
      const inPatna = expected.filter((id) => rows.get(id)!.city === 'Patna');
      const withinPatna = () =>
        bitmaps.matching({ status: 'all', city: ['Patna'], search: [[term]] }).toArray();
      expect(withinPatna(), `${term} in Patna`).toEqual(inPatna);
      expect(bitmaps.matching({ status: 'all', search: [[term]] }).toArray(), term).toEqual(
        expected,
      );
      expect(withinPatna(), `${term} in Patna, remembered`).toEqual(inPatna);
    }
  }

  it('stay exact for remembered terms through writes, removals, more writes than they keep track of and bulk arrivals', () => {
    const random = mulberry32(7);
    const rows = new Map<number, LeadListRow>();
    const bitmaps = new LeadBitmaps();
    const first = Array.from({ length: 3000 }, (_, i) => searchedRow(i + 1, random));
    bitmaps.appendAll(first);
    for (const row of first) rows.set(row.id, row);
    check(bitmaps, rows);
    // Every term is remembered now: leads change city, brand, model, variant and name, some go.
    for (let i = 0; i < 1500; i++) {
      const id = 1 + Math.floor(random() * 3000);
      const row = searchedRow(id, random);
      bitmaps.upsert(row);
      rows.set(id, row);
    }
    for (let i = 0; i < 300; i++) {
      const id = 1 + Math.floor(random() * 3000);
      bitmaps.remove(id);
      rows.delete(id);
    }
    check(bitmaps, rows);
    // Only names change.
    for (let i = 0; i < 1000; i++) {
      const id = 1 + Math.floor(random() * 3000);
      const row = rows.get(id);
      if (row === undefined) continue;
      const renamed = { ...row, full_name: nameOf(random) };
      bitmaps.upsert(renamed);
      rows.set(id, renamed);
    }
    check(bitmaps, rows);
    // More writes than the remembered terms can catch up on: they are found afresh.
    for (let i = 0; i < 10_000; i++) {
      const id = 1 + Math.floor(random() * 3000);
      const row = searchedRow(id, random);
      bitmaps.upsert(row);
      rows.set(id, row);
    }
    check(bitmaps, rows);
    const arrivals = Array.from({ length: 500 }, (_, i) => searchedRow(3001 + i, random));
    bitmaps.appendAll(arrivals);
    for (const row of arrivals) rows.set(row.id, row);
    check(bitmaps, rows);
  });
});

describe('lead bitmaps: shown leads', () => {
  const MAX_DEALERS = 3;
  /** The lead as a dealer who has not unlocked it sees it, from the row as stored. */
  const asShown = (row: LeadListRow) => leadJson(toLead(row, false, MAX_DEALERS));
  /** The lead as the engine writes it, written after other bytes (as on a page); undefined when it writes none. */
  const shownBy = (bitmaps: LeadBitmaps, id: number): string | undefined => {
    const out = new JsonBytes(8);
    out.ascii('[1,');
    if (bitmaps.writeShown(id, MAX_DEALERS, out)) return out.written().toString('utf8', 3);
    // Nothing of it is left behind.
    expect(out.written().toString()).toBe('[1,');
    return undefined;
  };
  const NAMES = [
    'amit verma',
    'Amit Verma',
    'AMIT VERMA',
    'Ravi  Kumar',
    'Ñandú Ölçer',
    'प्रिया शर्मा',
    '',
    // Characters JSON escapes.
    'ravi "the ace" kumar',
    'back\\slash\ttab',
    // Cased in no common way: shown shortened all the same.
    'McKenzie Jr',
    "D'Souza",
    'aMIT',
  ];

  /**
   * Each lead as the engine writes it, against the row given: the same JSON, or none when it cannot be exact or the
   * lead is off the list.
   */
  function check(bitmaps: LeadBitmaps, rows: ReadonlyMap<number, LeadListRow>, removed: number[]) {
    let written = 0;
    for (const [id, row] of rows) {
      const verifiedOnAsShown = row.phone_verified
        ? row.verified_on === row.created_on
        : row.verified_on === null;
      const exact = row.created_on.endsWith('Z') && row.status === 1 && verifiedOnAsShown;
      const shown = shownBy(bitmaps, id);
      expect(shown, `lead ${id}`).toEqual(exact ? asShown(row) : undefined);
      if (shown === undefined) continue;
      written++;
      // The engine never holds the contact: the phone number it writes is masked.
      expect((JSON.parse(shown) as Lead).phoneNumber).toBe(maskPhone(row.phone_number));
    }
    expect(written).toBeGreaterThan(rows.size / 2);
    for (const id of removed) expect(shownBy(bitmaps, id)).toBeUndefined();
  }

  it('gives each lead as stored with its name shortened and phone number masked, or nothing when it cannot write it as stored', async () => {
    const random = mulberry32(20261127);
    const rows = new Map<number, LeadListRow>();
    const variant = (id: number): LeadListRow => ({
      ...rowOf(id, random),
      full_name: NAMES[id % NAMES.length]!,
      phone_number: id % 7 === 0 ? '' : `9${String(id * 7919).padStart(9, '0')}`,
      varient: id % 3 === 0 ? null : 'VXi',
      km_driven: id % 5 === 0 ? null : 12_345 + id,
      rto: id % 4 === 0 ? null : 'MH',
      listing_status: (['open', 'sold', 'withdrawn', 'expired'] as const)[id % 4]!,
      // A time SQLite holds as some tool wrote it: not ISO 8601 as Date writes it.
      ...(id % 11 === 0 ? { created_on: '2026-11-20 10:00:00', verified_on: null } : {}),
    });
    /** Verified at creation (as PostgreSQL or SQLite reads the flag), later, not at all, or a flag without a time. */
    const verification = (row: LeadListRow): LeadListRow => {
      const way = row.id % 6;
      if (way === 0) return { ...row, phone_verified: true, verified_on: row.created_on };
      if (way === 1) return { ...row, phone_verified: false, verified_on: null };
      if (way === 2) return { ...row, phone_verified: 1, verified_on: '2026-11-25T09:00:00.000Z' };
      if (way === 3) return { ...row, phone_verified: 1, verified_on: null };
      return row;
    };
    for (const [id, row] of rows) rows.set(id, verification(row));
    for (let id = 1; id <= 300; id++) rows.set(id, variant(id));
    const bitmaps = new LeadBitmaps();
    bitmaps.appendAll([...rows.values()].filter((row) => row.id <= 200));
    for (const row of rows.values()) if (row.id > 200) bitmaps.upsert(row);
    check(bitmaps, rows, []);
    // Changes of what only a page shows: a name's case alone, the phone, the listing, the time's format both ways.
    for (let id = 1; id <= 300; id += 5) {
      const row = rows.get(id)!;
      const changed: LeadListRow = {
        ...row,
        full_name: id % 2 === 0 ? row.full_name.toUpperCase() : row.full_name.toLowerCase(),
        phone_number: `8${String(id).padStart(9, '0')}`,
        listing_status: row.listing_status === 'open' ? 'sold' : 'open',
        created_on: row.created_on.endsWith('Z')
          ? '2026-11-21 08:30:00'
          : new Date(FIRST_DAY + id * DAY).toISOString(),
      };
      // The number proven now, or the proof gone (an Admin's correction).
      changed.phone_verified = row.phone_verified ? 0 : 1;
      changed.verified_on = changed.phone_verified ? changed.created_on : null;
      rows.set(id, changed);
      bitmaps.upsert(changed);
    }
    const removed = [3, 150, 299];
    for (const id of removed) {
      rows.delete(id);
      bitmaps.remove(id);
    }
    check(bitmaps, rows, removed);
    check(await roundTrip(bitmaps), rows, removed);
  });
});

describe('writeIsoTime', () => {
  it("writes any time as Date's toISOString does", () => {
    const random = mulberry32(20261128);
    const times = [
      0,
      -1,
      1,
      DAY - 1,
      DAY,
      -DAY,
      253_402_300_799_999,
      253_402_300_800_000,
      -62_167_219_200_001,
    ];
    for (let i = 0; i < 20_000; i++)
      times.push(Math.floor((random() - 0.3) * 4e12), FIRST_DAY + Math.floor(random() * 900 * DAY));
    // Twice: from the remembered days too.
    for (const ms of [...times, ...times]) {
      const out = new JsonBytes(4);
      out.ascii('"');
      writeIsoTime(ms, out);
      expect(out.written().toString(), String(ms)).toBe(`"${new Date(ms).toISOString()}`);
    }
  });
});

describe('lead bitmaps: running unions', () => {
  it('are built a union per step before restored or loaded bitmaps answer, and answer as built on demand', async () => {
    const random = mulberry32(20261129);
    const rows = Array.from({ length: LEADS }, (_, i) => rowOf(i + 1, random));
    const loaded = new LeadBitmaps();
    loaded.appendAll(rows);
    let steps = 0;
    await loaded.buildRunningUnions(async () => steps++);
    // Dozens of coarse buckets per range column, a step each.
    expect(steps).toBeGreaterThan(40);
    const built = steps;
    await loaded.buildRunningUnions(async () => steps++);
    expect(steps).toBe(built);
    // A restore builds them before it returns: nothing left to build.
    let restoreSteps = 0;
    const restored = await roundTrip(loaded);
    await restored.buildRunningUnions(async () => restoreSteps++);
    expect(restoreSteps).toBe(0);
    // Built ahead or on demand (by the first range query), they answer alike.
    const onDemand = new LeadBitmaps();
    onDemand.appendAll(rows);
    const byRow = new Map(rows.map((row) => [row.id, row]));
    for (const filter of wideRanges()) {
      expect(restored.matching(filter).toArray()).toEqual(expected(byRow, filter));
      expect(onDemand.matching(filter).toArray()).toEqual(expected(byRow, filter));
    }
  });
});

describe('lead bitmaps: memory', () => {
  it('holds a value code in 16 bits per lead until a column has 65,536 values, then in 32, answering the same', async () => {
    const random = mulberry32(20261128);
    const count = 70_000;
    // 65,535 variants: the most 16 bits hold besides "no value".
    const rows = Array.from({ length: count }, (_, i) => ({
      ...rowOf(i + 1, random),
      varient: `v${i % 65_535}`,
    }));
    const bitmaps = new LeadBitmaps();
    bitmaps.appendAll(rows);
    const narrow = bitmaps.arrayBytes;
    bitmaps.upsert({ ...rows[9]!, varient: 'v-new' });
    // The two pages of codes doubled, for every coded column at once (their codes sit side by side): the filters', the
    // masked phones', the listing statuses', the shown names' and the market guide's.
    expect(bitmaps.arrayBytes - narrow).toBe(2 * PAGE_SIZE * 2 * (EQUALITY_FILTERS.length + 4));
    bitmaps.upsert({ ...rows[65_540]!, varient: 'v3' });
    const ids = (varient: string) =>
      bitmaps.matching({ status: 'all', varient: [varient] }).toArray();
    for (const held of [bitmaps, await roundTrip(bitmaps)]) {
      expect(held.matching({ status: 'all', varient: ['v-new'] }).toArray()).toEqual([10]);
      expect(held.matching({ status: 'all', varient: ['v9'] }).toArray()).toEqual([65_545]);
      expect(held.matching({ status: 'all', varient: ['v3'] }).toArray()).toEqual([
        4, 65_539, 65_541,
      ]);
      expect(held.matching({ status: 'all', varient: ['v65534'] }).toArray()).toEqual([65_535]);
    }
    // The lead moved off its old value as well.
    bitmaps.upsert({ ...rows[9]!, varient: 'v65534' });
    expect(ids('v-new')).toEqual([]);
    expect(ids('v65534')).toEqual([10, 65_535]);
  });

  it('keeps per-lead entries in pages of the ids held: a gap of ids costs nothing, a page goes with its last lead', async () => {
    const random = mulberry32(20261126);
    const bitmaps = new LeadBitmaps();
    bitmaps.appendAll(Array.from({ length: LEADS }, (_, i) => rowOf(i + 1, random)));
    const loaded = bitmaps.arrayBytes;
    // Leads further on in the first page take no new memory.
    for (let id = LEADS + 1; id <= LEADS + 100; id++) bitmaps.upsert(rowOf(id, random));
    expect(bitmaps.arrayBytes).toBe(loaded);
    // An import far past every id (ids are never reused: deleted imports leave gaps): one page per table of per-lead
    // entries, 16 value codes of 16 bits (12 filters, the masked phone, the listing status, the shown name, the market
    // guide's figures), the creation time of 64, 3 whole numbers of 32 (price, kilometres, unlocks), the name's code of
    // 16, not 5 million entries each.
    const page = PAGE_SIZE * (16 * 2 + 8 + 3 * 4 + 2);
    const far = 5_000_000;
    for (let id = far; id < far + 100; id++) bitmaps.upsert(rowOf(id, random));
    expect(bitmaps.arrayBytes).toBe(loaded + page);
    expect(bitmaps.page({ status: 'all' }, 0, 2).ids).toEqual([far + 99, far + 98]);
    // Deleted again: the page goes with its last lead, and a lead of the first page keeps its values.
    for (let id = far; id < far + 99; id++) bitmaps.remove(id);
    expect(bitmaps.arrayBytes).toBe(loaded + page);
    bitmaps.remove(far + 99);
    expect(bitmaps.arrayBytes).toBe(loaded);
    expect(bitmaps.matching({ status: 'all' }).size).toBe(LEADS + 100);
    const restored = await roundTrip(bitmaps);
    expect(restored.matching({ status: 'all', name: 'owner 40100' }).toArray()).toEqual([40_100]);
    expect(restored.matching({ status: 'all', name: `owner ${far}` }).toArray()).toEqual([]);
    // A page emptied and filled again reads as new: no value of a removed lead comes back.
    bitmaps.upsert({ ...rowOf(far + 5, random), km_driven: null });
    expect(bitmaps.matching({ status: 'all', kmDriven: { min: 0 } }).has(far + 5)).toBe(false);
    expect(bitmaps.matching({ status: 'all', kmDriven: { max: 1e9 } }).has(far + 5)).toBe(false);
  });

  it('refuses a lead id past 32 bits rather than store it wrongly, and holds a name of any length', () => {
    const random = mulberry32(20261129);
    const bitmaps = new LeadBitmaps();
    expect(() => bitmaps.upsert(rowOf(2 ** 32, random))).toThrow(RangeError);
    expect(() => bitmaps.appendAll([rowOf(2 ** 32 + 1, random)])).toThrow(RangeError);
    // Nothing of the refused leads was stored.
    expect(bitmaps.size).toBe(0);
    bitmaps.upsert({ ...rowOf(8, random), full_name: 'b'.repeat(70_000) });
    bitmaps.upsert({ ...rowOf(9, random), full_name: 'अ'.repeat(21_845) });
    expect(bitmaps.matching({ status: 'all', name: 'bbbb' }).toArray()).toEqual([8]);
    expect(bitmaps.matching({ status: 'all', name: 'अअ' }).toArray()).toEqual([9]);
  });

  it('holds prices, kilometres and unlocks that are no whole 32-bit number exactly, through a snapshot and a page drop', async () => {
    const random = mulberry32(20261131);
    const bitmaps = new LeadBitmaps();
    bitmaps.appendAll(Array.from({ length: 100 }, (_, i) => rowOf(i + 1, random)));
    const odd = { ...rowOf(101, random), price: 150_000.5, km_driven: -3, unlock_count: 2 ** 33 };
    bitmaps.upsert(odd);
    const far = { ...rowOf(5_000_000, random), price: 1e12, km_driven: 0.25 };
    bitmaps.upsert(far);
    for (const held of [bitmaps, await roundTrip(bitmaps)]) {
      expect(
        held.matching({ status: 'all', price: { min: 150_000.25, max: 150_000.75 } }).toArray(),
      ).toEqual([101]);
      expect(held.matching({ status: 'all', kmDriven: { max: -1 } }).toArray()).toEqual([101]);
      expect(held.matching({ status: 'all', unlockCount: { min: 2 ** 32 } }).toArray()).toEqual([
        101,
      ]);
      expect(held.matching({ status: 'all', price: { min: 1e11 } }).toArray()).toEqual([5_000_000]);
      expect(held.matching({ status: 'all', kmDriven: { min: 0.2, max: 0.3 } }).toArray()).toEqual([
        5_000_000,
      ]);
    }
    // Back to whole numbers, and the far lead's page dropped with it: nothing of the old values is left.
    bitmaps.upsert({ ...odd, price: 150_000, km_driven: 10, unlock_count: 1 });
    bitmaps.remove(5_000_000);
    bitmaps.upsert({ ...rowOf(5_000_001, random), price: 99, km_driven: null });
    expect(
      bitmaps.matching({ status: 'all', price: { min: 150_000, max: 150_000 } }).has(101),
    ).toBe(true);
    expect(bitmaps.matching({ status: 'all', kmDriven: { max: -1 } }).toArray()).toEqual([]);
    expect(bitmaps.matching({ status: 'all', price: { min: 1e11 } }).toArray()).toEqual([]);
    expect(bitmaps.matching({ status: 'all', kmDriven: { min: 0 } }).has(5_000_001)).toBe(false);
  });

  it('frees the bitmaps of each query as it answers, not at some later garbage collection', () => {
    const random = mulberry32(20261130);
    const bitmaps = new LeadBitmaps();
    bitmaps.appendAll(Array.from({ length: LEADS }, (_, i) => rowOf(i + 1, random)));
    const filterOf = (i: number): CanonicalLeadFilter => ({
      status: i % 3 === 0 ? 'all' : 'active',
      price: { min: 60_000 + i * 997, max: 9_000_000 - i * 3_001 },
      ...(i % 2 === 0 ? { kmDriven: { min: 150 + i, max: 300_000 - i * 7 } } : {}),
      ...(i % 5 === 0 ? { search: [[i % 10 === 0 ? 'ra' : 'xz p']] } : {}),
      ...(i % 7 === 0 ? { fuelType: ['diesel'] } : {}),
    });
    // Running unions and remembered terms are built by the first queries and stay: not a query's own.
    for (let i = 0; i < 20; i++) bitmaps.page(filterOf(i), 0, 20);
    const before = bitmapBytes();
    let answered = 0;
    for (let i = 20; i < 420; i++) answered += bitmaps.page(filterOf(i), i % 50, 20).total;
    expect(answered).toBeGreaterThan(400 * 1_000);
    // 400 results of thousands of leads each and their intermediate bitmaps: 10.4 MB until a garbage collection if
    // left to it; freed as answered, only their small headers (~150 bytes each) wait for it.
    expect(bitmapBytes() - before).toBeLessThan(2 * 1024 * 1024);
  });

  it('forgets the names no lead has any more as a snapshot is written', async () => {
    const random = mulberry32(20261127);
    const bitmaps = new LeadBitmaps();
    bitmaps.appendAll(Array.from({ length: LEADS }, (_, i) => rowOf(i + 1, random)));
    const saved = await roundTrip(bitmaps);
    const before = saved.arrayBytes;
    expect(saved.names.distinct).toBe(LEADS);
    // An import of as many leads again, deleted again.
    const imported = Array.from({ length: LEADS }, (_, i) => rowOf(LEADS + i + 1, random));
    bitmaps.appendAll(imported);
    // 80,000 names: their codes are 32 bits wide, and a snapshot holds them so.
    const wide = await roundTrip(bitmaps);
    expect(wide.matching({ status: 'all', name: `owner ${LEADS + 7}` }).toArray()).toEqual([
      LEADS + 7,
    ]);
    for (const row of imported) bitmaps.remove(row.id);
    expect(bitmaps.names.distinct).toBe(2 * LEADS);
    const restored = await roundTrip(bitmaps);
    expect(restored.arrayBytes).toBe(before);
    expect(restored.names.distinct).toBe(LEADS);
    expect(restored.matching({ status: 'all', name: 'owner 12345' }).toArray()).toEqual([12_345]);
    expect(restored.matching({ status: 'all', name: 'owner 39999' }).toArray()).toEqual([39_999]);
  });
});
