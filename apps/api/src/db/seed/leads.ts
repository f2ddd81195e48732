// Generates leads an Indian used-car dealer would believe (market.ts): brand shares of the market, a year the model was
// sold in, a variant, fuel, gearbox and seats it had, kilometres that grow with age and a price from segment, age and
// kilometres. Deterministic for a given random generator and clock.
import {
  CITY_RTO_STATE,
  NCR_CITIES,
  VEHICLE_BRANDS,
  carChoices,
  currentYear,
  modelYears,
  newPriceRange,
  retainedValue,
  variantsIn,
  wearFactor,
  type CarChoices,
  type VehicleModel,
} from '@dealerleads/shared/catalogues';
import type { NewLead } from '../schema';
import {
  AGE_WEIGHTS,
  BRAND_SHARES,
  CITY_WEIGHTS,
  MODEL_SHARES,
  OLDEST_SEED_AGE,
  kmRange,
  ncrAgeLimit,
  plausiblePriceRange,
} from './market';
import { FIRST_NAMES, LAST_NAMES } from './names';
import type { Random } from './random';

/** One way a car of a model and year can be: a variant (or none) with what it was sold with. */
interface CarShape {
  variant: string | null;
  choices: CarChoices;
}

/** A model year the market offers, with its weight among the brand's cars. */
interface ModelYear {
  brand: string;
  model: VehicleModel;
  year: number;
  shapes: CarShape[];
}

/** A weighted list drawn from by a binary search over cumulative weights. */
class Weighted<T> {
  private readonly cumulative: number[] = [];
  private readonly items: T[] = [];
  private total = 0;

  add(item: T, weight: number): void {
    if (weight <= 0) return;
    this.total += weight;
    this.items.push(item);
    this.cumulative.push(this.total);
  }

  get size(): number {
    return this.items.length;
  }

