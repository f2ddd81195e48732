// Generates realistic leads from the catalogues: prices and kilometres that fit the car's age.
import {
  CITY_RTO_STATE,
  NCR_CITIES,
  VEHICLE_BRANDS,
  type VehicleBrand,
} from '@dealerleads/shared/catalogues';
import type { NewLead } from '../schema';
import { FIRST_NAMES, LAST_NAMES } from './names';
import type { Random } from './random';

const LUXURY = new Set([
  'audi',
  'bmw',
  'mercedes',
  'jaguar',
  'land_rover',
  'lexus',
  'volvo',
  'porsche',
  'mini',
]);
const PREMIUM = new Set([
  'toyota',
  'skoda',
  'volkswagen',
  'jeep',
  'mg',
  'kia',
  'honda',
  'isuzu',
  'byd',
  'citroen',
]);
const SEVEN_SEATERS =
  /innova|ertiga|xl6|carens|fortuner|scorpio|xuv700|safari|alcazar|marazzo|bolero|hector plus|carnival|kodiaq|gloster|rumion|triber|d-max|mu-x|highlander|xc90|discovery/i;

function basePrice(brand: VehicleBrand, random: Random): number {
  if (LUXURY.has(brand.value)) return random.int(2_800_000, 9_000_000);
  if (PREMIUM.has(brand.value)) return random.int(900_000, 3_200_000);
  return random.int(450_000, 1_400_000);
}

function roundTo(n: number, step: number): number {
  return Math.max(step, Math.round(n / step) * step);
}

function ownerForAge(age: number, random: Random): string {
  if (age <= 3) return random.chance(0.85) ? 'first' : 'second';
  if (age <= 8) return random.pick(['first', 'first', 'second', 'second', 'third']);
  return random.pick(['first', 'second', 'second', 'third', 'third', 'fourth', 'more_than_four']);
}

function fuelFor(brand: VehicleBrand, model: string, random: Random): string {
  if (
    /\bev\b|electric|e6|atto|seal|ioniq|nexon ev|tiago ev|punch ev|comet|zs ev|eqs|i4|ix|e-tron/i.test(
      model,
    )
  )
    return 'electric';
  if (/prius|hyryder|hybrid/i.test(model)) return 'hybrid';
  const r = random.next();
  if (r < 0.55) return 'petrol';
  if (r < 0.85) return 'diesel';
  if (r < 0.95 && !LUXURY.has(brand.value)) return 'cng';
  return 'petrol';
}

export const PHONE_PREFIXES = ['6', '7', '8', '9'] as const;

export function randomPhone(random: Random): string {
  let digits: string = random.pick(PHONE_PREFIXES);
  for (let i = 0; i < 9; i++) digits += String(random.int(0, 9));
  return digits;
}

/**
 * `count` leads whose created_on runs forward from `firstCreatedOn` by `stepMs`, so id order is
 * newest-first order.
 */
export function generateLeads(
  random: Random,
  count: number,
  firstCreatedOn: number,
  stepMs: number,
): NewLead[] {
  const leads: NewLead[] = [];
  const currentYear = 2025;
  for (let i = 0; i < count; i++) {
    const brand = random.pick(VEHICLE_BRANDS);
    const model = random.pick(brand.models);
    const year = random.int(2008, currentYear);
    const age = currentYear - year;
    const depreciation = Math.pow(0.86, age) * (0.9 + random.next() * 0.2);
    const city = random.pick(NCR_CITIES);
    leads.push({
      full_name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
      phone_number: randomPhone(random),
      city,
      brand: brand.value,
      model: model.name,
      varient: random.pick(model.variants),
      rto: CITY_RTO_STATE[city] ?? 'DL',
      year,
      fuel_type: fuelFor(brand, model.name, random),
      owner_name: ownerForAge(age, random),
      transmission: random.chance(0.65) ? 'manual' : random.chance(0.85) ? 'automatic' : 'imt',
      seats: SEVEN_SEATERS.test(model.name) ? 7 : random.chance(0.05) ? 4 : 5,
      price: roundTo(basePrice(brand, random) * depreciation, 5_000),
      km_driven: roundTo(Math.max(1, age) * random.int(5_000, 16_000) + random.int(0, 4_000), 100),
      status: random.chance(0.97) ? 1 : 0,
      created_on: new Date(firstCreatedOn + i * stepMs).toISOString(),
    });
  }
  return leads;
}
