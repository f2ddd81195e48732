// The market price guide (design.md §11.2): what cars like one fetch on the marketplace, from its own active leads.
import { z } from './zod';
import { FUELS, TRANSMISSIONS } from '../catalogues/options';
import { KM_DRIVEN_MAX, brandChoice, catalogueChoice } from './lead';

/** How far the guide can be trusted: from many close comparables ('high') to too few to say ('none'). */
export const PRICE_GUIDE_CONFIDENCES = ['high', 'medium', 'low', 'none'] as const;
export type PriceGuideConfidence = (typeof PRICE_GUIDE_CONFIDENCES)[number];

const queryText = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} must be at most 100 characters.`);

/** `GET /api/price-guide` query: the car (catalogue values in any spelling, stored as slugs); fuel, gearbox and kilometres narrow the comparables when given. */
export const priceGuideQuerySchema = z.object({
  brand: brandChoice,
  model: queryText('model'),
  year: z.coerce
    .number({ error: 'year must be a whole number' })
    .int('year must be a whole number')
    .min(1900, 'year must be at least 1900')
    .max(2100, 'year must be at most 2100'),
  fuelType: catalogueChoice(FUELS, 'fuelType is required.', 'fuelType').optional(),
  transmission: catalogueChoice(
    TRANSMISSIONS,
    'transmission is required.',
    'transmission',
  ).optional(),
  kmDriven: z.coerce
    .number({ error: 'kmDriven must be a whole number' })
    .int('kmDriven must be a whole number')
    .min(0, 'kmDriven must be at least 0')
    .max(KM_DRIVEN_MAX, `kmDriven must be at most ${KM_DRIVEN_MAX}`)
    .optional(),
  /** Accepted for the wizard's convenience; the marketplace is one region, so every city's leads compare. */
  city: z.string().trim().max(100).optional(),
});
export type PriceGuideQuery = z.infer<typeof priceGuideQuerySchema>;

/** Rupees: the 10th percentile, the median and the 90th percentile of the comparables, or null when too few. */
export const marketPriceSchema = z.object({
  low: z.number().int(),
  median: z.number().int(),
  high: z.number().int(),
});
export type MarketPrice = z.infer<typeof marketPriceSchema>;

export const priceGuideSchema = z.object({
  low: z.number().int().nullable(),
  median: z.number().int().nullable(),
  high: z.number().int().nullable(),
  /** Active leads the figures come from. */
  comparables: z.number().int(),
  confidence: z.enum(PRICE_GUIDE_CONFIDENCES),
});
export type PriceGuide = z.infer<typeof priceGuideSchema>;

/** 'Cars like yours: ₹4.2–4.8 lakh' (one decimal under ₹1 crore). */
export function priceGuideLine(guide: Pick<PriceGuide, 'low' | 'high'>): string | undefined {
  if (guide.low === null || guide.high === null) return undefined;
  const lakh = (n: number) => (n / 100_000).toFixed(1).replace(/\.0$/, '');
  return `Cars like yours: ₹${lakh(guide.low)}–${lakh(guide.high)} lakh`;
}
