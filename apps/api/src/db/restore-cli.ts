// `npm run restore -- <file>`: puts a backup in place as the configured SQLite database, in an empty data folder only.
import { loadConfig } from '../config';
import { restoreDatabase } from './backup';
import { usePrivateUmask } from '../lib/private-files';

// Whatever this tool writes (database, -wal, -shm, backup) is owner-only.
usePrivateUmask();

const backup = process.argv[2];
if (!backup) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(2);
}
const { database } = loadConfig();
if (database.engine !== 'sqlite') {
  console.error('DATABASE_URL is PostgreSQL: restore it with pg_restore (README, Operations)');
  process.exit(2);
}
try {
  const report = await restoreDatabase(backup, database.file);
  console.log(
    `Restored ${backup} to ${report.file}: ${(report.bytes / 1e6).toFixed(1)} MB in ${report.milliseconds} ms. Start the product to serve it.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
