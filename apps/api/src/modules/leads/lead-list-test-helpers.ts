// For tests of the lead list: wait until the app's lead list engine is current (it loads in the background after a
// start, and applies an insert of thousands of leads while answering),
// and the generated leads and filter mixes the property tests of lists against SQL draw from.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Lead } from '@dealerleads/shared';
import { LEAD_SORTS } from '@dealerleads/shared';
import { searchWordsOf } from '@dealerleads/shared/catalogues';
import type { NewLead } from '../../db/schema';
import type { TestAppFixture } from '../../test/test-app';
import type { CanonicalLeadFilter, NumberRange } from './list-engine';
import type { LeadListPage } from './leads.service';

export async function waitForLeadList(ctx: TestAppFixture): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    // Current, not only answering: through a bulk catch-up (the leads a test just inserted) it answers too.
    const res = await ctx.app.inject({ url: '/api/health' });
    if (res.json<{ leadListIndex?: string }>().leadListIndex === 'ready') return;
    expect(Date.now(), res.body).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The values generated leads take: few per column, so filter mixes find some, and a double space in one name. */
export const LEAD_NAMES = [
  'Amit Verma',
  'Priya Sharma',
  'Anil Kumar Singh',
  'Rahul  Kumar',
  'Zoe Mehta',
];
export const LEAD_CITIES = ['Gurugram', 'Noida', 'Rohtak', 'Greater Noida'];
/** Catalogue cars, two-letter model names among them. */
export const LEAD_BRANDS_MODELS = [
  ['hyundai', 'Creta'],
  ['tata', 'Nexon'],
  ['maruti_suzuki', 'Swift'],
  ['audi', 'A4'],
  ['mercedes', 'C-Class'],
] as const;
const VARIANTS = ['SX', 'XZ Plus', null];
export const LEAD_FUELS = ['petrol', 'diesel'];
export const LEAD_OWNERS = ['first', 'second'];
export const LEAD_TRANSMISSIONS = ['manual', 'automatic'];
const RTOS = ['HR', 'DL', null];
export const LEAD_YEARS = [2018, 2019, 2020];
const SEATS = [5, 7];
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];

export const leadArbitrary: fc.Arbitrary<Partial<NewLead>> = fc
  .record({
    full_name: fc.constantFrom(...LEAD_NAMES),
    city: fc.constantFrom(...LEAD_CITIES),
    brandModel: fc.constantFrom(...LEAD_BRANDS_MODELS),
    varient: fc.constantFrom(...VARIANTS),
    fuel_type: fc.constantFrom(...LEAD_FUELS),
    owner_name: fc.constantFrom(...LEAD_OWNERS),
    transmission: fc.constantFrom(...LEAD_TRANSMISSIONS),
    rto: fc.constantFrom(...RTOS),
    year: fc.constantFrom(...LEAD_YEARS),
    seats: fc.constantFrom(...SEATS),
    price: fc.oneof(fc.integer({ min: 0, max: 3_000_000 }), fc.constantFrom(1, 99_999, 450_000)),
    km_driven: fc.option(fc.integer({ min: 0, max: 250_000 }), { freq: 6 }),
    status: fc.constantFrom<0 | 1>(0, 1, 1, 1),
    created_on: fc
      .tuple(fc.constantFrom(...DAYS), fc.integer({ min: 0, max: 23 }))
      .map(([day, hour]) => `${day}T${String(hour).padStart(2, '0')}:30:00.000Z`),
    // Dealers who unlocked it: none, some, at or past a cap (a cap lowered after they unlocked).
    unlock_count: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 12 })),
    // A cover (photo id and hash as modules/photos writes it) on some leads.
    cover: fc.option(fc.integer({ min: 1, max: 1000 }), { freq: 3 }),
    // The market guide at submission: none, or a median anywhere around the prices.
    marketMedian: fc.option(fc.integer({ min: 1_000, max: 3_000_000 }), { freq: 3 }),
    // The number proven at submission (most), later, or not at all.
    verification: fc.constantFrom('at submission', 'at submission', 'later', 'no'),
  })
  .map(({ brandModel, cover, marketMedian, verification, ...lead }) => ({
    ...lead,
    brand: brandModel[0],
    model: brandModel[1],
    has_photos: cover === null ? 0 : 1,
    cover_photo: cover === null ? null : `${cover}:${cover.toString(16).padStart(32, '0')}`,
    market_low: marketMedian === null ? null : Math.round(marketMedian * 0.9),
    market_median: marketMedian,
    market_high: marketMedian === null ? null : Math.round(marketMedian * 1.1),
    phone_verified: verification === 'no' ? (0 as const) : (1 as const),
    verified_on:
      verification === 'no'
        ? null
        : verification === 'later'
          ? '2026-11-04T06:15:00.000Z'
          : lead.created_on,
  }));

