// `npm run migrate`: brings the configured database to the latest schema. It needs the database settings only:
// no JWT_SECRET, which only the serving process uses.
import { loadDatabaseSettings } from '../config';
import { exitWithError, helpIfAsked } from './command-line';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { usePrivateUmask } from '../lib/private-files';

// Whatever this tool writes (database, -wal, -shm, backup) is owner-only.
usePrivateUmask();

helpIfAsked(`
Usage: npm run migrate

Brings the configured database (DATABASE_URL, or the SQLite file in DATA_DIR) to the latest schema. The server does
this itself at start-up; run it alone to migrate before starting several processes.
`);

let settings: ReturnType<typeof loadDatabaseSettings> | undefined;
try {
  settings = loadDatabaseSettings();
  const handle = openDatabase(settings.database);
  try {
    const applied = await migrateToLatest(handle.db, handle.engine, handle.schema);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
  } finally {
    await handle.close();
  }
} catch (error) {
  exitWithError(error, settings?.database);
}
