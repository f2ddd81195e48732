// The read scenarios, each a pool of queries rotated request by request: random filter mixes and searches built from
// real leads (what dealers send), page 1 and deep pages, lead detail.
import { VEHICLE_BRANDS } from '@dealerleads/shared/catalogues';
import type { LeadSample } from './database';
import { seededRandom, shuffled } from './shuffle';

export type ScenarioKind = 'list' | 'mix' | 'search' | 'deep' | 'detail';

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

/** A random whole number in [min, max]. */
function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Arbitrary bounds around a value: any integers, open at the top now and then (never a catalogue band on purpose). */
function rangeAround(value: number, random: () => number): string {
  const low = Math.max(0, Math.floor(value * (0.4 + random() * 0.6)) - between(random, 0, 999));
  if (random() < 0.2) return `${low}-`;
  return `${low}-${Math.ceil(value * (1 + random() * 0.8)) + between(random, 0, 999)}`;
}

/** Every filter of the list, as a query part taken from one real lead; `brand` alone or with its model. */
function filterPartsOf(l: LeadSample, random: () => number): string[] {
  return [
    `city=${q(l.city)}`,
    random() < 0.5 ? `brand=${q(l.brand)}` : `brand=${q(l.brand)}&model=${q(l.model)}`,
    ...(l.varient ? [`varient=${q(l.varient)}`] : []),
    `fuel=${q(l.fuel_type)}`,
    `ownerName=${q(l.owner_name)}`,
    `transmission=${q(l.transmission)}`,
    ...(l.rto ? [`rto=${q(l.rto)}`] : []),
    `year=${l.year}`,
    `seats=${l.seats}`,
    `price=${q(rangeAround(l.price, random))}`,
    ...(l.km_driven === null ? [] : [`KmDriven=${q(rangeAround(l.km_driven, random))}`]),
  ];
}

/** Random pages 1–10 of random sizes 20–100. */
function pagePart(random: () => number): string {
  return `pageNumber=${between(random, 1, 10)}&pageSize=${between(random, 20, 100)}`;
}

/** `count` filters of one sampled lead, all different. */
function mixOf(l: LeadSample, count: number, random: () => number): string[] {
  const parts = filterPartsOf(l, random);
  const chosen: string[] = [];
  while (chosen.length < count && parts.length > 0) {
    chosen.push(...parts.splice(Math.floor(random() * parts.length), 1));
  }
  return chosen;
}

/** Random mixes of 1–4 of any of the filters, values (and ranges around them) from real leads, random pages. */
function mixQueries(sample: LeadSample[]): string[] {
  const random = seededRandom(21);
  const out = new Set<string>();
  for (let i = 0; out.size < POOL_TARGET && i < POOL_TARGET * 3; i++) {
    const l = sample[Math.floor(random() * sample.length)]!;
    out.add([...mixOf(l, between(random, 1, 4), random), pagePart(random)].join('&'));
  }
  return take(out, 22);
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
    const lettersOnly = length <= 3 ? /^[a-z0-9]+$/ : /^[a-z0-9][a-z0-9 ]*[a-z0-9]$/;
    if (lettersOnly.test(piece) && !piece.includes('  ')) return piece;
  }
  return undefined;
}

/** Catalogue models named by two characters or fewer (A4, Q5, X1 …): real searches of two letters. */
const SHORT_MODELS = VEHICLE_BRANDS.flatMap((b) => b.models.map((m) => m.name)).filter(
  (name) => name.length <= 2,
);

/** Searches of 2–8 letters cut from real leads (or a short catalogue model), with 0–3 filters, random pages 1–3. */
function searchMixQueries(sample: LeadSample[], seed: number, lengths: [number, number]): string[] {
  const random = seededRandom(seed);
  const out = new Set<string>();
  for (let i = 0; out.size < POOL_TARGET && i < POOL_TARGET * 4; i++) {
    const l = sample[Math.floor(random() * sample.length)]!;
    const length = between(random, lengths[0], lengths[1]);
    const term =
      length === 2 && SHORT_MODELS.length > 0 && random() < 0.5
        ? SHORT_MODELS[Math.floor(random() * SHORT_MODELS.length)]!
        : pieceOf(l, length, random);
    if (!term) continue;
    const filters = mixOf(l, between(random, 0, 3), random);
    const page = between(random, 1, 3);
    out.add(
      [`searchterm=${q(term)}`, ...filters, ...(page > 1 ? [`pageNumber=${page}`] : [])].join('&'),
    );
  }
  return take(out, seed + 1);
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
  return [
    { key: 'list', label: 'list · page 1 (same query)', kind: 'list', paths: [list('')] },
    {
      key: 'mix',
      label: 'list · any 1–4 filters, any ranges',
      kind: 'mix',
      paths: mixQueries(sample).map(list),
    },
    {
      key: 'search-mix',
      label: 'search 2–8 letters + 0–3 filters',
      kind: 'search',
      paths: searchMixQueries(sample, 31, [2, 8]).map(list),
    },
    {
      key: 'search-2',
      label: 'search 2 letters (A4, Q5 …) + 0–3 filters',
      kind: 'search',
      paths: searchMixQueries(sample, 41, [2, 2]).map(list),
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
