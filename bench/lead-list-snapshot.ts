// Time to ready with and without the lead list engine's snapshot, on the benchmark database (SQLite
// bench/results/db-<N>.sqlite, or DATABASE_URL's PostgreSQL): a full load of every lead, the snapshot it writes, a
// restart from that snapshot after new leads arrived, and the longest the event loop waited meanwhile. Figures only.
//
//   node --import tsx bench/lead-list-snapshot.ts [--leads 1000000] [--new 1000]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { databaseIdentity } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { LeadListEngine, snapshotFileFor } from '../apps/api/src/modules/leads/list-engine';
import { makeLead } from '../apps/api/src/test/fixtures';
import { existingBenchDatabase, numberArgument } from './database';
import { rssMegabytes } from './storm';

const leads = numberArgument('leads', 1_000_000);
const added = numberArgument('new', 1000);
const { bench, config: databaseConfig } = existingBenchDatabase(leads);
const database = openDatabase(databaseConfig);
await migrateToLatest(database.db, database.engine, database.schema);
const dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-snapshot-bench-'));
const snapshotFile = snapshotFileFor(dir, databaseIdentity(databaseConfig));

/** Starts an engine and waits until it answers; the time, where it loaded from, and the longest event-loop wait. */
async function startEngine() {
  const engine = new LeadListEngine(database.db, (error) => console.error('engine error:', error), {
    snapshotFile,
    ...(database.runUnlessBusy ? { runUnlessBusy: database.runUnlessBusy } : {}),
  });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  engine.start();
  while (engine.state !== 'ready') {
    if (engine.state === 'failed') throw new Error('the engine failed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  return { engine, seconds, maxStallMs: delay.max / 1e6 };
}

const rss = () => rssMegabytes(process.pid);
console.log(`${bench.label}: lead list engine, time to ready (SQL answers lists meanwhile)`);
const full = await startEngine();
const closing = performance.now();
await full.engine.close(); // waits for the snapshot the full load writes
console.log(
  `  full load of ${full.engine.size.toLocaleString('en-US')} leads: ${full.seconds.toFixed(1)} s ready, ` +
    `longest event-loop wait ${full.maxStallMs.toFixed(0)} ms, private RSS ${rss()} MB; its snapshot ` +
    `(${(statSync(snapshotFile).size / 1e6).toFixed(0)} MB) written ${((performance.now() - closing) / 1000).toFixed(1)} s later`,
);

// Leads arriving while no server runs: the restart applies them from lead_changes.
const before = await database.db
  .selectFrom('leads')
  .select((eb) => eb.fn.max('id').as('id'))
  .executeTakeFirstOrThrow();
for (let i = 0; i < added; i += 500) {
  const batch = Array.from({ length: Math.min(500, added - i) }, () => makeLead());
  await database.db.insertInto('leads').values(batch).execute();
}

const restart = await startEngine();
console.log(
  `  restart from the snapshot + ${added.toLocaleString('en-US')} new leads: ${restart.seconds.toFixed(1)} s ready ` +
    `(${restart.engine.loadedFrom}), longest event-loop wait ${restart.maxStallMs.toFixed(0)} ms, private RSS ${rss()} MB ` +
    `— budget ready ≤ 5 s: ${restart.seconds <= 5 ? 'pass' : 'FAIL'}`,
);
await restart.engine.close();
// The bench's own rows go again: the benchmark database keeps its size.
await database.db
  .deleteFrom('leads')
  .where('id', '>', Number(before.id ?? 0))
  .execute();
await database.close();
rmSync(dir, { recursive: true, force: true });
