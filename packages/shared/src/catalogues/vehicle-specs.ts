// What the vehicle catalogue allows for one car: its model years, and per year and variant the fuels, gearboxes and seats.
// The wizard offers exactly these, the API refuses anything else, and the seed draws from them.
import type { Fuel, Transmission } from './options';
import type { VehicleBrand, VehicleModel, YearSpan } from './vehicles';
import { VEHICLE_BRANDS } from './vehicles';

/** The oldest model year a lead may have: the wizard and the list's Year filter start here. */
export const OLDEST_LEAD_YEAR = 2000;

const IST_OFFSET_MS = 330 * 60_000;

/** The calendar year in India now (year lists run to it, never to a year written in the code). */
export function currentYear(now: Date = new Date()): number {
  return new Date(now.getTime() + IST_OFFSET_MS).getUTCFullYear();
}

/** Newest first: the years a lead may have, from the current year down to OLDEST_LEAD_YEAR. */
export function leadYearOptions(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let y = currentYear(now); y >= OLDEST_LEAD_YEAR; y--) years.push(y);
  return years;
}

type Range = readonly [number, number];
const spanCache = new Map<string, readonly Range[]>();

/** '2009-2013, 2015-' → [[2009, 2013], [2015, Infinity]]. */
function rangesOf(span: YearSpan): readonly Range[] {
  let ranges = spanCache.get(span);
  if (ranges) return ranges;
  ranges = span.split(',').map((part) => {
    const match = /^\s*(\d{4})-(\d{4})?\s*$/.exec(part);
    if (!match) throw new Error(`Bad year span '${span}'`);
    return [Number(match[1]), match[2] === undefined ? Infinity : Number(match[2])] as const;
  });
  spanCache.set(span, ranges);
  return ranges;
}

export function spanIncludes(span: YearSpan, year: number): boolean {
  return rangesOf(span).some(([from, to]) => year >= from && year <= to);
}

/** The first and last model year of a span, the last capped at the current year. */
export function spanBounds(span: YearSpan, now: Date = new Date()): [number, number] {
  const ranges = rangesOf(span);
  const last = ranges[ranges.length - 1]![1];
  return [ranges[0]![0], Math.min(last, currentYear(now))];
}

