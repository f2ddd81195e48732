// The lead list engine's own time per query, without HTTP or row reads: the pools of `npm run bench` (random filter
// mixes, searches of 2–8 letters, two-letter searches) answered by engine.page() in this process, on the benchmark
// database (SQLite bench/results/db-<N>.sqlite, or DATABASE_URL's PostgreSQL). Each query runs once: the engine keeps
// the result of a query asked again (docs/lead-list-engine.md, "How a query travels"), so a second run would time the kept
// bitmap. The sum of the totals tells two versions of the engine apart that answer differently. Figures only.
//
//   node --import tsx bench/lead-list-queries.ts [--leads 1000000] [--slowest 10]
import path from 'node:path';
import { leadFilterSchema } from '@dealerleads/shared';
import { databaseIdentity } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import {
  canonicalLeadFilter,
  LeadListEngine,
  snapshotFileFor,
} from '../apps/api/src/modules/leads/list-engine';
import { offsetOf } from '../apps/api/src/plugins/pagination';
import {
  DATA_DIR,
  existingBenchDatabase,
  numberArgument,
  readLeadIds,
  readLeadSample,
} from './database';
import { readScenarios, SAMPLE_SIZE } from './scenarios';
import { shuffled } from './shuffle';

const leads = numberArgument('leads', 1_000_000);
const slowest = numberArgument('slowest', 0);
const { bench, config } = existingBenchDatabase(leads);
const database = openDatabase(config);
// The bench's snapshot when `npm run bench` has written one (a start in about a second), else a full load.
const engine = new LeadListEngine(database.db, (error) => console.error('engine error:', error), {
  snapshotFile: snapshotFileFor(path.join(DATA_DIR, 'lead-list'), databaseIdentity(config)),
});
engine.start();
while (engine.state !== 'ready') {
  if (engine.state === 'failed') throw new Error('the engine failed');
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const ids = await readLeadIds(bench);
const sample = await readLeadSample(bench, shuffled(ids.active, 3).slice(0, SAMPLE_SIZE));
const scenarios = readScenarios(ids.active.length, sample);
console.log(
  `${bench.label}: ${engine.size.toLocaleString('en-US')} leads held; each query once, as a dealer asks it`,
);
for (const key of ['mix', 'search-mix', 'search-2']) {
  const scenario = scenarios.find((s) => s.key === key)!;
  const times: { ms: number; query: string }[] = [];
  let totals = 0;
  const cpuBefore = process.cpuUsage();
  for (const listPath of scenario.paths) {
    const query = leadFilterSchema.parse(
      Object.fromEntries(new URL(listPath, 'http://bench').searchParams),
    );
    const filter = canonicalLeadFilter(query, false, { maxDealers: 5, hideByDefault: true });
    const began = performance.now();
    const page = engine.page(filter, offsetOf(query.pageNumber, query.pageSize), query.pageSize);
    times.push({ ms: performance.now() - began, query: listPath });
    totals += page.total;
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a.ms - b.ms);
  const at = (p: number) => times[Math.floor(p * (times.length - 1))]!.ms.toFixed(2);
  const cpuPerRun = (cpu.user + cpu.system) / 1000 / times.length;
  console.log(
    `  ${scenario.label}: ${times.length} queries, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, ` +
      `max ${at(1)} ms; CPU per query ${cpuPerRun.toFixed(2)} ms (with garbage collection); totals ${totals}`,
  );
  for (const { ms, query } of times.slice(-slowest).reverse())
    console.log(`    ${ms.toFixed(2)} ms ${query}`);
}
await engine.close();
await database.close();
