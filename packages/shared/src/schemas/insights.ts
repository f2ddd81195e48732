// Admin insights (`GET /api/admin/insights?from&to`, docs/owners-insights-moderation.md): KPIs and chart series of a period.
import { z } from './zod';

/**
 * A calendar day of this millennium: the period's days are walked one by one, and past year 9999 the next day's
 * ISO text ('+010000-01…') no longer sorts after the last, so an open-ended `to=9999-12-31` never ended.
 */
const isoDay = (label: string) =>
  z.iso
    .date(`${label} must be a date YYYY-MM-DD`)
    .refine((day) => day >= '2000-01-01' && day <= '2999-12-31', {
      message: `${label} must be a day from 2000 to 2999`,
    });

/** The longest period one answer covers. */
export const INSIGHTS_MAX_DAYS = 366;

/** Both ends are India calendar days, inclusive; without them, the last 30 days. */
export const insightsQuerySchema = z
  .object({ from: isoDay('from').optional(), to: isoDay('to').optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  })
  .refine(
    (q) =>
      q.from === undefined ||
      q.to === undefined ||
      Date.parse(q.to) - Date.parse(q.from) < INSIGHTS_MAX_DAYS * 86_400_000,
    { message: `The period can be at most ${INSIGHTS_MAX_DAYS} days`, path: ['from'] },
  );
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const count = z.number().int();

export const insightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  kpis: z.object({
    newLeads: count,
    unlocks: count,
    /** New leads of the period unlocked at least once. */
    unlockedLeads: count,
    /** unlockedLeads ÷ newLeads (0 with no new leads). */
    unlockRate: z.number(),
    creditsUsed: count,
    creditsSold: count,
    /** Rupees of orders confirmed in the period. */
    revenue: count,
    activeDealers: count,
    disputes: count,
    refunds: count,
    /** New leads of the period whose owner proved the number by an SMS code. */
    verifiedLeads: count,
    /** verifiedLeads ÷ newLeads (0 with no new leads). */
    verifiedShare: z.number(),
  }),
  /** Whether credits sold and revenue come from the orders and the ledger (true since orders exist). */
  creditFigures: z.boolean(),
  perDay: z.array(z.object({ day: z.string(), leads: count, unlocks: count })),
  byCity: z.array(z.object({ city: z.string(), leads: count })),
  topBrands: z.array(z.object({ brand: z.string(), leads: count })),
  topModels: z.array(z.object({ brand: z.string(), model: z.string(), leads: count })),
  /** Leads per price band: from `min` rupees up to (not including) `max`; the last band has no max. */
  priceBands: z.array(z.object({ min: count, max: count.nullable(), leads: count })),
});
export type Insights = z.infer<typeof insightsSchema>;
