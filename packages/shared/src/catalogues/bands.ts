// Price and kilometre bands of docs/rules.md, in the `min-max` / `min-` / `-max` wire form of docs/api.md, and year filters.
import type { Option } from './options';

export interface Band {
  min: number;
  /** Inclusive upper bound; undefined means "and above". */
  max?: number;
}

/** The largest band bound: prices and kilometres are 32-bit integer columns. */
export const BAND_LIMIT = 2_147_483_647;

/** Parses `100000-150000`, `2500000-` or `-500000` (either end open, not both); undefined for anything else. */
export function parseBand(text: string): Band | undefined {
  const match = /^(\d{1,10})?-(\d{1,10})?$/.exec(text.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const min = match[1] === undefined ? 0 : Number(match[1]);
  const max = match[2] === undefined ? undefined : Number(match[2]);
  if (min > BAND_LIMIT || (max !== undefined && (max < min || max > BAND_LIMIT))) return undefined;
  return max === undefined ? { min } : { min, max };
}

/** The oldest model year a filter names: the list's year filter expands a range into the years within it. */
export const FIRST_FILTER_YEAR = 1900;

/**
 * A year filter: one year (`2019`), several (`2018,2019`), or a range with either end open (`2015-2019`, `2018-`,
 * `-2012`), as the years it takes up to `lastYear`; undefined for anything else.
 */
export function parseYears(text: string, lastYear: number): number[] | undefined {
  const trimmed = text.trim();
  const range = /^(\d{4})?-(\d{4})?$/.exec(trimmed);
  if (range) {
    if (range[1] === undefined && range[2] === undefined) return undefined;
    const from = Math.max(FIRST_FILTER_YEAR, Number(range[1] ?? FIRST_FILTER_YEAR));
    const to = Math.min(lastYear, Number(range[2] ?? lastYear));
    if (range[1] !== undefined && range[2] !== undefined && Number(range[1]) > Number(range[2]))
      return undefined;
    const years: number[] = [];
    for (let year = from; year <= to; year++) years.push(year);
    return years;
  }
  if (!/^\d{4}(\s*,\s*\d{4})*$/.test(trimmed)) return undefined;
  return [...new Set(trimmed.split(',').map((y) => Number(y.trim())))];
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

/** The lead list's price choices, in lakh as dealers speak of prices (₹1 lakh = ₹1,00,000). */
export const PRICE_RANGES_LAKH: Option[] = [
  { value: '-299999', label: 'Under ₹3 lakh' },
  { value: '300000-499999', label: '₹3 – 5 lakh' },
  { value: '500000-799999', label: '₹5 – 8 lakh' },
  { value: '800000-1199999', label: '₹8 – 12 lakh' },
  { value: '1200000-1999999', label: '₹12 – 20 lakh' },
  { value: '2000000-', label: '₹20 lakh and above' },
];

/** The lead list's kilometre choices: under a distance. */
export const KM_UNDER: Option[] = [10_000, 30_000, 50_000, 75_000, 100_000].map((km) => ({
  value: `-${km - 1}`,
  label: `Under ${groupIndian(km)} km`,
}));
