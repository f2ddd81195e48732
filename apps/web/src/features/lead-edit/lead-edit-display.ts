// How the read-only lead fields read on the edit screen: catalogue labels for stored slugs, INR, km, 'dd/MM/yyyy hh:mm:ss'.
import {
  FUELS,
  OWNERS,
  TRANSMISSIONS,
  findBrand,
  labelOrValue,
} from '@dealerleads/shared/catalogues';
import { formatInr, formatLeadDate } from '../../lib/format';
import type { Lead } from '@dealerleads/shared';

/** Shown for what a lead does not have (the wizard leaves variant, RTO and km empty). */
export const MISSING_VALUE = '—';

export interface DisplayField {
  label: string;
  value: string;
}

export function leadInformation(lead: Lead): DisplayField[] {
  return [
    { label: 'Full Name', value: lead.fullName },
    { label: 'Phone Number', value: lead.phoneNumber },
    { label: 'Ownership', value: labelOrValue(OWNERS, lead.ownerName) },
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
    { label: 'Transmission', value: labelOrValue(TRANSMISSIONS, lead.transmission) },
    { label: 'Fuel Type', value: labelOrValue(FUELS, lead.fuelType) },
    { label: 'Seats', value: `${lead.seats} Seater` },
    {
      label: 'Kilometers Driven',
      value: lead.kmDriven === null ? MISSING_VALUE : `${lead.kmDriven.toLocaleString('en-IN')} km`,
    },
  ];
}
