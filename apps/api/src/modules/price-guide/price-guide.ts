// The price guide's arithmetic (docs/price-guide.md): comparables of a car, widened step by step until there are enough,
// each price brought to the car's age and kilometres, then the 10th, 50th and 90th percentiles.
import type { PriceGuide, PriceGuideConfidence } from '@dealerleads/shared';
import { retainedValue, wearFactor, type Segment } from '@dealerleads/shared/catalogues';

/** An active lead of the same model, as the guide compares it. */
export interface ComparableLead {
  year: number;
  fuelType: string;
  transmission: string;
  kmDriven: number | null;
  price: number;
}

/** The car the guide is for (catalogue values, as stored on leads). */
export interface GuideCar {
  segment: Segment;
  year: number;
  fuelType?: string;
  transmission?: string;
  kmDriven?: number;
  /** The current year (ages). */
  currentYear: number;
}

/** A step of the widening: how many years either side, and which of the car's facts a comparable must share. */
interface Step {
  years: number;
  fuel: boolean;
  gearbox: boolean;
  km: boolean;
}

/** Narrowest first: the same fuel, gearbox and kilometre band a year either side, then less and less alike. */
const STEPS: readonly Step[] = [
  { years: 1, fuel: true, gearbox: true, km: true },
  { years: 1, fuel: true, gearbox: true, km: false },
  { years: 2, fuel: true, gearbox: false, km: false },
  { years: 3, fuel: false, gearbox: false, km: false },
];

/** Years either side the widest step looks. */
export const WIDEST_YEARS = 3;
/** Leads of one year a source gives at most (sampleStep): enough for percentiles, few enough for 5 ms at 1M leads. */
export const PER_YEAR_SAMPLE = 300;
/** Comparables at which a step is enough: fewer leave the median to chance (one trim's price range is ±25%). */
export const ENOUGH_COMPARABLES = 20;
/** From this many the guide judges prices ('medium'). */
const SOME_COMPARABLES = 8;
/** Fewer than this: no figures at all. */
export const FEWEST_COMPARABLES = 3;

/** The kilometre band of the first step: within half of the car's kilometres either side, at least 15,000 km. */
function inKmBand(km: number, target: number): boolean {
  return Math.abs(km - target) <= Math.max(15_000, target * 0.5);
}

function matches(c: ComparableLead, car: GuideCar, step: Step): boolean {
  if (Math.abs(c.year - car.year) > step.years) return false;
  if (step.fuel && car.fuelType !== undefined && c.fuelType !== car.fuelType) return false;
  if (step.gearbox && car.transmission !== undefined && c.transmission !== car.transmission)
    return false;
  if (
    step.km &&
    car.kmDriven !== undefined &&
    (c.kmDriven === null || !inKmBand(c.kmDriven, car.kmDriven))
  )
    return false;
  return true;
}

/** The comparable's price as if it were the car's age and kilometres (the depreciation and wear of price-bounds.ts). */
function adjusted(c: ComparableLead, car: GuideCar): number {
  const age = Math.max(0, car.currentYear - car.year);
  const theirAge = Math.max(0, car.currentYear - c.year);
  let price = (c.price * retainedValue(car.segment, age)) / retainedValue(car.segment, theirAge);
  if (car.kmDriven !== undefined && c.kmDriven !== null)
    price *= wearFactor(car.kmDriven, age) / wearFactor(c.kmDriven, theirAge);
  return price;
}

/** The value at quantile `q` of sorted numbers, interpolated. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/** The guide's low is this quantile of the comparables' prices, its high the one as far from the top. */
const LOW_QUANTILE = 0.05;

const roundToThousand = (n: number) => Math.round(n / 1_000) * 1_000;

function confidenceOf(count: number, step: number): PriceGuideConfidence {
  if (count < FEWEST_COMPARABLES) return 'none';
  if (count >= ENOUGH_COMPARABLES && step <= 1) return 'high';
  return count >= SOME_COMPARABLES ? 'medium' : 'low';
}

/** Years either side a source must cover for the guide to reach step `fromStep` and beyond. */
export function yearsFrom(fromStep: number): number {
  return STEPS[fromStep]?.years ?? WIDEST_YEARS;
}

/**
 * The guide from comparables covering at least `yearsFrom(0)` years either side; `wider` gives the ones
 * `WIDEST_YEARS` either side, asked for only when the near years have too few (a popular model rarely needs them).
 */
export function guideOf(
  car: GuideCar,
  near: readonly ComparableLead[],
  wider: () => readonly ComparableLead[],
): PriceGuide {
  let pool = near;
  let widened = false;
  let found: ComparableLead[] = [];
  let step = 0;
  for (; step < STEPS.length; step++) {
    const s = STEPS[step]!;
    if (s.years > yearsFrom(0) && !widened) {
      pool = wider();
      widened = true;
    }
    found = pool.filter((c) => matches(c, car, s));
    if (found.length >= ENOUGH_COMPARABLES) break;
  }
  step = Math.min(step, STEPS.length - 1);
  const confidence = confidenceOf(found.length, step);
  if (confidence === 'none')
    return { low: null, median: null, high: null, comparables: found.length, confidence };
  const prices = found.map((c) => adjusted(c, car)).sort((a, b) => a - b);
  return {
    low: roundToThousand(quantile(prices, LOW_QUANTILE)),
    median: roundToThousand(quantile(prices, 0.5)),
    high: roundToThousand(quantile(prices, 1 - LOW_QUANTILE)),
    comparables: found.length,
    confidence,
  };
}
