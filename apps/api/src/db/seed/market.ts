// The used-car market the generated leads follow: brand shares, the age of cars on sale, kilometres and prices by
// segment, age and kilometres. The seed draws from these rules and the demo-rules test holds every lead to them
// (docs/catalogue-and-demo-data.md).
import {
  NCR_CITIES,
  currentYear,
  newPriceRange,
  retainedValue,
  type VehicleModel,
} from '@dealerleads/shared/catalogues';

/**
 * Leads per 1,000 by brand, after the shares of India's used-car market: Maruti Suzuki about a third, then Hyundai,
 * Tata, Mahindra, Honda, Toyota and Kia; luxury brands a few percent together; exotics a handful per 10,000.
 */
export const BRAND_SHARES: Readonly<Record<string, number>> = {
  maruti_suzuki: 330,
  hyundai: 160,
  tata: 80,
  mahindra: 75,
  honda: 65,
  toyota: 60,
  kia: 40,
  renault: 25,
  ford: 22,
  volkswagen: 22,
  skoda: 14,
  chevrolet: 13,
  nissan: 11,
  mg: 11,
  datsun: 6,
  jeep: 5,
  fiat: 4,
  citroen: 3,
  mitsubishi: 2,
  force: 2,
  isuzu: 2,
  hindustan_motors: 1,
  byd: 1,
  mercedes: 11,
  bmw: 9,
  audi: 8,
  land_rover: 3,
  volvo: 2.5,
  jaguar: 1.5,
  mini: 1,
  lexus: 1,
  porsche: 0.7,
  maserati: 0.1,
  bentley: 0.08,
  rolls_royce: 0.06,
  lamborghini: 0.08,
  ferrari: 0.06,
  aston_martin: 0.04,
  mclaren: 0.03,
  lotus: 0.02,
};

/** Brands whose cars are luxury or exotic: together a few percent of the leads. */
export const LUXURY_BRANDS: ReadonlySet<string> = new Set([
  'mercedes',
  'bmw',
  'audi',
  'land_rover',
  'volvo',
  'jaguar',
  'mini',
  'lexus',
  'porsche',
  'maserati',
  'bentley',
  'rolls_royce',
  'lamborghini',
  'ferrari',
  'aston_martin',
  'mclaren',
  'lotus',
]);

/**
 * The NCR's age bans, which every city of the catalogue falls under: a diesel car may not be on its roads after 10
 * years, a petrol or CNG one after 15; electric cars have no limit.
 */
export function ncrAgeLimit(fuel: string): number {
  if (fuel === 'diesel') return 10;
  return fuel === 'electric' ? Number.POSITIVE_INFINITY : 15;
}

/** No car on sale is older than the petrol ban (ncrAgeLimit). */
export const OLDEST_SEED_AGE = 15;

/** How common each age is among cars offered (0 = this year's model): most are 3 to 8 years old. */
export const AGE_WEIGHTS: readonly number[] = [
  0.25, 0.6, 0.9, 1.1, 1.15, 1.15, 1.1, 1, 0.9, 0.8, 0.65, 0.5, 0.4, 0.3, 0.22, 0.15, 0.1, 0.06,
];

/**
 * How common a model is among its brand's cars on sale (1 where not listed): the best sellers (Swift, Creta, i20,
 * Venue, Nexon…) several times a rarity such as a Tucson; electric cars about 2% of the market, as in India.
 */
export const MODEL_SHARES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  maruti_suzuki: {
    Swift: 8,
    WagonR: 7,
    'Alto 800': 6,
    Baleno: 6,
    Dzire: 6,
    'Alto K10': 4,
    Brezza: 4,
    Ertiga: 4,
  },
  hyundai: {
    Creta: 8,
    i20: 7,
    Venue: 6,
    'Grand i10 Nios': 5,
    i10: 4,
    Verna: 3,
    Santro: 3,
    Tucson: 0.5,
  },
  tata: { Nexon: 6, Tiago: 5, Punch: 5, Altroz: 4, 'Nexon EV': 4 },
  mahindra: { Scorpio: 5, Bolero: 4, XUV700: 4, Thar: 3, XUV300: 3 },
  kia: { Seltos: 5, Sonet: 5, Carens: 3, EV6: 0.1 },
  honda: { City: 6, Amaze: 5, Jazz: 2 },
  toyota: { 'Innova Crysta': 5, Innova: 4, Fortuner: 3, Glanza: 2 },
  mg: { Hector: 4, Astor: 2, 'Comet EV': 2, 'Windsor EV': 2, 'ZS EV': 2 },
};

/** Leads per city: the big NCR cities carry most of the market. */
export const CITY_WEIGHTS: Readonly<Record<string, number>> = Object.fromEntries(
  NCR_CITIES.map((city) => [
    city,
    (
      {
        'New Delhi': 18,
        Gurugram: 12,
        Noida: 10,
        Ghaziabad: 8,
        Faridabad: 7,
        Dwarka: 5,
        'Greater Noida': 4,
        Meerut: 3,
        Sonipat: 2,
        Panipat: 2,
        Karnal: 2,
        Rohtak: 2,
      } as Record<string, number>
    )[city] ?? 1,
  ]),
);

/** Kilometres a car of this age may plausibly show: at least ~2,000 a year, at most ~25,000 a year (+ one year). */
export function kmRange(age: number): [number, number] {
  return [age * 2_000, (age + 1) * 25_000];
}

/** The prices a used car of this model, year and kilometres can plausibly ask (new price × what is kept, ±). */
export function plausiblePriceRange(
  model: VehicleModel,
  year: number,
  km: number,
  now: Date,
): [number, number] {
  const age = Math.max(0, currentYear(now) - year);
  const [low, high] = newPriceRange(model, year, now);
  const kept = retainedValue(model.segment, age);
  const heavyUse = km > kmRange(age)[1] * 0.6 ? 0.85 : 1;
  return [Math.max(20_000, low * kept * 0.7 * heavyUse), high * kept * 1.15];
}
