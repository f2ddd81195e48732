// Price and kilometre bands of docs/rules.md, in the `min-max` / `min-` wire form of docs/api.md.
import type { Option } from './options';

export interface Band {
  min: number;
  /** Inclusive upper bound; undefined means "and above". */
  max?: number;
}

/** The largest band bound: prices and kilometres are 32-bit integer columns. */
export const BAND_LIMIT = 2_147_483_647;

/** Parses `100000-150000` or `2500000-`; returns undefined for anything else. */
export function parseBand(text: string): Band | undefined {
  const match = /^(\d{1,10})-(\d{1,10})?$/.exec(text.trim());
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = match[2] === undefined ? undefined : Number(match[2]);
  if (min > BAND_LIMIT || (max !== undefined && (max < min || max > BAND_LIMIT))) return undefined;
  return max === undefined ? { min } : { min, max };
}

export function formatBandValue(band: Band): string {
  return `${band.min}-${band.max ?? ''}`;
}

/** Indian digit grouping without a currency sign: 1250000 → "12,50,000". */
export function groupIndian(n: number): string {
  return new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(n);
}

function bands(step: number, from: number, to: number, label: (b: Band) => string): Option[] {
  const options: Option[] = [];
  for (let min = from; min < to; min += step) {
    const band = { min, max: min + step - 1 };
    options.push({ value: formatBandValue(band), label: label(band) });
  }
  const top = { min: to };
  options.push({ value: formatBandValue(top), label: label(top) });
  return options;
}

/** 0–9,999 km … 90,000–99,999 km, then 1,00,000+ km. */
export const KM_BANDS: Option[] = bands(10_000, 0, 100_000, (b) =>
  b.max === undefined
    ? `${groupIndian(b.min)}+ km`
    : `${groupIndian(b.min)} - ${groupIndian(b.max + 1)} km`,
);

/** Under ₹1,00,000, then ₹1,00,000–1,49,999 … then ₹25,00,000+: every price a lead can have is in one band. */
export const PRICE_BANDS: Option[] = [
  { value: formatBandValue({ min: 0, max: 99_999 }), label: 'Under ₹1,00,000' },
  ...bands(50_000, 100_000, 2_500_000, (b) =>
    b.max === undefined
      ? `₹${groupIndian(b.min)}+`
      : `₹${groupIndian(b.min)} - ₹${groupIndian(b.max + 1)}`,
  ),
];
