// `npm run seed -- --leads N`: the demo accounts and packages if missing (where demo data is allowed, see
// loadDatabaseSettings), then leads until there are N (progress bar), at the lowest CPU priority (background-job.ts).
import { backgroundPriorityText } from './background-job';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import { loadDatabaseSettings } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { optimizeLeadSearchIndex } from './lead-search-index';
import { DEMO_LEAD_COUNT, TOP_UP_STEP_MS, addLeadsUpTo, seedDemoIfEmpty } from './seed/demo';

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
  });
  bar?.stop();
  if (added === 0) {
    console.log(`The database already holds ${before} leads`);
  } else {
    await optimizeLeadSearchIndex(handle.db, handle.engine);
    console.log(
      `Added ${added} leads in ${((Date.now() - started) / 1000).toFixed(1)} s (${backgroundPriorityText()})`,
    );
  }
  // Fresh statistics, so the query planner picks the right index for each filter mix.
  await sql`analyze`.execute(handle.db);
} finally {
  await handle.close();
}
