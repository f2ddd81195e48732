// Maps lead filter input to the stored canonical form, so "Maruti Suzuki", "maruti_suzuki" or "MARUTI SUZUKI" all match.
import {
  FUELS,
  OWNERS,
  TRANSMISSIONS,
  VEHICLE_BRANDS,
  canonicalCity,
  findBrand,
  findModel,
  parseBand,
  parseYears,
  searchWordsOf,
} from '@dealerleads/shared/catalogues';
import type { LeadFilter, LeadSort, LeadStatusFilter } from '@dealerleads/shared';
import type { LeadRow } from '../../../db/schema';

/** An inclusive range of a numeric column; a missing bound is open. */
export interface NumberRange {
  min?: number;
  max?: number;
}

/** Which leads by status: dealers and anonymous callers always get `active`. */
export type LeadStatusScope = LeadStatusFilter;

/** The filters a query applies, every text already in its stored form (see docs/lead-list-engine.md). */
export interface CanonicalLeadFilter {
  status: LeadStatusScope;
  /** Each equality filter: the values a lead may have (any one of them); an empty list matches nothing. */
  city?: readonly string[];
  ownerName?: readonly string[];
  brand?: readonly string[];
  model?: readonly string[];
  varient?: readonly string[];
  fuelType?: readonly string[];
  transmission?: readonly string[];
  rto?: readonly string[];
  year?: readonly number[];
  seats?: readonly number[];
  /** [1]: only leads with a photo. */
  hasPhotos?: readonly (0 | 1)[];
  /** [1]: only leads whose number the owner proved by an SMS code. */
  phoneVerified?: readonly (0 | 1)[];
  price?: NumberRange;
  kmDriven?: NumberRange;
  /** created_on in epoch milliseconds. */
  createdOn?: NumberRange;
  /** How many dealers unlocked it: "hide sold-out leads" is `{ max: maxDealersPerLead - 1 }`. */
  unlockCount?: NumberRange;
  /** Lower-case text the full name must contain (Admin only: owners' names are not searchable by the public). */
  name?: string;
  /**
   * The search's words, each as lower-case terms (the word typed, then what it is an alias of): a lead matches when
   * every word has a term that one of its searched values (SEARCH_COLUMNS) contains.
   */
  search?: readonly (readonly string[])[];
  /** The order, when not newest first. */
  sort?: Exclude<LeadSort, 'newest'>;
  /** Only leads priced below their market guide's median (market_median). */
  belowMarket?: true;
}

/** The equality filters and the stored column each one matches. */
export const EQUALITY_FILTERS = [
  ['city', 'city'],
  ['brand', 'brand'],
  ['model', 'model'],
  ['varient', 'varient'],
  ['fuelType', 'fuel_type'],
  ['ownerName', 'owner_name'],
  ['transmission', 'transmission'],
  ['rto', 'rto'],
  ['year', 'year'],
  ['seats', 'seats'],
  ['hasPhotos', 'has_photos'],
  ['phoneVerified', 'phone_verified'],
] as const satisfies readonly (readonly [keyof CanonicalLeadFilter, keyof LeadRow])[];

/**
 * An equality filter's stored value as the filter and the engine compare it: a boolean column (true/false from
 * PostgreSQL, 0/1 from SQLite) as 0/1.
 */
export function equalityValue(
  row: Pick<LeadRow, (typeof EQUALITY_FILTERS)[number][1]>,
  column: (typeof EQUALITY_FILTERS)[number][1],
): string | number | null {
  return equalityKey(row[column]);
}

