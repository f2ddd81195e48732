// `npm run restore -- <file>`: puts a backup in place as the configured SQLite database, in an empty data folder only.
import { loadDatabaseSettings } from '../config';
import { restoreDatabase } from './backup';
import { usePrivateUmask } from '../lib/private-files';
import { exitWithError, helpIfAsked, OperatorError } from './command-line';

// Whatever this tool writes (database, -wal, -shm, backup) is owner-only.
usePrivateUmask();

const USAGE = `
Usage: npm run restore -- <backup file>

Puts a backup made by \`npm run backup\` in place as the configured SQLite database (DATA_DIR, or
DATABASE_URL=file:<path>). It refuses to overwrite a database: restore into an empty data folder, with the product
stopped, then start it. PostgreSQL is restored with pg_restore instead.
`;

helpIfAsked(USAGE);
const backup = process.argv[2];
if (!backup || backup.startsWith('-') || process.argv.length > 3) {
  console.error(USAGE.trim());
  process.exit(2);
}
try {
  const { database } = loadDatabaseSettings();
  if (database.engine !== 'sqlite') {
    throw new OperatorError(
      'DATABASE_URL is PostgreSQL: restore it with pg_restore (README, Operations)',
    );
  }
  const report = await restoreDatabase(backup, database.file);
  console.log(
    `Restored ${backup} to ${report.file}: ${(report.bytes / 1e6).toFixed(1)} MB in ${report.milliseconds} ms. Start the product to serve it.`,
  );
} catch (error) {
  exitWithError(error);
}
