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
  searchTermsOf,
} from '@dealerleads/shared/catalogues';
import type { LeadFilter, LeadStatusFilter } from '@dealerleads/shared';
import type { LeadRow } from '../../db/schema';

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
  city?: string;
  ownerName?: string;
  brand?: string;
  model?: string;
  varient?: string;
  fuelType?: string;
  transmission?: string;
  rto?: string;
  year?: number;
  seats?: number;
  price?: NumberRange;
  kmDriven?: NumberRange;
  /** created_on in epoch milliseconds. */
  createdOn?: NumberRange;
  /** How many dealers unlocked it: "hide sold-out leads" is `{ max: maxDealersPerLead - 1 }`. */
  unlockCount?: NumberRange;
  /** Lower-case text the full name must contain (Admin only: owners' names are not searchable by the public). */
  name?: string;
  /** The search: lower-case terms (the one typed, then what it is an alias of); a lead matching any one matches. */
  search?: string[];
  /** Whether the search looks in owners' full names too: only an Admin's does. */
  searchNames?: true;
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
] as const satisfies readonly (readonly [keyof CanonicalLeadFilter, keyof LeadRow])[];

/** The range filters and the stored column each one bounds. */
export const RANGE_FILTERS = [
  ['price', 'price'],
  ['kmDriven', 'km_driven'],
  ['createdOn', 'created_on'],
  ['unlockCount', 'unlock_count'],
] as const satisfies readonly (readonly [keyof CanonicalLeadFilter, keyof LeadRow])[];

/** The columns the search indexes hold; `brand` also by its catalogue label (see brandsLabelled). */
export const SEARCH_COLUMNS = ['full_name', 'city', 'brand', 'model', 'varient', 'rto'] as const;
/** The columns anyone's search looks in: the indexed ones but the owner's name (an Admin's search adds it). */
export const VALUE_SEARCH_COLUMNS = SEARCH_COLUMNS.filter(
  (c): c is Exclude<(typeof SEARCH_COLUMNS)[number], 'full_name'> => c !== 'full_name',
);

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
  const brand = filter.brand
    ? (findBrand(filter.brand)?.value ?? filter.brand.toLowerCase())
    : undefined;
  if (brand) result.brand = brand;
  if (filter.model) result.model = canonicalModel(brand, filter.model);
  if (filter.varient) result.varient = canonicalVariant(brand, result.model, filter.varient);
  if (filter.city) result.city = canonicalCity(filter.city);
  if (filter.ownerName) result.ownerName = optionValue(OWNERS, filter.ownerName);
  if (filter.fuel) result.fuelType = optionValue(FUELS, filter.fuel);
  if (filter.transmission) result.transmission = optionValue(TRANSMISSIONS, filter.transmission);
  if (filter.rto) result.rto = filter.rto.toUpperCase();
  if (filter.year !== undefined) result.year = filter.year;
  if (filter.seats !== undefined) result.seats = filter.seats;
  if (filter.price) result.price = parseBand(filter.price);
  if (filter.KmDriven) result.kmDriven = parseBand(filter.KmDriven);
  // Owners' names are private: only an Admin finds leads by them.
  if (filter.name && admin) result.name = filter.name.toLowerCase();
  if (filter.searchterm) result.search = searchTermsOf(filter.searchterm);
  if (filter.searchterm && admin) result.searchNames = true;
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

/** Whether the filter has a text part (search or name). */
export function hasText(filter: CanonicalLeadFilter): boolean {
  return filter.search !== undefined || filter.name !== undefined;
}
