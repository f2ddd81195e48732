// Checks the server makes before serving, so an operator hears what is wrong and what to do at once.
import { createServer } from 'node:net';
import type { Db } from './db/database';

/** The start-up log's warning for a database nobody can log in to (a fresh PostgreSQL database, say). */
export const NO_ACCOUNT_WARNING =
  'The database has no account, so nobody can log in: create the first Admin with `npm run create-admin -- --user-name <name>` (the password from ADMIN_PASSWORD; see `npm run create-admin -- --help`)';

/** Whether any member exists. */
export async function hasAccount(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Fails with EADDRINUSE (or EACCES) when the port cannot be listened on, before any slow start-up work (migrations,
 * the demo seed) is done for nothing. Port 0 (any free port) always passes.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
