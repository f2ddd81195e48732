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
  type Band,
} from '@dealerleads/shared/catalogues';
import type { LeadFilter } from '@dealerleads/shared';

/** The filters a query applies, every text already in its stored form. */
export interface CanonicalLeadFilter {
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
  price?: Band;
  kmDriven?: Band;
  name?: string;
  searchterm?: string;
  createdFrom?: string;
  createdBefore?: string;
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

function canonicalVariant(
  brand: string | undefined,
  model: string | undefined,
  variant: string,
): string {
  const lower = variant.toLowerCase();
  const models =
    brand && model ? [findModel(brand, model)] : VEHICLE_BRANDS.flatMap((b) => b.models);
  for (const m of models) {
    const found = m?.variants.find((v) => v.toLowerCase() === lower);
    if (found) return found;
  }
  return variant;
}

function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

export function canonicalLeadFilter(filter: LeadFilter): CanonicalLeadFilter {
  const result: CanonicalLeadFilter = {};
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
  if (filter.name) result.name = filter.name;
  if (filter.searchterm) result.searchterm = filter.searchterm;
  if (filter.startDate) result.createdFrom = `${filter.startDate}T00:00:00.000Z`;
  if (filter.endDate) result.createdBefore = nextDay(filter.endDate);
  return result;
}
