// `npm run migrate`: brings the configured database to the latest schema.
import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

const config = loadConfig();
const handle = openDatabase(config.database);
try {
  const applied = await migrateToLatest(handle.db, handle.engine, handle.schema);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
} finally {
  await handle.close();
}