  draw(random: Random): T {
    const target = random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}

/** The market of one current year: which brand, then which model year (weighted by age), then which shape. */
interface Market {
  year: number;
  brands: Weighted<Weighted<ModelYear>>;
  cities: Weighted<string>;
}

const markets = new Map<number, Market>();

function shapesOf(model: VehicleModel, year: number): CarShape[] {
  const variants = variantsIn(model, year);
  if (variants.length === 0) return [{ variant: null, choices: carChoices(model, year) }];
  return variants.map((v) => ({ variant: v.name, choices: carChoices(model, year, v.name) }));
}

function marketOf(now: Date): Market {
  const year = currentYear(now);
  const known = markets.get(year);
  if (known) return known;
  const brands = new Weighted<Weighted<ModelYear>>();
  for (const brand of VEHICLE_BRANDS) {
    const years = new Weighted<ModelYear>();
    for (const model of brand.models) {
      for (const y of modelYears(model, now)) {
        const age = year - y;
        if (age > OLDEST_SEED_AGE) continue;
        years.add(
          { brand: brand.value, model, year: y, shapes: shapesOf(model, y) },
          (AGE_WEIGHTS[age] ?? 0) * (MODEL_SHARES[brand.value]?.[model.name] ?? 1),
        );
      }
    }
    if (years.size > 0) brands.add(years, BRAND_SHARES[brand.value] ?? 0);
  }
  const cities = new Weighted<string>();
  for (const city of NCR_CITIES) cities.add(city, CITY_WEIGHTS[city] ?? 1);
  const market = { year, brands, cities };
  markets.set(year, market);
  return market;
}

const FUEL_WEIGHTS: Readonly<Record<string, number>> = {
  petrol: 5,
  diesel: 3.5,
  cng: 1.3,
  hybrid: 1,
  electric: 1,
};
const GEAR_WEIGHTS: Readonly<Record<string, number>> = { manual: 6, automatic: 4, imt: 0.6 };

function pickWeighted<T extends string>(
  random: Random,
  values: readonly T[],
  weights: Readonly<Record<string, number>>,
): T {
  if (values.length === 1) return values[0]!;
  let total = 0;
  for (const v of values) total += weights[v] ?? 1;
  let target = random.next() * total;
  for (const v of values) {
    target -= weights[v] ?? 1;
    if (target < 0) return v;
  }
  return values[values.length - 1]!;
}

function roundTo(n: number, step: number): number {
  return Math.max(step, Math.round(n / step) * step);
}

function ownerForAge(age: number, random: Random): string {
  if (age <= 3) return random.chance(0.85) ? 'first' : 'second';
  if (age <= 8) return random.pick(['first', 'first', 'second', 'second', 'third']);
  return random.pick(['first', 'second', 'second', 'third', 'third', 'fourth', 'more_than_four']);
}

export const PHONE_PREFIXES = ['6', '7', '8', '9'] as const;

/** An Indian mobile number: 10 digits starting with 6, 7, 8 or 9. */
export function randomPhone(random: Random): string {
  let digits: string = random.pick(PHONE_PREFIXES);
  for (let i = 0; i < 9; i++) digits += String(random.int(0, 9));
  return digits;
}

/** Kilometres for a car of this age: a yearly use of 5,000–15,000 km (diesels more), within kmRange. */
function kilometres(age: number, fuel: string, random: Random): number {
  const yearly = random.int(5_000, 15_000) * (fuel === 'diesel' ? 1.35 : 1);
  const years = age + 0.15 + random.next() * 0.7;
  const [min, max] = kmRange(age);
  return Math.min(max, Math.max(min, roundTo(yearly * years, 100)));
}

/** Asking price: the new price drawn within the model's range, what a car of this age keeps, less for heavy use. */
function askingPrice(
  model: VehicleModel,
  year: number,
  km: number,
  age: number,
  random: Random,
  now: Date,
): number {
  const [low, high] = newPriceRange(model, year, now);
  const newPrice = low + (high - low) * random.next();
  const use = wearFactor(km, age);
  const noise = 0.92 + random.next() * 0.16;
  const [min, max] = plausiblePriceRange(model, year, km, now);
  const price = newPrice * retainedValue(model.segment, age) * use * noise;
  const step = price >= 100_000 ? 5_000 : 1_000;
  return Math.min(
    Math.floor(max / step) * step,
    Math.max(Math.ceil(min / step) * step, roundTo(price, step)),
  );
}

/** A model year and shape with the fuels the NCR's age bans still allow at its age (drawn again when none). */
function drawCar(market: Market, random: Random) {
  for (;;) {
    const car = market.brands.draw(random).draw(random);
    const shape = random.pick(car.shapes);
    const age = market.year - car.year;
    const fuels = shape.choices.fuels.filter((fuel) => age <= ncrAgeLimit(fuel));
    if (fuels.length > 0) return { car, shape, age, fuels };
  }
}

/**
 * Whether a generated lead's owner proved the number by an SMS code as they submitted it: about 4 in 5, so the badge
 * and the `verified` filter show on the demo and the filter still narrows it. Read from the number's last digit, not
 * drawn, so the demo's other values stay as they were.
 */
export function provenAtSubmission(phone: string): boolean {
  return Number(phone.at(-1)) < 8;
}

/**
 * `count` leads whose created_on runs forward from `firstCreatedOn` by `stepMs`, so id order is newest-first order.
 * `now` fixes the current year (ages, the newest model year).
 */
export function generateLeads(
  random: Random,
  count: number,
  firstCreatedOn: number,
  stepMs: number,
  now: Date = new Date(firstCreatedOn + count * stepMs),
): NewLead[] {
  const market = marketOf(now);
  const leads: NewLead[] = [];
  for (let i = 0; i < count; i++) {
    const { car, shape, age, fuels } = drawCar(market, random);
    const fuel = pickWeighted(random, fuels, FUEL_WEIGHTS);
    const km = kilometres(age, fuel, random);
    const city = market.cities.draw(random);
    const fullName = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    const phone = randomPhone(random);
    const createdOn = new Date(firstCreatedOn + i * stepMs).toISOString();
    const proven = provenAtSubmission(phone);
    leads.push({
      full_name: fullName,
      phone_number: phone,
      city,
      brand: car.brand,
      model: car.model.name,
      varient: shape.variant,
      rto: CITY_RTO_STATE[city] ?? null,
      year: car.year,
      fuel_type: fuel,
      owner_name: ownerForAge(age, random),
      transmission: pickWeighted(random, shape.choices.transmissions, GEAR_WEIGHTS),
      seats: random.pick(shape.choices.seats),
      price: askingPrice(car.model, car.year, km, age, random, now),
      km_driven: km,
      status: random.chance(0.97) ? 1 : 0,
      created_on: createdOn,
      phone_verified: proven ? 1 : 0,
      verified_on: proven ? createdOn : null,
    });
  }
  return leads;
}
