// `npm run backup -- <file>`: an online backup of the configured SQLite database (the product may keep serving), at
// the lowest CPU priority (background-job.ts).
import path from 'node:path';
import { backgroundPriorityText } from './background-job';
import { loadDatabaseSettings } from '../config';
import { backupDatabase } from './backup';
import { usePrivateUmask } from '../lib/private-files';
import { exitWithError, helpIfAsked, OperatorError } from './command-line';

// Whatever this tool writes (database, -wal, -shm, backup) is owner-only.
usePrivateUmask();

const USAGE = `
Usage: npm run backup -- <backup file>

Copies the configured SQLite database (DATA_DIR, or DATABASE_URL=file:<path>) to a new file while the product
keeps serving. The file must not exist yet. Restore it with \`npm run restore -- <backup file>\`.
PostgreSQL is backed up with pg_dump -Fc instead. Photos (DATA_DIR/media or the S3 bucket) are not in the file:
copy them after it (docs/operations.md, "Photos").
`;

/** Photos are not in the database file: where they are and how to copy them after it (docs/operations.md, Photos). */
function mediaAdvice(dataDir: string, s3Url: string | undefined): string {
  return s3Url
    ? `Photos are not in this file: they are in the bucket of S3_URL; copy it after this backup with your provider's tools (docs/operations.md, "Photos").`
    : `Photos are not in this file: copy them after it with rsync -a ${path.join(dataDir, 'media')}/ <backup folder>/media/ (docs/operations.md, "Photos").`;
}

helpIfAsked(USAGE);
const target = process.argv[2];
if (!target || target.startsWith('-') || process.argv.length > 3) {
  console.error(USAGE.trim());
  process.exit(2);
}
try {
  const { database, dataDir } = loadDatabaseSettings();
  if (database.engine !== 'sqlite') {
    throw new OperatorError(
      'DATABASE_URL is PostgreSQL: back it up with pg_dump -Fc (README, Operations)',
    );
  }
  const report = await backupDatabase(database.file, target);
  console.log(
    `Backed up ${database.file} to ${report.file}: ${(report.bytes / 1e6).toFixed(1)} MB in ${report.milliseconds} ms (${backgroundPriorityText()})`,
  );
  console.log(mediaAdvice(dataDir, process.env.S3_URL));
} catch (error) {
  exitWithError(error);
}
