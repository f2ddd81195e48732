// The read scenarios of issue 9, each a pool of queries rotated request by request (see README: page caches).
import {
  KM_BANDS,
  NCR_CITIES,
  PRICE_BANDS,
  parseBand,
  type Band,
} from '@dealerleads/shared/catalogues';
import type { LeadSample } from './database';
import { seededRandom, shuffled } from './shuffle';

export type ScenarioKind = 'list' | 'search' | 'deep' | 'detail';

export interface Scenario {
  key: string;
  label: string;
  kind: ScenarioKind;
  /** Paths with query, used in turn; for `detail` the lead ids are filled in by the runner. */
  paths: string[];
}

export const DEEP_PAGE = 1000;
export const PAGE_SIZE = 60;
/**
 * Distinct queries per rotating scenario, where the data allows: well above what an in-process page cache
 * of a few thousand entries holds, so a rotation measures the database rather than the cache.
 */
export const POOL_TARGET = 5000;
/** Leads read from the database to build the filter values and search terms from. */
export const SAMPLE_SIZE = 20_000;

const q = encodeURIComponent;
const list = (query: string) => (query ? `/api/leads?${query}` : '/api/leads');

/** The page used as "page 1,000": the last full page when the database holds fewer than 60,000 active leads. */
export function deepPageFor(activeLeads: number): number {
  return Math.max(2, Math.min(DEEP_PAGE, Math.floor(activeLeads / PAGE_SIZE)));
}

function take<T>(items: Iterable<T>, seed: number): T[] {
  return shuffled([...items], seed).slice(0, POOL_TARGET);
}

function bandOf(value: number | null, bands: readonly { value: string }[]): string | undefined {
  if (value === null) return undefined;
  return bands.find((b) => {
    const band: Band | undefined = parseBand(b.value);
    return band !== undefined && value >= band.min && (band.max === undefined || value <= band.max);
  })?.value;
}

/** City: every NCR city, pages 1..P (a dealer paging through one city). */
function cityQueries(activeLeads: number): string[] {
  const pagesPerCity = Math.max(
    1,
    Math.min(200, Math.floor(activeLeads / NCR_CITIES.length / PAGE_SIZE)),
  );
  const out: string[] = [];
  for (const city of NCR_CITIES) {
    for (let page = 1; page <= pagesPerCity; page++) {
      out.push(`city=${q(city)}${page > 1 ? `&pageNumber=${page}` : ''}`);
    }
  }
  return take(out, 11);
}

/** Brand + model + year of real leads (so the mix follows what the marketplace holds). */
function brandModelYearQueries(sample: LeadSample[]): string[] {
  return take(
    new Set(sample.map((l) => `brand=${q(l.brand)}&model=${q(l.model)}&year=${l.year}`)),
    12,
  );
}

/** City + fuel + the price band and kilometre band of real leads. */
function fourFilterQueries(sample: LeadSample[]): string[] {
  const out = new Set<string>();
  for (const l of sample) {
    const price = bandOf(l.price, PRICE_BANDS);
    const km = bandOf(l.km_driven, KM_BANDS);
    if (!price || !km) continue;
    out.add(`city=${q(l.city)}&fuel=${q(l.fuel_type)}&price=${q(price)}&KmDriven=${q(km)}`);
  }
  return take(out, 13);
}

