// What a used car of a model and year can fetch, from the catalogue alone: its new price that year and what a car of
// its segment keeps with age. The demo seed prices cars from the same rules; the API refuses prices outside the bounds.
import { groupIndian } from './bands';
import { currentYear, spanBounds } from './vehicle-specs';
import type { Segment, VehicleModel } from './vehicles';

/**
 * Share of the new price a car keeps at an age: ~85% after a year, ~66% at 5, ~49% at 10 (India's used market holds
 * value well); luxury cars lose more, exotics (collectors' cars) less.
 */
export function retainedValue(segment: Segment, age: number): number {
  if (segment === 'exotic') return 0.85 * Math.pow(0.93, age);
  if (segment === 'luxury') return 0.8 * Math.pow(0.88, age);
  return 0.9 * Math.pow(0.94, age);
}

/** Kilometres a car of this age has run on average: ~11,000 a year. */
export function expectedKm(age: number): number {
  return (age + 0.5) * 11_000;
}

/** What use does to a car's price against its age's average: up to 8% more when little run, down to 15% less. */
export function wearFactor(km: number, age: number): number {
  return Math.min(1.08, Math.max(0.85, 1.06 - 0.12 * (km / expectedKm(age))));
}

/** The model's new price range in rupees for a model year: the catalogue's latest prices, 3% less per year before. */
export function newPriceRange(model: VehicleModel, year: number, now: Date): [number, number] {
  const latest = spanBounds(model.years, now)[1];
  const inflation = Math.pow(0.97, Math.max(0, latest - year));
  return [model.priceLakh[0] * 100_000 * inflation, model.priceLakh[1] * 100_000 * inflation];
}

/** The base variant's price kept, worn: the least a car of that age sells for (heavy use and a rough state). */
const LOWEST_SHARE = 0.7 * 0.85;
/** Above the top variant's new price in its latest year: a rare spec or a collector's car. */
const HIGHEST_SHARE = 1.25;

/** Two significant figures, down or up: ₹4,03,117 → ₹4,00,000, ₹24,61,000 → ₹25,00,000. */
function roundTwoFigures(n: number, direction: 'down' | 'up'): number {
  const step = Math.pow(10, Math.max(3, Math.floor(Math.log10(Math.max(1, n))) - 1));
  return (direction === 'down' ? Math.floor(n / step) : Math.ceil(n / step)) * step;
}

/**
 * The prices a car of this model and year can plausibly ask: at least its base variant's value kept at that age, worn,
 * at most a little above the top variant's latest new price. Round figures, since they are shown to owners.
 */
export function priceBounds(
  model: VehicleModel,
  year: number,
  now: Date = new Date(),
): [number, number] {
  const age = Math.max(0, currentYear(now) - year);
  const low = newPriceRange(model, year, now)[0] * retainedValue(model.segment, age) * LOWEST_SHARE;
  const high = model.priceLakh[1] * 100_000 * HIGHEST_SHARE;
  return [Math.max(10_000, roundTwoFigures(low, 'down')), roundTwoFigures(high, 'up')];
}

/** '₹4,00,000'. */
export function formatRupees(n: number): string {
  return `₹${groupIndian(n)}`;
}

/** The refusal of a price outside `range` for a car ('For a 2020 Hyundai Creta the price must be between …'). */
export function priceRangeMessage(car: string, [low, high]: readonly [number, number]): string {
  return `For a ${car} the price must be between ${formatRupees(low)} and ${formatRupees(high)}.`;
}
