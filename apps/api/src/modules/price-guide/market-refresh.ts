// Keeps the market figures on leads current as leads change (docs/price-guide.md, "Kept current"): writes mark the
// model years they touch (migration 2026-11-28-1101); a periodic job leases a few marks, recomputes the figures of
// the active leads those years compare with, writes the ones that moved in small transactions, then clears the marks
// no write renewed meanwhile. Leases make it safe in several processes; the lead list engine sees the new figures
// through lead_changes like any lead write.
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { currentYear, findModel } from '@dealerleads/shared/catalogues';
import type { Db, Engine, Queryable } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { guideOf, WIDEST_YEARS, type ComparableLead, type GuideCar } from './price-guide';
import { sampled } from './price-guide.service';

/** A lead's kept figures (the columns of migration 2026-11-28-0302). */
interface Figures {
  market_low: number | null;
  market_median: number | null;
  market_high: number | null;
}

interface StoredLead extends ComparableLead, Figures {
  id: number;
  status: number;
}

/** A lead whose figures moved, with the new ones. */
export interface FigureChange extends Figures {
  id: number;
}

const NONE: Figures = { market_low: null, market_median: null, market_high: null };

/**
 * How far a kept figure may drift from the guide before the lead is rewritten: one more comparable nudges the
 * percentiles of every lead near it, and rewriting all of them for each submission would make every lead write
 * many (each a change the list engines and the change log must carry) for a difference no dealer reads.
 */
export const FIGURE_TOLERANCE = 0.02;

/** Whether the guide's figures differ from the kept ones by more than the tolerance, or one side has none. */
export function figuresMoved(kept: Figures, now: Figures): boolean {
  const drifted = (a: number | null, b: number | null) =>
    a === null || b === null ? a !== b : Math.abs(a - b) > a * FIGURE_TOLERANCE;
  return (
    drifted(kept.market_low, now.market_low) ||
    drifted(kept.market_median, now.market_median) ||
    drifted(kept.market_high, now.market_high)
  );
}

/** Guides computed between two yields to requests waiting on this process. */
const COMPUTE_SLICE = 200;

/**
 * The active leads of a model in `years` whose kept figures differ from what the guide says now, computed from the
 * same comparables (and the same sample of each year) as `guideForCar` reads.
 */
export async function figureChanges(
  db: Queryable,
  brand: string,
  model: string,
  years: { min: number; max: number },
  now: Date,
): Promise<FigureChange[]> {
  const rows: StoredLead[] = (
    await db
      .selectFrom('leads')
      .select([
        'id',
        'status',
        'year',
        'fuel_type',
        'transmission',
        'km_driven',
        'price',
        'market_low',
        'market_median',
        'market_high',
      ])
      .where('brand', '=', brand)
      .where('model', '=', model)
      .where('year', '>=', years.min - WIDEST_YEARS)
      .where('year', '<=', years.max + WIDEST_YEARS)
      .orderBy('year')
      .orderBy('id')
      .execute()
  ).map((r) => ({
    ...r,
    status: Number(r.status),
    fuelType: r.fuel_type,
    transmission: r.transmission,
    kmDriven: r.km_driven,
  }));
  const active = rows.filter((r) => r.status === 1);
  const catalogue = findModel(brand, model);
  const comparables = sampled(active);
  const changes: FigureChange[] = [];
  let sinceYield = 0;
  for (const lead of active) {
    if (lead.year < years.min || lead.year > years.max) continue;
    let figures = NONE;
    if (catalogue) {
      const car: GuideCar = {
        segment: catalogue.segment,
        year: lead.year,
        currentYear: currentYear(now),
        fuelType: lead.fuelType,
        transmission: lead.transmission,
        ...(lead.kmDriven !== null ? { kmDriven: lead.kmDriven } : {}),
      };
      const pool = comparables.filter((c) => Math.abs(c.year - lead.year) <= WIDEST_YEARS);
      const guide = guideOf(car, pool, () => pool);
      if (guide.low !== null && guide.median !== null && guide.high !== null)
        figures = { market_low: guide.low, market_median: guide.median, market_high: guide.high };
    }
    if (figuresMoved(lead, figures)) changes.push({ id: lead.id, ...figures });
    if (++sinceYield >= COMPUTE_SLICE) {
      sinceYield = 0;
      await yieldToRequests();
    }
  }
  return changes;
}

/** Writes new figures; only an active lead takes them (one sold meanwhile keeps what it had). */
export async function writeFigures(db: Queryable, changes: readonly FigureChange[]): Promise<void> {
  for (const { id, ...figures } of changes)
    await db
      .updateTable('leads')
      .set(figures)
      .where('id', '=', id)
      .where('status', '=', 1)
      .execute();
}

/**
 * Every lead's figures from scratch, in the caller's transaction (the demo seed), and no marks left: a fresh
 * database has nothing to catch up on.
 */
