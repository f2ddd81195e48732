// What the Filters panel and the chips above the list call each filter and its values. Not in the lead list's first
// download: the chips and the panel load on demand.
import { groupIndian } from '../../lib/group-indian';
import type { LeadFilterName } from './lead-filters';
import { brandLabel, formatSeats, fuelLabel, ownerLabel, transmissionLabel } from './lead-format';

/** The panel's labels (docs/screens.md spells 'Varient', 'Trans' and 'Km' so). */
export const FILTER_LABELS: Readonly<Record<LeadFilterName, string>> = {
  city: 'City',
  brand: 'Brand',
  model: 'Model',
  varient: 'Varient',
  fuel: 'Fuel',
  ownerName: 'Ownership',
  rto: 'RTO',
  transmission: 'Trans',
  price: 'Price',
  KmDriven: 'Km',
  year: 'Year',
  seats: 'Seats',
  status: 'Status',
  hideSoldOut: 'Sold-out leads',
  sort: 'Sort by',
  belowMarket: 'Price',
};

/** A `min-max` / `min-` band as the catalogue labels it (PRICE_BANDS, KM_BANDS): '₹1,00,000 - ₹1,50,000', '1,00,000+ km'. */
function bandLabel(value: string, amount: (n: number) => string, unit: string): string {
  const band = /^(\d*)-(\d*)$/.exec(value);
  if (!band) return value;
  const min = Number(band[1] ?? 0);
  if (band[1] === '') return `Under ${amount(Number(band[2]) + 1)}${unit}`;
  if (min === 0 && unit === '') return `Under ${amount(Number(band[2]) + 1)}`;
  return band[2] === ''
    ? `${amount(min)}+${unit}`
    : `${amount(min)} - ${amount(Number(band[2]) + 1)}${unit}`;
}

/** A filter value as a person reads it, for the chips above the list. */
export function filterValueLabel(key: string, value: string): string {
  switch (key) {
    case 'brand':
      return brandLabel(value);
    case 'fuel':
      return fuelLabel(value);
    case 'ownerName':
      return ownerLabel(value);
    case 'transmission':
      return transmissionLabel(value);
    case 'price':
      return bandLabel(value, (n) => `₹${groupIndian(n)}`, '');
    case 'KmDriven':
      return bandLabel(value, groupIndian, ' km');
    case 'seats':
      return formatSeats(Number(value));
    case 'year':
      return value.endsWith('-') ? `${value.slice(0, -1)} or newer` : value;
    case 'city':
      return value.split(',').join(', ');
    case 'status':
      return value.charAt(0).toUpperCase() + value.slice(1);
    case 'hideSoldOut':
      return value === 'true' ? 'Hidden' : 'Shown';
    case 'belowMarket':
      return 'Below market';
    default:
      return value;
  }
}
