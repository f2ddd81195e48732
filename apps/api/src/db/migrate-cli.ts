// `npm run migrate`: brings the configured database to the latest schema. It needs the database settings only:
// no JWT_SECRET, which only the serving process uses.
import { loadDatabaseSettings } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { usePrivateUmask } from '../lib/private-files';

// Whatever this tool writes (database, -wal, -shm, backup) is owner-only.
usePrivateUmask();

const { database } = loadDatabaseSettings();
const handle = openDatabase(database);
try {
  const applied = await migrateToLatest(handle.db, handle.engine, handle.schema);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
} finally {
  await handle.close();
}
