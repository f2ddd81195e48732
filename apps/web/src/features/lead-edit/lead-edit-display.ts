// How the read-only lead fields read on the edit screen: catalogue labels for stored slugs, INR, km, 'dd/MM/yyyy hh:mm:ss'.
import { FUELS, OWNERS, TRANSMISSIONS, findBrand } from '@dealerleads/shared/catalogues';
import { formatInr } from '../../lib/format-inr';
import type { Lead } from '@dealerleads/shared';

/** Shown for what a lead does not have (the wizard leaves variant, RTO and km empty). */
export const MISSING_VALUE = '—';

const two = (n: number) => String(n).padStart(2, '0');

/** spec §2.3, §9: 'dd/MM/yyyy hh:mm:ss' in the browser's time zone, `hh` being the spec's 12-hour clock. */
export function formatLeadDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours12 = date.getHours() % 12 === 0 ? 12 : date.getHours() % 12;
  return (
    `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ` +
    `${two(hours12)}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}

function labelOf(options: readonly { value: string; label: string }[], value: string): string {
  return options.find((option) => option.value === value.toLowerCase())?.label ?? value;
}

export interface DisplayField {
  label: string;
  value: string;
}

export function leadInformation(lead: Lead): DisplayField[] {
  return [
    { label: 'Full Name', value: lead.fullName },
    { label: 'Phone Number', value: lead.phoneNumber },
    { label: 'Ownership', value: labelOf(OWNERS, lead.ownerName) },
    { label: 'City', value: lead.city },
    { label: 'RTO', value: lead.rto ?? MISSING_VALUE },
    { label: 'Price', value: formatInr(lead.price) },
    { label: 'Created On', value: formatLeadDate(lead.createdOn) },
  ];
}

export function carSpecifications(lead: Lead): DisplayField[] {
  return [
    { label: 'Brand', value: findBrand(lead.brand)?.label ?? lead.brand },
    { label: 'Model', value: lead.model },
    { label: 'Variant', value: lead.varient ?? MISSING_VALUE },
    { label: 'Year', value: String(lead.year) },
    { label: 'Transmission', value: labelOf(TRANSMISSIONS, lead.transmission) },
    { label: 'Fuel Type', value: labelOf(FUELS, lead.fuelType) },
    { label: 'Seats', value: `${lead.seats} Seater` },
    {
      label: 'Kilometers Driven',
      value: lead.kmDriven === null ? MISSING_VALUE : `${lead.kmDriven.toLocaleString('en-IN')} km`,
    },
  ];
}
