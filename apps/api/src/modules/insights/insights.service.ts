// Admin insights of a period, read from the daily rollups the database keeps (migration 0602): a handful of indexed
// range reads over (days × dimension values) rows, whatever the number of leads (docs/owners-insights-moderation.md).
// A year of them is too long a read for the event loop: long reads (runLongRead), off the event loop on SQLite.
import type { Insights, InsightsQuery } from '@dealerleads/shared';
import { runLongRead, type LongRead, type LongReads } from '../../db/database';
import { addDays, todayInIndia } from '../../lib/calendar';

/**
 * Lower bounds of the price bands of the distribution chart, in rupees: the bands the rollup triggers count leads in
 * (migrations 2026-11-24-0602 and 2026-11-26-0101 spell the same bounds in their SQL, as a migration must).
 */
export const INSIGHT_PRICE_BANDS = [
  0, 200_000, 400_000, 600_000, 800_000, 1_000_000, 1_500_000, 2_500_000,
] as const;

export const DEFAULT_INSIGHTS_DAYS = 30;
const TOP_CITIES = 15;
const TOP_BRANDS = 10;
const TOP_MODELS = 10;

const num = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

/** The period asked for, or the last 30 India days up to today. */
export function periodOf(
  query: InsightsQuery,
  now: Date = new Date(),
): { from: string; to: string } {
  const to = query.to ?? todayInIndia(now);
  const from = query.from ?? addDays(to, -(DEFAULT_INSIGHTS_DAYS - 1));
  return { from, to };
}

/** Every day from `from` to `to`, inclusive. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The first instant of an India calendar day, as the ISO text both engines compare timestamps with. */
function indiaDayStart(day: string): string {
  return new Date(`${day}T00:00:00+05:30`).toISOString();
}

export async function readInsights(
  database: LongReads,
  query: InsightsQuery,
  now: Date = new Date(),
): Promise<Insights> {
  const { db } = database;
  const { from, to } = periodOf(query, now);
  const [start, end] = [indiaDayStart(from), indiaDayStart(addDays(to, 1))];
  const read = <R>(statement: LongRead<R>) => runLongRead(database, statement);
  const [leadDays, dimensions, unlockDays, [active], [sales], [disputes], [refunds]] =
    await Promise.all([
      read(
        db
          .selectFrom('lead_daily_stats')
          .select(['day', (eb) => eb.fn.sum<number>('n').as('n')])
          .where('dimension', '=', 'all')
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy('day'),
      ),
      read(
        db
          .selectFrom('lead_daily_stats')
          .select(['dimension', 'value', (eb) => eb.fn.sum<number>('n').as('n')])
          .where('dimension', 'in', [
            'city',
            'brand',
            'model',
            'price_band',
            'unlocked',
            'verified',
          ])
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy(['dimension', 'value']),
      ),
      read(
        db
          .selectFrom('unlock_daily_stats')
          .select([
            'day',
            (eb) => eb.fn.sum<number>('unlocks').as('unlocks'),
            (eb) => eb.fn.sum<number>('credits').as('credits'),
          ])
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy('day'),
      ),
      read(
        db
          .selectFrom('dealer_active_days')
          .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
          .where('day', '>=', from)
          .where('day', '<=', to),
      ),
      // Orders confirmed in the period (by decision time) and their grants: few rows, read through
      // orders(status, decided_on) and the ledger's one-grant-per-order index.
      read(
        db
          .selectFrom('orders as o')
          .innerJoin('credit_ledger as c', (join) =>
            join.onRef('c.order_id', '=', 'o.id').on('c.kind', '=', 'grant'),
          )
          .select((eb) => [
            eb.fn.sum<number>('o.amount').as('revenue'),
            eb.fn.sum<number>('c.amount').as('credits'),
          ])
          .where('o.status', '=', 'confirmed')
          .where('o.decided_on', '>=', start)
          .where('o.decided_on', '<', end),
      ),
      // Disputes and refunds are few: counted straight from their tables between the period's India midnights.
      read(
        db
          .selectFrom('disputes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('created_on', '>=', start)
          .where('created_on', '<', end),
      ),
      // A refund is an approval that gave a credit back (not an Unlimited unlock's): its ledger entry.
      read(
        db
          .selectFrom('credit_ledger')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', 'refund')
          .where('created_on', '>=', start)
          .where('created_on', '<', end),
      ),
    ]);

  const leadsOn = new Map(leadDays.map((r) => [r.day, num(r.n)]));
  const unlocksOn = new Map(unlockDays.map((r) => [r.day, num(r.unlocks)]));
  const perDay = daysBetween(from, to).map((day) => ({
    day,
    leads: leadsOn.get(day) ?? 0,
    unlocks: unlocksOn.get(day) ?? 0,
  }));

  const of = (dimension: string) =>
    dimensions
      .filter((r) => r.dimension === dimension && num(r.n) > 0)
      .map((r) => ({ value: r.value, n: num(r.n) }))
      .sort((a, b) => b.n - a.n || a.value.localeCompare(b.value));

  const newLeads = perDay.reduce((sum, d) => sum + d.leads, 0);
  const unlockedLeads = of('unlocked').reduce((sum, r) => sum + r.n, 0);
  const verifiedLeads = of('verified').reduce((sum, r) => sum + r.n, 0);
  const bandCounts = new Map(of('price_band').map((r) => [Number(r.value), r.n]));

  return {
    from,
    to,
    kpis: {
      newLeads,
      unlocks: perDay.reduce((sum, d) => sum + d.unlocks, 0),
      unlockedLeads,
      unlockRate: newLeads === 0 ? 0 : unlockedLeads / newLeads,
      creditsUsed: unlockDays.reduce((sum, r) => sum + num(r.credits), 0),
      creditsSold: num(sales?.credits),
      revenue: num(sales?.revenue),
      activeDealers: num(active?.n),
      disputes: num(disputes?.n),
      refunds: num(refunds?.n),
      verifiedLeads,
      verifiedShare: newLeads === 0 ? 0 : verifiedLeads / newLeads,
    },
    creditFigures: true,
    perDay,
    byCity: of('city')
      .slice(0, TOP_CITIES)
      .map((r) => ({ city: r.value, leads: r.n })),
    topBrands: of('brand')
      .slice(0, TOP_BRANDS)
      .map((r) => ({ brand: r.value, leads: r.n })),
    topModels: of('model')
      .slice(0, TOP_MODELS)
      .map((r) => {
        const [brand = '', model = ''] = r.value.split('|');
        return { brand, model, leads: r.n };
      }),
    priceBands: INSIGHT_PRICE_BANDS.map((min, i) => ({
      min,
      max: INSIGHT_PRICE_BANDS[i + 1] ?? null,
      leads: bandCounts.get(min) ?? 0,
    })),
  };
}