/** The most frequent city + fuel + price band among the sampled leads: one popular 3-filter mix, asked again and again. */
function popularThreeFilterQuery(sample: LeadSample[]): string {
  const counts = new Map<string, number>();
  for (const l of sample) {
    const price = bandOf(l.price, PRICE_BANDS);
    if (!price) continue;
    const query = `city=${q(l.city)}&fuel=${q(l.fuel_type)}&price=${q(price)}`;
    counts.set(query, (counts.get(query) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

/** The text `searchterm` looks in (full name, city, model, variant), lowercased. */
function searchText(l: LeadSample): string[] {
  return [l.full_name, l.city, l.model, l.varient ?? ''].map((t) => t.toLowerCase());
}

/** A random run of `length` characters from one of the lead's texts, letters and inner spaces only. */
function pieceOf(l: LeadSample, length: number, random: () => number): string | undefined {
  const texts = searchText(l).filter((t) => t.length >= length);
  for (let attempt = 0; attempt < 6 && texts.length > 0; attempt++) {
    const text = texts[Math.floor(random() * texts.length)]!;
    const start = Math.floor(random() * (text.length - length + 1));
    const piece = text.slice(start, start + length);
    const lettersOnly = length <= 3 ? /^[a-z]+$/ : /^[a-z][a-z ]*[a-z]$/;
    if (lettersOnly.test(piece) && !piece.includes('  ')) return piece;
  }
  return undefined;
}

/** 3-letter terms cut from real leads, on the result pages that exist for each (1–3). */
function shortSearchQueries(sample: LeadSample[], activeLeads: number): string[] {
  const random = seededRandom(14);
  const terms = new Set<string>();
  for (const l of sample) {
    const piece = pieceOf(l, 3, random);
    if (piece) terms.add(piece);
  }
  const texts = sample.map((l) => searchText(l).join('\n'));
  const out: string[] = [];
  for (const term of terms) {
    const share = texts.filter((t) => t.includes(term)).length / Math.max(1, sample.length);
    const expected = share * activeLeads;
    for (let page = 1; page <= 3 && (page - 1) * PAGE_SIZE < expected; page++) {
      out.push(`searchterm=${term}${page > 1 ? `&pageNumber=${page}` : ''}`);
    }
  }
  return take(out, 14);
}

/** 8-character terms cut from real leads (e.g. "amit sha", "fortuner"), page 1. */
function longSearchQueries(sample: LeadSample[]): string[] {
  const random = seededRandom(15);
  const terms = new Set<string>();
  for (const l of sample) {
    const piece = pieceOf(l, 8, random);
    if (piece) terms.add(`searchterm=${q(piece)}`);
  }
  return take(terms, 15);
}

/**
 * Deep pages no cache has seen: page sizes 50–70 with the page number set so the offset stays near that of
 * page `deep` at 60 a page (±100 pages), every combination once.
 */
function deepQueries(activeLeads: number, deep: number): string[] {
  const target = (deep - 1) * PAGE_SIZE;
  const out = new Set<string>();
  for (let size = 50; size <= 70; size++) {
    const centre = Math.round(target / size) + 1;
    for (let page = centre - 100; page <= centre + 100; page++) {
      if (page < 2 || page * size > activeLeads) continue;
      out.add(`pageNumber=${page}&pageSize=${size}`);
    }
  }
  return take(out, 16);
}

export function readScenarios(activeLeads: number, sample: LeadSample[]): Scenario[] {
  const deep = deepPageFor(activeLeads);
  const deepLabel =
    deep === DEEP_PAGE ? `page ${DEEP_PAGE.toLocaleString('en-US')}` : `page ${deep} (last full)`;
  const lists: Scenario[] = [
    { key: 'list', label: 'list · page 1 (same query)', kind: 'list', paths: [list('')] },
    {
      key: 'list-3-filters-same',
      label: 'list · city+fuel+price (same query)',
      kind: 'list',
      paths: [list(popularThreeFilterQuery(sample))],
    },
    {
      key: 'list-city',
      label: 'list · city',
      kind: 'list',
      paths: cityQueries(activeLeads).map(list),
    },
    {
      key: 'list-brand-model-year',
      label: 'list · brand+model+year',
      kind: 'list',
      paths: brandModelYearQueries(sample).map(list),
    },
    {
      key: 'list-city-fuel-price-km',
      label: 'list · city+fuel+price+km',
      kind: 'list',
      paths: fourFilterQueries(sample).map(list),
    },
  ];
  return [
    ...lists,
    {
      key: 'search-3',
      label: 'search · 3 letters',
      kind: 'search',
      paths: shortSearchQueries(sample, activeLeads).map(list),
    },
    {
      key: 'search-8',
      label: 'search · 8 characters',
      kind: 'search',
      paths: longSearchQueries(sample).map(list),
    },
    {
      key: 'page-deep-same',
      label: `list · ${deepLabel} (same query)`,
      kind: 'deep',
      paths: [list(`pageNumber=${deep}`)],
    },
    {
      key: 'page-deep',
      label: `list · ${deepLabel} (distinct)`,
      kind: 'deep',
      paths: deepQueries(activeLeads, deep).map(list),
    },
    { key: 'detail', label: 'lead detail', kind: 'detail', paths: [] },
  ];
}
