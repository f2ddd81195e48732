// `npm run seed -- --leads N`: the demo accounts and packages if missing (where demo data is allowed, see
// loadDatabaseSettings), then leads until there are N (progress bar).
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import { loadDatabaseSettings } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { optimizeLeadSearchIndex } from './migrations/2026-11-22-0005-active-lead-search';
import { insertLeads, seedDemoIfEmpty, LEAD_BATCH } from './seed/demo';
import { createRandom } from './seed/random';

const { values } = parseArgs({ options: { leads: { type: 'string', default: '5000' } } });
const target = Number(values.leads);
if (!Number.isSafeInteger(target) || target < 0) {
  console.error('--leads takes a whole number, e.g. --leads 1000000');
  process.exit(2);
}

const settings = loadDatabaseSettings();
const handle = openDatabase(settings.database);
try {
  await migrateToLatest(handle.db, handle.engine, handle.schema);
  // The demo accounts have published passwords: only where the server would seed them too (SEED_DEMO).
  const seeded = settings.seedDemo ? await seedDemoIfEmpty(handle.db) : undefined;
  if (seeded) console.log(seeded.summary);
  const { n } = await handle.db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const missing = target - Number(n);
  if (missing <= 0) {
    console.log(`The database already holds ${Number(n)} leads`);
  } else {
    const bar = new SingleBar(
      { format: 'leads [{bar}] {percentage}% | {value}/{total} | {eta}s left' },
      Presets.shades_classic,
    );
    bar.start(missing, 0);
    const random = createRandom(Number(n) + 1);
    const started = Date.now();
    // Transactions of 50 batches: few fsyncs, bounded memory.
    const chunk = LEAD_BATCH * 50;
    for (let done = 0; done < missing; done += chunk) {
      const size = Math.min(chunk, missing - done);
      await handle.db
        .transaction()
        .execute((tx) =>
          insertLeads(tx, random, size, started - (missing - done - size) * 1000, (k) =>
            bar.update(done + k),
          ),
        );
    }
    bar.stop();
    await optimizeLeadSearchIndex(handle.db, handle.engine);
    console.log(`Added ${missing} leads in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // Fresh statistics, so the query planner picks the right index for each filter mix.
  await sql`analyze`.execute(handle.db);
} finally {
  await handle.close();
}
