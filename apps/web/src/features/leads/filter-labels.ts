// What the Filters panel and the chips above the list call each filter and its values. Not in the lead list's first
// download: the chips and the panel load on demand.
import { formatInr, formatNumber } from '../../lib/format';
import { leadDetailTexts } from '../../i18n/en/lead-detail';
import { textsOf, translate } from '../../i18n/runtime';
import type { LeadFilterName } from './lead-filters';
import { brandLabel, formatSeats, fuelLabel, ownerLabel, transmissionLabel } from './lead-format';

/** The panel's label of a filter (docs/screens.md spells 'Varient', 'Trans' and 'Km' so). */
export function filterLabel(key: LeadFilterName): string {
  return translate(leadDetailTexts, `filter.${key}`);
}

/** The labels in English, as the spec names them. */
export const FILTER_LABELS = Object.fromEntries(
  Object.entries(leadDetailTexts.en)
    .filter(([key]) => key.startsWith('filter.'))
    .map(([key, text]) => [key.slice('filter.'.length), text]),
) as Readonly<Record<LeadFilterName, string>>;

/** `min-max` / `min-` / `-max` of a band (PRICE_BANDS, KM_BANDS), the upper bound made round (max + 1). */
function bandOf(value: string): { min?: number; max?: number } | undefined {
  const band = /^(\d*)-(\d*)$/.exec(value);
  if (!band) return undefined;
  return {
    ...(band[1] ? { min: Number(band[1]) } : {}),
    ...(band[2] ? { max: Number(band[2]) + 1 } : {}),
  };
}

/** A price band as the panel and the chips say it: '₹1,00,000 - ₹1,50,000', 'Under ₹3,00,000'. */
function priceBandLabel(value: string): string {
  const band = bandOf(value);
  if (!band) return value;
  const t = textsOf(leadDetailTexts);
  if (band.min === undefined || band.min === 0)
    return band.max === undefined ? value : t('under', { amount: formatInr(band.max) });
  return band.max === undefined
    ? `${formatInr(band.min)}+`
    : `${formatInr(band.min)} - ${formatInr(band.max)}`;
}

/** A kilometre band: 'Under 10,000 km', '1,00,000+ km'. */
function kmBandLabel(value: string): string {
  const band = bandOf(value);
  if (!band) return value;
  const t = textsOf(leadDetailTexts);
  if (band.min === undefined)
    return band.max === undefined ? value : t('underKm', { km: formatNumber(band.max) });
  return band.max === undefined
    ? t('kmAndMore', { km: formatNumber(band.min) })
    : t('kmBand', { min: formatNumber(band.min), max: formatNumber(band.max) });
}

/** The panel's price choices (PRICE_RANGES_LAKH) in lakh: 'Under ₹3 lakh', '₹3 – 5 lakh', '₹20 lakh and above'. */
export function lakhBandLabel(value: string): string {
  const band = bandOf(value);
  if (!band) return value;
  const t = textsOf(leadDetailTexts);
  const lakh = (n: number) => formatNumber(n / 100_000);
  if (band.min === undefined)
    return band.max === undefined ? value : t('lakhUnder', { max: lakh(band.max) });
  return band.max === undefined
    ? t('lakhAndAbove', { min: lakh(band.min) })
    : t('lakhBand', { min: lakh(band.min), max: lakh(band.max) });
}

/** A kilometre choice of the panel (KM_UNDER): 'Under 10,000 km'. */
export const kmChoiceLabel = kmBandLabel;

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
      return priceBandLabel(value);
    case 'KmDriven':
      return kmBandLabel(value);
    case 'seats':
      return formatSeats(Number(value));
    case 'year':
      return value.endsWith('-')
        ? translate(leadDetailTexts, 'orNewer', { year: value.slice(0, -1) })
        : value;
    case 'city':
      return value.split(',').join(', ');
    case 'status':
      return value === 'active' || value === 'inactive'
        ? translate(leadDetailTexts, value)
        : value.charAt(0).toUpperCase() + value.slice(1);
    case 'hideSoldOut':
      return translate(leadDetailTexts, value === 'true' ? 'hidden' : 'shown');
    case 'belowMarket':
      return translate(leadDetailTexts, 'belowMarket');
    case 'verified':
      return translate(leadDetailTexts, 'verifiedOnly');
    default:
      return value;
  }
}