/** Any bounds: from catalogue-like round numbers to odd ones, open at either end, empty (min > max) too. */
export const rangeArbitrary = (max: number): fc.Arbitrary<NumberRange> =>
  fc
    .tuple(
      fc.option(fc.integer({ min: 0, max }), { nil: undefined }),
      fc.option(fc.integer({ min: 0, max }), { nil: undefined }),
    )
    .map(([min, top]) => ({
      ...(min === undefined ? {} : { min }),
      ...(top === undefined ? {} : { max: top }),
    }));

/**
 * The bounds a query parameter can state (`price=120000-455000`, `KmDriven=30000-`): any lower bound (0 for none),
 * an upper one at or above it, or none.
 */
export const bandArbitrary = (max: number): fc.Arbitrary<NumberRange> =>
  rangeArbitrary(max).map(({ min = 0, max: top }) =>
    top === undefined ? { min } : { min: Math.min(min, top), max: Math.max(min, top) },
  );

const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** Search terms: pieces of names (two letters, across a space, a double space), cities, models, aliases, labels. */
export const SEARCH_TERMS = [
  'am',
  'it ve',
  'kumar',
  'ul  ku',
  'a',
  'noida',
  'greater n',
  'gurgaon',
  'a4',
  'c-c',
  'xz p',
  'hr',
  'maruti',
  'suzuki',
  'maruti suzuki',
  'merc',
  'mercedes-benz',
  'benz',
  'zz',
  'sx',
];

/**
 * Filter mixes of 0–4 filters from every filter the list has, in their stored form, with a status scope. `range`
 * draws the price and kilometre bounds; `maxDealers` the cap "hide sold-out leads" compares with (any by default).
 */
export function filterArbitrary(
  options: {
    range?: (max: number) => fc.Arbitrary<NumberRange>;
    maxDealers?: fc.Arbitrary<number>;
  } = {},
): fc.Arbitrary<CanonicalLeadFilter> {
  const range = options.range ?? rangeArbitrary;
  // One value mostly, sometimes two or three (`city=Noida,Gurugram`).
  const someOf = <T>(values: readonly T[]) =>
    fc
      .subarray([...values], { minLength: 1, maxLength: Math.min(3, values.length) })
      .chain((picked) => fc.constantFrom(picked.slice(0, 1), picked));
  const values = fc.record({
    city: someOf([...LEAD_CITIES, 'Sonipat']),
    brand: someOf([...new Set(LEAD_BRANDS_MODELS.map(([b]) => b))]),
    model: someOf([...new Set(LEAD_BRANDS_MODELS.map(([, m]) => m))]),
    varient: someOf(['SX', 'XZ Plus']),
    fuelType: someOf(LEAD_FUELS),
    ownerName: someOf(LEAD_OWNERS),
    transmission: someOf(LEAD_TRANSMISSIONS),
    rto: someOf(['HR', 'DL']),
    year: someOf([...LEAD_YEARS, 2030]),
    seats: someOf(SEATS),
    hasPhotos: fc.constant([1 as const]),
    phoneVerified: fc.constant([1 as const]),
    price: range(3_000_000),
    kmDriven: range(250_000),
    createdOn: fc
      .tuple(fc.constantFrom(...DAYS), fc.constantFrom(...DAYS), fc.boolean(), fc.boolean())
      .map(([from, to, hasFrom, hasTo]) => ({
        ...(hasFrom ? { min: dayMs(from) } : {}),
        ...(hasTo ? { max: dayMs(to) + 86_399_999 } : {}),
      })),
    name: fc.constantFrom('amit', 'ar', 'kumar s', 'zz'),
    // One to three words, as the API reads a searchterm of them.
    search: fc
      .array(fc.constantFrom(...SEARCH_TERMS), { minLength: 1, maxLength: 3 })
      .map((terms) => searchWordsOf(terms.join(' '))),
    belowMarket: fc.constant(true as const),
    // "Hide sold-out leads" under a cap in force (maxDealersPerLead): below it.
    unlockCount: (options.maxDealers ?? fc.integer({ min: 1, max: 100 })).map((maxDealers) => ({
      max: maxDealers - 1,
    })),
  });
  return fc
    .tuple(
      values,
      fc.constantFrom<CanonicalLeadFilter['status']>('active', 'active', 'inactive', 'all'),
      fc.constantFrom(...LEAD_SORTS),
    )
    .chain(([drawn, status, sort]) =>
      fc.subarray(Object.keys(drawn) as (keyof typeof drawn)[], { minLength: 0, maxLength: 4 }).map(
        (keys) =>
          ({
            status,
            ...Object.fromEntries(keys.map((k) => [k, drawn[k]])),
            ...(sort === 'newest' ? {} : { sort }),
          }) as CanonicalLeadFilter,
      ),
    );
}

/** The leads of a page as the route sends them. */
export function leadsOf(page: Pick<LeadListPage, 'json'>): Lead[] {
  return JSON.parse(page.json.toString('utf8')) as Lead[];
}
