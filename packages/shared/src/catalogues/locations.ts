// The city catalogue (Delhi NCR: the wizard's cities and the list's City filter, each with its RTO state) and the sign-up state list.
import type { RtoCode } from './options';

/** About 23 Delhi NCR cities and towns, sorted: the one list the wizard offers and the City filter lists. */
export const NCR_CITIES: readonly string[] = [
  'Alwar',
  'Baghpat',
  'Bahadurgarh',
  'Bhiwadi',
  'Bulandshahr',
  'Dwarka',
  'Faridabad',
  'Ghaziabad',
  'Greater Noida',
  'Gurugram',
  'Hapur',
  'Jhajjar',
  'Karnal',
  'Manesar',
  'Meerut',
  'Neemrana',
  'New Delhi',
  'Noida',
  'Palwal',
  'Panipat',
  'Rewari',
  'Rohtak',
  'Sonipat',
];

/** Each NCR city → the RTO prefix of its state (DL Delhi, HR Haryana, UP Uttar Pradesh, RJ Rajasthan). */
export const CITY_RTO_STATE: Readonly<Record<string, RtoCode>> = {
  Alwar: 'RJ',
  Baghpat: 'UP',
  Bahadurgarh: 'HR',
  Bhiwadi: 'RJ',
  Bulandshahr: 'UP',
  Dwarka: 'DL',
  Faridabad: 'HR',
  Ghaziabad: 'UP',
  'Greater Noida': 'UP',
  Gurugram: 'HR',
  Hapur: 'UP',
  Jhajjar: 'HR',
  Karnal: 'HR',
  Manesar: 'HR',
  Meerut: 'UP',
  Neemrana: 'RJ',
  'New Delhi': 'DL',
  Noida: 'UP',
  Palwal: 'HR',
  Panipat: 'HR',
  Rewari: 'HR',
  Rohtak: 'HR',
  Sonipat: 'HR',
};

/** The 28 states and the union territories (Delhi included), sorted alphabetically. */
export const INDIAN_STATES: readonly string[] = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli',
  'Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
];

/** Other names people write for a catalogue city (old names, short forms, common misspellings). */
export const CITY_ALIASES: Readonly<Record<string, string>> = {
  Delhi: 'New Delhi',
  'Delhi NCR': 'New Delhi',
  Gurgaon: 'Gurugram',
  Gurgram: 'Gurugram',
  'Noida Extension': 'Greater Noida',
  'Greater Noida West': 'Greater Noida',
  Sonepat: 'Sonipat',
  'Bhiwadi Alwar': 'Bhiwadi',
  Ballabhgarh: 'Faridabad',
};

const NCR_BY_LOWER = new Map([
  ...NCR_CITIES.map((c) => [c.toLowerCase(), c] as const),
  ...Object.entries(CITY_ALIASES).map(([alias, city]) => [alias.toLowerCase(), city] as const),
]);

/** The catalogue city a name means, in any case and by its other names ('gurgaon' → 'Gurugram'); else undefined. */
export function findCity(input: string): string | undefined {
  return NCR_BY_LOWER.get(input.trim().replace(/\s+/g, ' ').toLowerCase());
}

/**
 * The stored spelling of a city: the catalogue spelling for an NCR city (case-insensitive, other names too),
 * otherwise the input trimmed, inner whitespace collapsed and each word Title-Cased.
 */
export function canonicalCity(input: string): string {
  const collapsed = input.trim().replace(/\s+/g, ' ');
  const known = findCity(collapsed);
  if (known !== undefined) return known;
  return collapsed
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** The state each RTO code of the catalogue registers cars in, as a person reads it. */
export const RTO_STATE_NAMES: Readonly<Record<RtoCode, string>> = {
  DL: 'Delhi (DL)',
  UP: 'Uttar Pradesh (UP)',
  HR: 'Haryana (HR)',
  RJ: 'Rajasthan (RJ)',
};