/** A stored value of an equality filter's column as equalityValue gives it. */
export function equalityKey(value: string | number | boolean | null): string | number | null {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/** The range filters and the stored column each one bounds. */
export const RANGE_FILTERS = [
  ['price', 'price'],
  ['kmDriven', 'km_driven'],
  ['createdOn', 'created_on'],
  ['unlockCount', 'unlock_count'],
] as const satisfies readonly (readonly [keyof CanonicalLeadFilter, keyof LeadRow])[];

/**
 * The columns a search looks in; `brand` also by its catalogue label (see brandsLabelled). Owners' names are not
 * searched: before an unlock they are not shown in full (Admin filters by `name`).
 */
export const SEARCH_COLUMNS = ['city', 'brand', 'model', 'varient', 'rto'] as const;

/** Brands whose catalogue label contains the (lower-case) term: 'suzuki' finds maruti_suzuki. */
export function brandsLabelled(term: string): string[] {
  return VEHICLE_BRANDS.filter((b) => b.label.toLowerCase().includes(term)).map((b) => b.value);
}

function optionValue(options: readonly { value: string; label: string }[], input: string): string {
  const lower = input.toLowerCase();
  return options.find((o) => o.value === lower || o.label.toLowerCase() === lower)?.value ?? lower;
}

function canonicalModel(brand: string | undefined, model: string): string {
  if (brand) return findModel(brand, model)?.name ?? model;
  for (const b of VEHICLE_BRANDS) {
    const found = findModel(b.value, model);
    if (found) return found.name;
  }
  return model;
}

/** Every catalogue variant by its lower-case spelling (the first model's spelling where two models share one). */
let variantsByLowerCase: Map<string, string> | undefined;

function canonicalVariant(
  brand: string | undefined,
  model: string | undefined,
  variant: string,
): string {
  const lower = variant.toLowerCase();
  if (brand && model)
    return findModel(brand, model)?.variants.find((v) => v.toLowerCase() === lower) ?? variant;
  if (variantsByLowerCase === undefined) {
    variantsByLowerCase = new Map();
    for (const v of VEHICLE_BRANDS.flatMap((b) => b.models).flatMap((m) => m.variants))
      if (!variantsByLowerCase.has(v.toLowerCase())) variantsByLowerCase.set(v.toLowerCase(), v);
  }
  return variantsByLowerCase.get(lower) ?? variant;
}

const DAY_MS = 86_400_000;

/** What "hide sold-out leads" needs: the cap in force, and whether the caller hides them unless told otherwise. */
export interface SoldOutScope {
  maxDealers: number;
  /** Dealers hide sold-out leads by default (docs/lead-list-engine.md). */
  hideByDefault: boolean;
}

/**
 * The stored form of a list query. `status`: what the caller may see (Admin picks with the `status` parameter, default
 * all; anyone else gets active leads whatever they send). `soldOut`: without it `hideSoldOut` is not applied (a
 * saved search's new-lead alert: a new lead has no unlocks).
 */
export function canonicalLeadFilter(
  filter: LeadFilter,
  admin: boolean,
  soldOut?: SoldOutScope,
): CanonicalLeadFilter {
  const result: CanonicalLeadFilter = { status: admin ? (filter.status ?? 'all') : 'active' };
  // Compared with the cap at query time, so a changed cap applies at once, in every process.
  if (soldOut && (filter.hideSoldOut ?? soldOut.hideByDefault)) {
    result.unlockCount = { max: soldOut.maxDealers - 1 };
  }
  const brands = listOf(filter.brand)?.map((b) => findBrand(b)?.value ?? b.toLowerCase());
  if (brands) result.brand = brands;
  const onlyBrand = brands?.length === 1 ? brands[0] : undefined;
  const models = listOf(filter.model)?.map((m) => canonicalModel(onlyBrand, m));
  if (models) result.model = models;
  const onlyModel = models?.length === 1 ? models[0] : undefined;
  const variants = listOf(filter.varient)?.map((v) => canonicalVariant(onlyBrand, onlyModel, v));
  if (variants) result.varient = variants;
  const cities = listOf(filter.city)?.map(canonicalCity);
  if (cities) result.city = cities;
  const owners = listOf(filter.ownerName)?.map((o) => optionValue(OWNERS, o));
  if (owners) result.ownerName = owners;
  const fuels = listOf(filter.fuel)?.map((f) => optionValue(FUELS, f));
  if (fuels) result.fuelType = fuels;
  const transmissions = listOf(filter.transmission)?.map((t) => optionValue(TRANSMISSIONS, t));
  if (transmissions) result.transmission = transmissions;
  const rtos = listOf(filter.rto)?.map((r) => r.toUpperCase());
  if (rtos) result.rto = rtos;
  // A year range runs to next year: a car can carry next year's model year late in this one.
  if (filter.year) result.year = parseYears(filter.year, new Date().getUTCFullYear() + 1) ?? [];
  const seats = listOf(filter.seats)?.map(Number);
  if (seats) result.seats = seats;
  if (filter.hasPhotos) result.hasPhotos = [1];
  if (filter.verified) result.phoneVerified = [1];
  if (filter.price) result.price = parseBand(filter.price);
  if (filter.KmDriven) result.kmDriven = parseBand(filter.KmDriven);
  // Owners' names are private: only an Admin finds leads by them.
  if (filter.name && admin) result.name = filter.name.toLowerCase();
  if (filter.searchterm) applySearch(result, filter.searchterm);
  if (filter.sort && filter.sort !== 'newest') result.sort = filter.sort;
  if (filter.belowMarket) result.belowMarket = true;
  if (filter.startDate || filter.endDate) {
    const range: NumberRange = {};
    if (filter.startDate) range.min = Date.parse(`${filter.startDate}T00:00:00.000Z`);
    // The whole end day: up to its last millisecond (an inclusive bound never steps past 9999-12-31).
    if (filter.endDate) range.max = Date.parse(`${filter.endDate}T00:00:00.000Z`) + DAY_MS - 1;
    result.createdOn = range;
  }
  return result;
}

/** A comma-separated filter's distinct values, or undefined when it names none. */
function listOf(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const values = [...new Set(text.split(',').map((v) => v.trim()))].filter((v) => v !== '');
  return values.length > 0 ? values : undefined;
}

/** The catalogue value a search word names exactly, if any ('diesel', 'Automatic'). */
function optionNamed(options: readonly { value: string; label: string }[], word: string) {
  return options.find((o) => o.value === word || o.label.toLowerCase() === word)?.value;
}

/** Keeps of a filter's values those also in `named` (both apply); a filter not set takes `named`. */
function narrowed(values: readonly string[] | undefined, named: string): string[] {
  return values === undefined ? [named] : values.filter((v) => v === named);
}

/**
 * Sets the search's words; a word that names a fuel or a gearbox ("creta diesel", "automatic") narrows that filter
 * instead, since those columns hold catalogue values, not text.
 */
function applySearch(result: CanonicalLeadFilter, searchterm: string): void {
  const words: string[][] = [];
  for (const word of searchWordsOf(searchterm)) {
    const typed = word[0]!;
    const fuel = optionNamed(FUELS, typed);
    const transmission = optionNamed(TRANSMISSIONS, typed);
    if (fuel !== undefined) result.fuelType = narrowed(result.fuelType, fuel);
    else if (transmission !== undefined)
      result.transmission = narrowed(result.transmission, transmission);
    else words.push(word);
  }
  if (words.length > 0) result.search = words;
}

/** Whether the filter has a text part (search or name). */
export function hasText(filter: CanonicalLeadFilter): boolean {
  return filter.search !== undefined || filter.name !== undefined;
}