export async function refreshAllFigures(db: Queryable, now: Date): Promise<number> {
  const spans = await db
    .selectFrom('leads')
    .select((eb) => [
      'brand',
      'model',
      eb.fn.min<number>('year').as('min'),
      eb.fn.max<number>('year').as('max'),
    ])
    .where('status', '=', 1)
    .groupBy(['brand', 'model'])
    .orderBy('brand')
    .orderBy('model')
    .execute();
  let written = 0;
  for (const { brand, model, min, max } of spans) {
    const changes = await figureChanges(db, brand, model, { min, max }, now);
    await writeFigures(db, changes);
    written += changes.length;
  }
  await db.deleteFrom('market_refresh').execute();
  return written;
}

export interface MarketRefreshOptions {
  /** Marks (model years) one run leases at most. */
  marks: number;
  /** Leads written per transaction. */
  batch: number;
  /** How long a run holds its marks before another process may take them (a crashed run's marks come back). */
  leaseMs: number;
  /** Runs one tick makes at most, so leads written faster than the job works keep it bounded too. */
  runsPerTick: number;
}

export const MARKET_REFRESH_DEFAULTS: MarketRefreshOptions = {
  marks: 20,
  batch: 500,
  leaseMs: 10 * 60_000,
  runsPerTick: 10,
};

interface Mark {
  brand: string;
  model: string;
  year: number;
  version: number;
}

/** Leases up to `marks` marks no other run holds; on PostgreSQL a mark another process is leasing is skipped. */
async function leaseMarks(
  database: { db: Db; engine: Engine },
  now: Date,
  { marks, leaseMs }: MarketRefreshOptions,
): Promise<Mark[]> {
  const nowIso = now.toISOString();
  return runWrite(database.db, database.engine, async (tx) => {
    let query = tx
      .selectFrom('market_refresh')
      .select(['brand', 'model', 'year', 'version'])
      .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', nowIso)]))
      .orderBy('brand')
      .orderBy('model')
      .orderBy('year')
      .limit(marks);
    if (database.engine === 'postgres') query = query.forUpdate().skipLocked();
    const leased = await query.execute();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    for (const m of leased)
      await tx
        .updateTable('market_refresh')
        .set({ leased_until: until })
        .where('brand', '=', m.brand)
        .where('model', '=', m.model)
        .where('year', '=', m.year)
        .execute();
    return leased;
  });
}

/**
 * One run: leases marks, refreshes the model years they reach (a car compares with leads up to WIDEST_YEARS either
 * side), then clears each mark unless a write renewed it meanwhile, which leaves it for the next run. Returns the
 * leads whose figures it changed.
 */
export async function runMarketRefresh(
  database: { db: Db; engine: Engine },
  now: Date,
  options: MarketRefreshOptions = MARKET_REFRESH_DEFAULTS,
): Promise<{ marks: number; changed: number }> {
  const marks = await leaseMarks(database, now, options);
  const models = new Map<string, { brand: string; model: string; min: number; max: number }>();
  for (const m of marks) {
    const key = `${m.brand}\u0000${m.model}`;
    const span = models.get(key) ?? { brand: m.brand, model: m.model, min: m.year, max: m.year };
    span.min = Math.min(span.min, m.year);
    span.max = Math.max(span.max, m.year);
    models.set(key, span);
  }
  let changed = 0;
  for (const { brand, model, min, max } of models.values()) {
    const changes = await figureChanges(
      database.db,
      brand,
      model,
      { min: min - WIDEST_YEARS, max: max + WIDEST_YEARS },
      now,
    );
    for (let at = 0; at < changes.length; at += options.batch) {
      const slice = changes.slice(at, at + options.batch);
      await runWrite(database.db, database.engine, (tx) => writeFigures(tx, slice));
    }
    changed += changes.length;
  }
  if (marks.length > 0)
    await runWrite(database.db, database.engine, async (tx) => {
      for (const m of marks) {
        const at = tx
          .deleteFrom('market_refresh')
          .where('brand', '=', m.brand)
          .where('model', '=', m.model)
          .where('year', '=', m.year);
        await at.where('version', '=', m.version).execute();
        await tx
          .updateTable('market_refresh')
          .set({ leased_until: null })
          .where('brand', '=', m.brand)
          .where('model', '=', m.model)
          .where('year', '=', m.year)
          .execute();
      }
    });
  return { marks: marks.length, changed };
}

export interface MarketRefreshSchedule {
  stop(): Promise<void>;
}

/**
 * Runs the refresh every `intervalMs`, one run at a time in this process, until no marks are left or runsPerTick. The
 * first run comes an interval after the start, not at it: the leads it rewrites would be changes every restarting
 * process's lead list engine applies before it answers, and its guides share the cores with that engine's load.
 */
export function scheduleMarketRefresh(
  database: { db: Db; engine: Engine },
  clock: () => Date,
  intervalMs: number,
  onError: (error: unknown) => void,
  options: MarketRefreshOptions = MARKET_REFRESH_DEFAULTS,
): MarketRefreshSchedule {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const drain = async () => {
    for (let run = 0; run < options.runsPerTick && !stopped; run++) {
      if ((await runMarketRefresh(database, clock(), options)).marks === 0) return;
      await yieldToRequests();
    }
  };
  const tick = () => {
    running = running.then(drain).catch(onError);
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
