// How lead values read on screen: INR prices, dd/MM/yyyy hh:mm:ss dates, catalogue labels for stored slugs, +91 contact links.
import { COUNTRY_CALLING_CODE, type Lead, type ListingStatus } from '@dealerleads/shared';
import { FUELS, labelOf, OWNERS, TRANSMISSIONS } from '@dealerleads/shared/catalogues';
import { groupIndian } from '../../lib/group-indian';
import { hasText, translate } from '../../i18n/runtime';
import { leadsTexts } from '../../i18n/en/leads';

export { groupIndian };
import { formatInr, formatNumber } from '../../lib/format';

export { formatInr, formatLeadDate, formatNumber } from '../../lib/format';

/** Shown for a field the lead does not have (the wizard leaves variant, RTO and km empty). */
export const MISSING_VALUE = '—';

/** 45000 → '45,000 km'. */
export function formatKm(km: number | null): string {
  return km === null ? MISSING_VALUE : translate(leadsTexts, 'km', { km: formatNumber(km) });
}

export function formatSeats(seats: number): string {
  return translate(leadsTexts, 'seater', { seats });
}

function titleCase(text: string): string {
  return text
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Brand slugs whose label is not the slug title-cased. The full catalogue (VEHICLE_BRANDS, large)
 * stays out of the lead list's first download; a unit test checks this against it.
 */
const BRAND_LABELS: Readonly<Record<string, string>> = {
  bmw: 'BMW',
  byd: 'BYD',
  force: 'Force Motors',
  mclaren: 'McLaren',
  mercedes: 'Mercedes-Benz',
  mg: 'MG',
  rolls_royce: 'Rolls-Royce',
};

/** 'maruti_suzuki' → 'Maruti Suzuki', 'mercedes' → 'Mercedes-Benz'. */
export function brandLabel(slug: string): string {
  return BRAND_LABELS[slug.toLowerCase()] ?? titleCase(slug);
}

function optionLabel(
  kind: 'fuel' | 'owner' | 'transmission',
  options: readonly { value: string; label: string }[],
  value: string,
): string {
  const key = `${kind}.${value}`;
  return hasText(leadsTexts, key)
    ? translate(leadsTexts, key)
    : (labelOf(options, value) ?? titleCase(value));
}

export const fuelLabel = (value: string) => optionLabel('fuel', FUELS, value);
export const ownerLabel = (value: string) => optionLabel('owner', OWNERS, value);
export const transmissionLabel = (value: string) =>
  optionLabel('transmission', TRANSMISSIONS, value);

/** 'Maruti Suzuki Swift' */
export function leadTitle(lead: { brand: string; model: string }): string {
  return `${brandLabel(lead.brand)} ${lead.model}`;
}

/** The opening line a dealer's WhatsApp chat starts with, naming the car so the owner knows which one. */
export function whatsAppGreeting(car: { year: number; brand: string; model: string }): string {
  return translate(leadsTexts, 'whatsAppGreeting', { year: car.year, car: leadTitle(car) });
}

/**
 * The call and WhatsApp links of an unlocked contact, both with India's +91 (docs/screens.md); with the car, the
 * WhatsApp chat opens with a greeting naming it (URL-encoded).
 */
export function contactLinks(
  phoneNumber: string,
  car?: { year: number; brand: string; model: string },
) {
  const digits = phoneNumber.replace(/\D/g, '');
  const text = car ? `?text=${encodeURIComponent(whatsAppGreeting(car))}` : '';
  return {
    display: `+${COUNTRY_CALLING_CODE} ${digits}`,
    tel: `tel:+${COUNTRY_CALLING_CODE}${digits}`,
    whatsapp: `https://wa.me/${COUNTRY_CALLING_CODE}${digits}${text}`,
  };
}

/** Why a lead left the list, as a dealer who unlocked it reads it: 'Sold', 'Withdrawn', 'Expired'. */
export function listingStatusLabel(status: ListingStatus): string {
  return translate(leadsTexts, `listing.${status}`);
}

/**
 * The cap per lead as the screens show it (docs/credits.md). Here rather than in packages/shared: this module is
 * already in the lead list's first download, and a shared module of their own would be one more chunk there.
 */
export const leadCapTexts = {
  dealersUnlocked: (count: number, max: number) =>
    translate(leadsTexts, max === 1 ? 'dealersUnlockedOfOne' : 'dealersUnlockedOfMany', {
      count,
      max,
    }),
  get soldOut() {
    return translate(leadsTexts, 'soldOut');
  },
  get soldOutNote() {
    return translate(leadsTexts, 'soldOutNote');
  },
  get hideSoldOut() {
    return translate(leadsTexts, 'hideSoldOut');
  },
};

/** At the cap: no more dealers may unlock the lead (those who have it keep it). */
export function isSoldOut(lead: Pick<Lead, 'unlockCount' | 'maxDealers'>): boolean {
  return lead.unlockCount >= lead.maxDealers;
}

/** '₹45,000 below market' when the price is under its market guide's median, else undefined. */
export function belowMarketText(lead: Pick<Lead, 'price' | 'marketPrice'>): string | undefined {
  const median = lead.marketPrice?.median;
  return median !== undefined && lead.price < median
    ? translate(leadsTexts, 'belowMarket', { amount: formatInr(median - lead.price) })
    : undefined;
}
