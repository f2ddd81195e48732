// `npm run backup -- <file>`: an online backup of the configured SQLite database (the product may keep serving), at
// the lowest CPU priority (background-job.ts).
import { backgroundPriorityText } from './background-job';
import { loadConfig } from '../config';
import { backupDatabase } from './backup';
import { usePrivateUmask } from '../lib/private-files';

// Whatever this tool writes (database, -wal, -shm, backup) is owner-only.
usePrivateUmask();

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- <backup file>');
  process.exit(2);
}
const { database } = loadConfig();
if (database.engine !== 'sqlite') {
  console.error('DATABASE_URL is PostgreSQL: back it up with pg_dump -Fc (README, Operations)');
  process.exit(2);
}
try {
  const report = await backupDatabase(database.file, target);
  console.log(
    `Backed up ${database.file} to ${report.file}: ${(report.bytes / 1e6).toFixed(1)} MB in ${report.milliseconds} ms (${backgroundPriorityText()})`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
