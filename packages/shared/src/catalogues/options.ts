// Small fixed option lists of docs/screens.md. Values are the canonical stored form; labels are shown.

export interface Option<V extends string | number = string> {
  value: V;
  label: string;
}

export const FUELS = [
  { value: 'petrol', label: 'Petrol' },
  { value: 'diesel', label: 'Diesel' },
  { value: 'cng', label: 'CNG' },
  { value: 'hybrid', label: 'Hybrid' },
  { value: 'electric', label: 'Electric' },
] as const satisfies readonly Option[];
export type Fuel = (typeof FUELS)[number]['value'];

/** Ownership order. The wizard offers the first four as "Owner Type". */
export const OWNERS = [
  { value: 'first', label: 'First Owner' },
  { value: 'second', label: 'Second Owner' },
  { value: 'third', label: 'Third Owner' },
  { value: 'fourth', label: 'Fourth Owner' },
  { value: 'more_than_four', label: 'More than Four' },
] as const satisfies readonly Option[];
export type Owner = (typeof OWNERS)[number]['value'];
export const WIZARD_OWNER_TYPES = OWNERS.slice(0, 4);

/** The wizard offers all three; iMT is kept in the list filter too so wizard leads stay findable. */
export const TRANSMISSIONS = [
  { value: 'manual', label: 'Manual' },
  { value: 'automatic', label: 'Automatic' },
  { value: 'imt', label: 'iMT' },
] as const satisfies readonly Option[];
export type Transmission = (typeof TRANSMISSIONS)[number]['value'];

export const RTO_CODES = [
  { value: 'DL', label: 'DL' },
  { value: 'UP', label: 'UP' },
  { value: 'HR', label: 'HR' },
  { value: 'RJ', label: 'RJ' },
] as const satisfies readonly Option[];
export type RtoCode = (typeof RTO_CODES)[number]['value'];

/** Seat counts of the list's Seats filter: every count the vehicle catalogue has (two-seaters to 13-seat vans). */
export const FILTER_SEATS = { min: 2, max: 13 } as const;

export const seatsLabel = (n: number) => `${n} Seater`;

/** The Seats filter's options (a function, so the lead list's first download does not build them). */
export function filterSeatOptions(): Option<number>[] {
  return Array.from({ length: FILTER_SEATS.max - FILTER_SEATS.min + 1 }, (_, i) => {
    const n = FILTER_SEATS.min + i;
    return { value: n, label: seatsLabel(n) };
  });
}

export const ROLES = ['Admin', 'User', 'Dealer', 'Seller', 'Buyer'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a visitor may choose at sign-up; Admin is only given by an administrator. */
export const SIGNUP_ROLES = [
  'User',
  'Dealer',
  'Seller',
  'Buyer',
] as const satisfies readonly Role[];

export const PACKAGE_TYPES = ['LimitedTime', 'Lead', 'Unlimited'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const PACKAGE_UNITS = ['Days', 'Leads'] as const;
export type PackageUnit = (typeof PACKAGE_UNITS)[number];
