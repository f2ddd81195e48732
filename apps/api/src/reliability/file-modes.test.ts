// Every file the product writes is readable by its own user only: a started server's data folder (0700), database,
// -wal, -shm, JWT secret and lead list snapshot (0600), a mail in the outbox, and a backup taken while it serves,
// which leaves nothing else behind in its folder.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../db/backup';
import { createMailTransport } from '../modules/alerts/email-worker';
import { bundleServer, serverEnv, startServer, type ServerBundle } from './server-process';

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** The modes of a folder and everything in it, by name relative to the folder ('.' is the folder). */
function modesUnder(folder: string): Record<string, string> {
  const modes: Record<string, string> = { '.': modeOf(folder) };
  for (const entry of readdirSync(folder, { recursive: true }) as string[])
    modes[entry] = modeOf(path.join(folder, entry));
  return modes;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('file modes of what the product writes', () => {
  let bundle: ServerBundle;
  let root: string;
  let dataDir: string;

  beforeAll(async () => {
    bundle = await bundleServer();
    root = mkdtempSync(path.join(tmpdir(), 'dealerleads-modes-'));
    dataDir = path.join(root, 'data');
    // A data folder as an older version (or a default umask) left it: open to every local user.
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
  });
  afterAll(() => {
    bundle?.remove();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('keeps the data folder, database, WAL, secret, snapshot, mails and backups owner-only', async () => {
    const env = serverEnv({
      databaseUrl: `file:${path.join(dataDir, 'dealerleads.db')}`,
      jwtSecret: '',
      dataDir,
      extra: { EMAIL_WORKER_INTERVAL_MS: '0' },
    });
    // No JWT_SECRET: the server keeps a generated one in the data folder.
    delete env.JWT_SECRET;
    const server = await startServer(bundle.entry, env);
    try {
      await waitFor('the lead list snapshot', async () => {
        const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
          leadListIndex: string;
        };
        const snapshots = existsSync(path.join(dataDir, 'lead-list'))
          ? readdirSync(path.join(dataDir, 'lead-list')).filter((f) => f.endsWith('.snapshot'))
          : [];
        return health.leadListIndex === 'ready' && snapshots.length > 0 ? true : undefined;
      });
      const started = modesUnder(dataDir);
      expect(started).toMatchObject({
        '.': '700',
        'dealerleads.db': '600',
        'dealerleads.db-wal': '600',
        'dealerleads.db-shm': '600',
        'jwt-secret': '600',
        'lead-list': '700',
      });
      for (const [name, mode] of Object.entries(started))
        expect(mode, name).toBe(name === '.' || name === 'lead-list' ? '700' : '600');

      // A mail written to the outbox (no SMTP_URL), by the worker's own transport.
      const outboxDir = path.join(dataDir, 'outbox');
      const transport = createMailTransport({ outboxDir });
      await transport.send(
        {
          from: 'DealerLeads <alerts@dealerleads.test>',
          to: 'dealer@example.in',
          subject: 'New lead',
          text: 'A 2019 Hyundai Creta',
          html: '<p>A 2019 Hyundai Creta</p>',
          messageId: '<modes-1@dealerleads.test>',
          headers: {},
        },
        'modes-1',
      );
      transport.close();
      expect(modesUnder(outboxDir)).toEqual({ '.': '700', 'modes-1.eml': '600' });

      // A backup of the live database into a folder of its own, as `npm run backup` takes it.
      const backupsDir = path.join(root, 'backups');
      const backupFile = path.join(backupsDir, 'dealerleads-backup.db');
      await backupDatabase(path.join(dataDir, 'dealerleads.db'), backupFile);
      expect(modesUnder(backupsDir)).toEqual({ '.': '700', 'dealerleads-backup.db': '600' });

      // Restored into an empty data folder, the database is owner-only from the start.
      const restoredDir = path.join(root, 'restored');
      await restoreDatabase(backupFile, path.join(restoredDir, 'dealerleads.db'));
      expect(modesUnder(restoredDir)).toEqual({ '.': '700', 'dealerleads.db': '600' });
    } finally {
      await server.stop();
    }
    // The snapshot written at shutdown too.
    for (const [name, mode] of Object.entries(modesUnder(dataDir)))
      expect(mode, name).toBe(['.', 'lead-list', 'outbox'].includes(name) ? '700' : '600');
  });
});
