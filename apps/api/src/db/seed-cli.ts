// `npm run seed -- --leads N [--duty D]`: the demo accounts and packages if missing (where demo data is allowed, see
// loadDatabaseSettings), then leads until there are N (progress bar), at the lowest CPU priority and working a share D
// of the time (background-job.ts).
import { backgroundPriorityText, DutyCycle } from './background-job';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { sql, type Kysely } from 'kysely';
import { loadDatabaseSettings } from '../config';
import { exitWithError, helpIfAsked } from './command-line';
import { openDatabase } from './database';
import type { Database } from './schema';
import { migrateToLatest } from './migrate';
import { optimizeLeadSearchIndex } from './lead-search-index';
import { usePrivateUmask } from '../lib/private-files';
import { DEMO_LEAD_COUNT, TOP_UP_STEP_MS, addLeadsUpTo, seedDemoIfEmpty } from './seed/demo';

// Whatever this tool writes (database, -wal, -shm, backup) is owner-only.
usePrivateUmask();

/**
 * The import's connection keeps its work in memory. Each 1,000-lead insert of a 50,000-lead transaction journals the
 * pages it changes (a statement journal, so that one failed statement can be undone alone): by default to a temporary
 * file, a million small writes per 100,000 leads, and SQLite's 2 MB page cache spilled the transaction's pages to the
 * WAL before its commit. With the journals in memory and a cache the size of a transaction the kernel does far less
 * work: the import shares the cores with the API, and a kernel busy with its writes holds a core however low the
 * import's priority (docs/operations.md, "Batch tools run in the background").
 */
async function importOnSqlite(db: Kysely<Database>): Promise<void> {
  await sql`pragma cache_size = -${sql.lit(IMPORT_CACHE_KIB)}`.execute(db);
  await sql`pragma temp_store = memory`.execute(db);
}
/** The import's page cache (KiB): a 50,000-lead transaction's pages, with room to spare. */
const IMPORT_CACHE_KIB = 262_144;
/**
 * By default an import works half the time and sleeps the other half (after each transaction), leaving CPU to the API
 * processes beside it (docs/operations.md, "Batch tools run in the background"); `--duty 1` imports at full speed
 * (nothing else running, e.g. the bench building its database).
 */
const DEFAULT_DUTY = 0.5;
/**
 * Leads per transaction of a paced import: a moment's work under the write lock, and still more changes than an API
 * process's catch-up reads at once, so it applies them as a bulk catch-up (answering as it goes) rather than making
 * requests wait (docs/lead-list-engine.md, "How a write travels").
 */
const PACED_TRANSACTION_LEADS = 5_000;

const USAGE = `
Usage: npm run seed -- [--leads N] [--duty D]

Migrates the configured database, adds the demo accounts and packages where demo data is allowed (the embedded
default database, or SEED_DEMO=true), then generated leads until there are N (default 5000). It runs at the lowest
CPU priority and works a share D of the time (default ${DEFAULT_DUTY}; 1: full speed), so it may run beside the product.
`;
helpIfAsked(USAGE);

let values: { leads: string; duty: string };
try {
  ({ values } = parseArgs({
    options: {
      leads: { type: 'string', default: '5000' },
      duty: { type: 'string', default: String(DEFAULT_DUTY) },
    },
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE.trim()}`);
  process.exit(2);
}
const target = Number(values.leads);
if (!Number.isSafeInteger(target) || target < 0) {
  console.error('--leads takes a whole number, e.g. --leads 1000000');
  process.exit(2);
}
const duty = Number(values.duty);
if (!(duty > 0 && duty <= 1)) {
  console.error(
    '--duty takes the share of time the import works, above 0 and at most 1, e.g. --duty 0.5',
  );
  process.exit(2);
}

let settings: ReturnType<typeof loadDatabaseSettings> | undefined;
try {
  settings = loadDatabaseSettings();
  await seed(settings);
} catch (error) {
  exitWithError(error, settings?.database);
}

async function seed(settings: ReturnType<typeof loadDatabaseSettings>): Promise<void> {
  const handle = openDatabase(settings.database);
  try {
    await migrateToLatest(handle.db, handle.engine, handle.schema);
    if (handle.engine === 'sqlite') await importOnSqlite(handle.db);
    const started = Date.now();
    // The demo accounts have published passwords: only where the server would seed them too (SEED_DEMO). A fresh
    // database gets the demo first, its newest lead far enough back for the leads added after it: createdOn rises with
    // id, and no lead is dated in the future.
    const seeded = settings.seedDemo
      ? await seedDemoIfEmpty(handle.db, {
          now: started,
          leadsEndMs: started - Math.max(0, target - DEMO_LEAD_COUNT) * TOP_UP_STEP_MS,
        })
      : undefined;
    if (seeded) console.log(seeded.summary);
    let bar: SingleBar | undefined;
    const pace = new DutyCycle(duty);
    const { before, added } = await addLeadsUpTo(handle.db, target, {
      now: started,
      onStart: (missing) => {
        bar = new SingleBar(
          { format: 'leads [{bar}] {percentage}% | {value}/{total} | {eta}s left' },
          Presets.shades_classic,
        );
        bar.start(missing, 0);
      },
      onProgress: (done) => bar?.update(done),
      // Paced, an import commits every PACED_TRANSACTION_LEADS and rests between its transactions: resting inside one
      // would hold SQLite's write lock, and an API process's write (an unlock) would wait for it.
      ...(duty < 1
        ? { transactionLeads: PACED_TRANSACTION_LEADS, betweenTransactions: () => pace.rest() }
        : {}),
    });
    bar?.stop();
    if (added === 0) {
      console.log(`The database already holds ${before} leads`);
    } else {
      await optimizeLeadSearchIndex(handle.db, handle.engine);
      console.log(
        `Added ${added} leads in ${((Date.now() - started) / 1000).toFixed(1)} s (${backgroundPriorityText()}; ${pace.summary})`,
      );
    }
    // Fresh statistics, so the query planner picks the right index for each filter mix.
    await sql`analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
}
