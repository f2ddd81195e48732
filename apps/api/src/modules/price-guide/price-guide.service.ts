// The market price guide of a car (design.md §11.2): from the lead list engine's columns when it is current, else
// from SQL; the same arithmetic either way (price-guide.ts).
import { carFactIssues, type PriceGuide, type PriceGuideQuery } from '@dealerleads/shared';
import { currentYear, findModel } from '@dealerleads/shared/catalogues';
import type { Queryable } from '../../db/database';
import { ValidationError } from '../../plugins/errors';
import { currentLeadsVersion, sampleStep, type LeadListEngine } from '../leads/list-engine';
import {
  guideOf,
  PER_YEAR_SAMPLE,
  WIDEST_YEARS,
  yearsFrom,
  type ComparableLead,
  type GuideCar,
} from './price-guide';
import { modelLeadsInYears } from './price-guide.repository';

export interface PriceGuideSources {
  db: Queryable;
  listEngine: LeadListEngine;
}

/** A car as stored on leads: catalogue brand slug and model name, fuel and gearbox slugs. */
export interface StoredCar {
  brand: string;
  model: string;
  year: number;
  fuelType?: string | undefined;
  transmission?: string | undefined;
  kmDriven?: number | null;
}

const yearsAround = (year: number, span: number) =>
  Array.from({ length: 2 * span + 1 }, (_, i) => year - span + i);

/** Whether the engine's columns reflect every committed lead write (after a moment's catch-up, as a list does). */
async function engineAnswers({ db, listEngine }: PriceGuideSources): Promise<boolean> {
  return listEngine.currentFor(() => currentLeadsVersion(db));
}

/** The guide for a stored car; an unknown model has none. */
export async function guideForCar(
  sources: PriceGuideSources,
  car: StoredCar,
  now: Date = new Date(),
): Promise<PriceGuide> {
  const model = findModel(car.brand, car.model);
  if (!model) return { low: null, median: null, high: null, comparables: 0, confidence: 'none' };
  const guideCar: GuideCar = {
    segment: model.segment,
    year: car.year,
    currentYear: currentYear(now),
    ...(car.fuelType ? { fuelType: car.fuelType } : {}),
    ...(car.transmission ? { transmission: car.transmission } : {}),
    ...(car.kmDriven != null ? { kmDriven: car.kmDriven } : {}),
  };
  if (await engineAnswers(sources)) {
    const { listEngine } = sources;
    const ofYears = (span: number) =>
      listEngine.modelLeads(car.brand, model.name, yearsAround(car.year, span), PER_YEAR_SAMPLE);
    return guideOf(guideCar, ofYears(yearsFrom(0)), () => ofYears(WIDEST_YEARS));
  }
  const all = sampled(
    await modelLeadsInYears(sources.db, car.brand, model.name, {
      min: car.year - WIDEST_YEARS,
      max: car.year + WIDEST_YEARS,
    }),
  );
  return guideOf(guideCar, all, () => all);
}

/** The engine's sample of each year (sampleStep) from rows by year then id, so SQL answers as the engine does. */
export function sampled<T extends ComparableLead>(rows: readonly T[]): T[] {
  const kept: T[] = [];
  for (let start = 0; start < rows.length;) {
    let end = start;
    while (end < rows.length && rows[end]!.year === rows[start]!.year) end++;
    const step = sampleStep(end - start, PER_YEAR_SAMPLE);
    for (let at = start; at < end; at += step) kept.push(rows[at]!);
    start = end;
  }
  return kept;
}

/** `GET /api/price-guide`: a model or year the catalogue does not know for the brand is refused by name. */
export async function priceGuide(
  sources: PriceGuideSources,
  query: PriceGuideQuery,
  now: Date = new Date(),
): Promise<PriceGuide> {
  const { brand, model, year, fuelType, transmission, kmDriven } = query;
  const issues = carFactIssues({ brand, model, year }, now);
  if (Object.keys(issues).length > 0) {
    throw new ValidationError(
      Object.fromEntries(Object.entries(issues).map(([field, message]) => [field, [message]])),
    );
  }
  return guideForCar(
    sources,
    { brand, model, year, fuelType, transmission, kmDriven: kmDriven ?? null },
    now,
  );
}