/** A span as a person reads it: '2005–2026', '2006–2013, 2019–2020'. */
export function describeYears(years: readonly number[]): string {
  const sorted = [...years].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** Model years a lead of this model may have: its years in India from OLDEST_LEAD_YEAR to the current year, newest first. */
export function modelYears(model: VehicleModel, now: Date = new Date()): number[] {
  return leadYearOptions(now).filter((year) => spanIncludes(model.years, year));
}

// What a variant's name says about it: 'VXi AMT' is automatic, 'S CNG' runs on CNG, '320d' on diesel, 'LS 7 STR' seats 7.
const AUTOMATIC_HINT = /\b(?:AT|AMT|AGS|CVT|DCT|DSG|IVT|EASY-R|X[A-Z]A)\b/;
const MANUAL_HINT = /\bMT\b/;
const FUEL_HINTS: readonly (readonly [Fuel, RegExp])[] = [
  ['cng', /\bCNG\b/],
  ['electric', /\bElectric\b/],
  ['hybrid', /\bE?-?Hybrid\b|e:HEV|\b\d{3}hL?\b|\bT8\b/],
  ['diesel', /\b(?:TDI|CRDi|CRDe|D-4D|i-DTEC|DDiS|Diesel|[LVZ]Di|dCi)\b|\d{2,3}L?d\b|\bD[345]\b/],
  ['petrol', /\b(?:TSI|TFSI|Petrol|Turbo|T-Jet)\b|\d{2,3}L?i\b/],
];
const SEATS_HINT = /\b(\d{1,2})[- ]?(?:Seater|STR)\b/i;

function fuelHint(variant: string): Fuel | undefined {
  return FUEL_HINTS.find(([, pattern]) => pattern.test(variant))?.[0];
}

function gearHint(variant: string): Transmission | undefined {
  if (AUTOMATIC_HINT.test(variant)) return 'automatic';
  if (MANUAL_HINT.test(variant)) return 'manual';
  return undefined;
}

/** What one variant of a model was sold with (before the model's per-year limits). */
export interface ResolvedVariant {
  name: string;
  years: YearSpan;
  fuels: readonly Fuel[];
  transmissions: readonly Transmission[];
  seats: readonly number[];
}

const resolvedCache = new WeakMap<VehicleModel, ReadonlyMap<string, ResolvedVariant>>();

/**
 * Each variant's years, fuels, gearboxes and seats: an explicit `variantSpecs` entry first, then what its name
 * says, then the model's. A fuel (other than petrol) or an automatic that some variants name belongs only to
 * those: when a maker sells 'VXi' and 'VXi AMT', the plain 'VXi' is the manual one.
 */
export function resolvedVariants(model: VehicleModel): ReadonlyMap<string, ResolvedVariant> {
  const cached = resolvedCache.get(model);
  if (cached) return cached;
  // A hint the model cannot have ('Turbo' on an electric Taycan) says nothing.
  const named = model.variants.map((v) => {
    const fuel = fuelHint(v);
    const gear = gearHint(v);
    return {
      v,
      fuel: fuel && model.fuels.includes(fuel) ? fuel : undefined,
      gear: gear && model.transmissions.includes(gear) ? gear : undefined,
    };
  });
  const namedFuels = new Set(named.map((n) => n.fuel).filter((f) => f && f !== 'petrol'));
  const someAutomatic = named.some((n) => n.gear === 'automatic');
  const someManual = named.some((n) => n.gear === 'manual');
  const plainFuels = model.fuels.filter((f) => !namedFuels.has(f));
  const plainGears =
    someAutomatic && !someManual
      ? model.transmissions.filter((t) => t !== 'automatic')
      : model.transmissions;
  const map = new Map<string, ResolvedVariant>();
  for (const { v, fuel, gear } of named) {
    const own = model.variantSpecs?.[v] ?? {};
    const seatHint = SEATS_HINT.exec(v)?.[1];
    map.set(v, {
      name: v,
      years: own.years ?? model.years,
      fuels: own.fuels ?? (fuel ? [fuel] : plainFuels.length > 0 ? plainFuels : model.fuels),
      transmissions:
        own.transmissions ??
        (gear ? [gear] : plainGears.length > 0 ? plainGears : model.transmissions),
      seats: own.seats ?? (seatHint ? [Number(seatHint)] : model.seats),
    });
  }
  resolvedCache.set(model, map);
  return map;
}

function offeredIn<T extends Fuel | Transmission>(
  model: VehicleModel,
  values: readonly T[],
  year: number | undefined,
): T[] {
  if (year === undefined) return [...values];
  return values.filter((value) => {
    const span = model.limits?.[value];
    return span === undefined || spanIncludes(span, year);
  });
}

/** The model's variants sold in `year` (each with at least one fuel and gearbox that year). */
export function variantsIn(model: VehicleModel, year: number): ResolvedVariant[] {
  return [...resolvedVariants(model).values()].filter(
    (v) =>
      spanIncludes(v.years, year) &&
      offeredIn(model, v.fuels, year).length > 0 &&
      offeredIn(model, v.transmissions, year).length > 0,
  );
}

/** What a car of this model, year and (optional) variant could have: the choices the wizard offers. */
export interface CarChoices {
  fuels: Fuel[];
  transmissions: Transmission[];
  seats: number[];
}

export function carChoices(model: VehicleModel, year?: number, variant?: string): CarChoices {
  const resolved = variant === undefined ? undefined : findVariant(model, variant);
  if (resolved) {
    return {
      fuels: offeredIn(model, resolved.fuels, year),
      transmissions: offeredIn(model, resolved.transmissions, year),
      seats: [...resolved.seats],
    };
  }
  return {
    fuels: offeredIn(model, model.fuels, year),
    transmissions: offeredIn(model, model.transmissions, year),
    seats: [...model.seats],
  };
}

/** A variant of the model by name, case-insensitively. */
export function findVariant(model: VehicleModel, name: string): ResolvedVariant | undefined {
  const lower = name.trim().toLowerCase();
  const found = model.variants.find((v) => v.toLowerCase() === lower);
  return found === undefined ? undefined : resolvedVariants(model).get(found);
}

/** A brand by slug or label in any case ('maruti_suzuki', 'Maruti Suzuki', 'MARUTI SUZUKI'). */
export function findBrandByName(text: string): VehicleBrand | undefined {
  const lower = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const slug = lower.replace(/[\s-]+/g, '_');
  return VEHICLE_BRANDS.find((b) => b.value === slug || b.label.toLowerCase() === lower);
}

/** Every seat count the catalogue knows, for the list's Seats filter. */
export function catalogueSeatCounts(): number[] {
  const seats = new Set<number>();
  for (const brand of VEHICLE_BRANDS)
    for (const model of brand.models)
      for (const v of resolvedVariants(model).values()) for (const s of v.seats) seats.add(s);
  for (const brand of VEHICLE_BRANDS)
    for (const model of brand.models) for (const s of model.seats) seats.add(s);
  return [...seats].sort((a, b) => a - b);
}
