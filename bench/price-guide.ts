// The market price guide's own time per query (docs/price-guide.md), without HTTP: guideForCar for the cars of a seeded
// sample of the benchmark database's leads, from the lead list engine's columns, and the SQL fallback's for a part of
// them. Prints p50/p95/p99 of each, in wall time and in CPU time. Figures only.
//
//   node --import tsx bench/price-guide.ts [--leads 1000000] [--queries 5000] [--sql-queries 500]
import path from 'node:path';
import {
  currentLeadsVersion,
  LeadListEngine,
  snapshotFileFor,
} from '../apps/api/src/modules/leads/list-engine';
import {
  guideForCar,
  type StoredCar,
} from '../apps/api/src/modules/price-guide/price-guide.service';
import { databaseIdentity } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import {
  DATA_DIR,
  existingBenchDatabase,
  numberArgument,
  readLeadIds,
  readLeadSample,
} from './database';
import { shuffled } from './shuffle';

const leads = numberArgument('leads', 1_000_000);
const queries = numberArgument('queries', 5_000);
const sqlQueries = numberArgument('sql-queries', 500);
const { bench, config } = existingBenchDatabase(leads);
const database = openDatabase(config);
const engine = new LeadListEngine(database.db, (error) => console.error('engine error:', error), {
  snapshotFile: snapshotFileFor(path.join(DATA_DIR, 'lead-list'), databaseIdentity(config)),
});
await engine.syncTo(await currentLeadsVersion(database.db));
// As a serving process does: it hears of writes, so a guide reads the leads version only after one.
const stopFollowing = engine.follow(database, (error) => console.error('engine listener:', error));
// Never started: its state stays 'loading', so every guide asked through it comes from SQL.
const sqlOnly = new LeadListEngine(database.db, () => undefined);

const ids = await readLeadIds(bench);
const sample = await readLeadSample(bench, shuffled(ids.active, 11).slice(0, queries));
// The wizard's question: a car like a sampled lead's, with or without its gearbox and kilometres.
const cars: StoredCar[] = sample.map((lead, i) => ({
  brand: lead.brand,
  model: lead.model,
  year: lead.year,
  fuelType: lead.fuel_type,
  ...(i % 3 !== 0 ? { transmission: lead.transmission } : {}),
  ...(i % 2 === 0 ? { kmDriven: lead.km_driven } : {}),
}));

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function measure(label: string, listEngine: LeadListEngine, asked: StoredCar[]) {
  const times: number[] = [];
  // CPU time beside wall time: on a shared machine the wall time's tail is mostly waiting for a core.
  const cpuTimes: number[] = [];
  let comparables = 0;
  for (const car of asked) {
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    comparables += (await guideForCar({ db: database.db, listEngine }, car)).comparables;
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    times.push(performance.now() - began);
  }
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, p99 ${ms(percentile(sorted, 0.99))}`;
  };
  console.log(
    `${label.padEnd(8)} ${String(asked.length).padStart(6)} guides: wall ${spread(times)}; ` +
      `CPU ${spread(cpuTimes)}; ${Math.round(comparables / asked.length)} comparables on average`,
  );
}

console.log(`${bench.label}: ${engine.size.toLocaleString('en-US')} leads held`);
await measure('engine', engine, cars);
await measure('sql', sqlOnly, cars.slice(0, sqlQueries));
await stopFollowing();
await engine.close();
await sqlOnly.close();
await database.close();
