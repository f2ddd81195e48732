// Online backup under load: `npm run backup` copies the SQLite file while a real server takes unlocks and lead
// submissions; `npm run restore` puts the copy into an empty data folder (and refuses a live one); the product starts
// on it with a sound ledger and every write acknowledged before the backup began.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { BACKGROUND_PRIORITY_TEXT, runCli } from '../test/run-cli';
import { createCrashWorld, type CrashWorld } from './crash';
import { login, request } from './http';
import { ledgerViolations } from './ledger-check';
import { bundleServer, startServer, type ServerBundle } from './server-process';

const PASSWORD = 'Passw0rd!long';
const JWT_SECRET = 'crash-run-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEF';

/** Runs an npm script the way an operator does (`npm run backup -- <file>`). */
const runScript = (script: 'backup' | 'restore', file: string, env: Record<string, string>) =>
  runCli(script, [file], env);

let phone = 0;
/** A plausible phone number no other submission used (no repeated digit runs, so moderation lets it through). */
function nextPhone(): string {
  phone += 1;
  return `7${String(304_918_27 + phone * 7_919)
    .padStart(9, '0')
    .slice(-9)}`;
}

describe('backup and restore of SQLite under load', () => {
  let bundle: ServerBundle;
  let world: CrashWorld;
  let restoredDir: string;

  beforeAll(async () => {
    bundle = await bundleServer();
    world = await createCrashWorld();
    restoredDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-restored-'));
  });
  afterAll(() => {
    bundle?.remove();
    world?.remove();
    rmSync(restoredDir, { recursive: true, force: true });
  });

  it('keeps every write acknowledged before the backup began, with a sound ledger, after a restore', async () => {
    const server = await startServer(bundle.entry, world.env);
    const backupFile = path.join(world.dir, 'backups', 'dealerleads-backup.db');
    const unlocks: { dealer: number; lead: number }[] = [];
    const submissions: { id: number }[] = [];
    const problems: string[] = [];
    // How many of each were acknowledged when the backup began (by count: a time of acknowledgement in the backup's
    // own millisecond does not say which came first).
    let acknowledgedUnlocks = 0;
    let acknowledgedSubmissions = 0;
    let backup: { code: number | null; output: string } | undefined;
    try {
      const tokens = new Map<number, string>();
      for (const dealer of world.dealers)
        tokens.set(dealer.id, await login(server.url, dealer.userName, PASSWORD));

      let stop = false;
      let step = 0;
      const unlocker = async () => {
        while (!stop) {
          step += 1;
          const dealer = world.dealers[step % world.dealers.length]!;
          const lead = world.leads[(step * 7) % world.leads.length]!;
          const answer = await request(server.url, 'POST', `/api/leads/${lead}/unlock`, {
            token: tokens.get(dealer.id)!,
          });
          if (answer?.status === 200) unlocks.push({ dealer: dealer.id, lead });
          else if (answer?.status !== 400) problems.push(`unlock: ${JSON.stringify(answer)}`);
        }
      };
      const submitter = async () => {
        while (!stop) {
          const answer = await request(server.url, 'POST', '/api/leads', {
            body: {
              year: 2019,
              brand: 'hyundai',
              model: 'Creta',
              ownerType: 'first',
              transmission: 'manual',
              fuelType: 'diesel',
              seats: 5,
              fullName: 'Backup Owner',
              city: 'Noida',
              phoneNumber: nextPhone(),
              price: 1_150_000,
              consent: true,
            },
          });
          if (answer?.status === 201) submissions.push({ id: (answer.body as { id: number }).id });
          else problems.push(`submission: ${JSON.stringify(answer)}`);
        }
      };
      const load = Promise.all([
        unlocker(),
        unlocker(),
        unlocker(),
        unlocker(),
        submitter(),
        submitter(),
      ]);

      // Let writes pile up, then back up while they go on.
      while (unlocks.length < 40 || submissions.length < 10) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (problems.length > 0) break;
      }
      const [, databaseFile] = /^file:(.*)$/.exec(world.env.DATABASE_URL!)!;
      acknowledgedUnlocks = unlocks.length;
      acknowledgedSubmissions = submissions.length;
      backup = await runScript('backup', backupFile, {
        DATABASE_URL: `file:${databaseFile}`,
        JWT_SECRET,
      });
      // Writes went on during the backup: the product kept serving.
      const duringBackup =
        unlocks.length - acknowledgedUnlocks + submissions.length - acknowledgedSubmissions;
      stop = true;
      await load;
      expect(problems).toEqual([]);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/Backed up .* to .*dealerleads-backup\.db/);
      // A batch tool: it ran at the lowest CPU priority, beside the serving product.
      expect(backup.output).toContain(`(${BACKGROUND_PRIORITY_TEXT})`);
      expect(duringBackup).toBeGreaterThan(0);

      // A second backup to the same file is refused, the first stays whole.
      const again = await runScript('backup', backupFile, {
        DATABASE_URL: `file:${databaseFile}`,
        JWT_SECRET,
      });
      expect(again.code).toBe(1);
      expect(again.output).toContain('exists already');
    } finally {
      await server.stop();
    }

    // Restore refuses a data folder whose database is there (the one we just served).
    const refused = await runScript('restore', backupFile, {
      DATABASE_URL: world.env.DATABASE_URL!,
      JWT_SECRET,
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Refusing to overwrite');

    const restored = await runScript('restore', backupFile, { DATA_DIR: restoredDir, JWT_SECRET });
    expect(restored.code, restored.output).toBe(0);
    const restoredFile = path.join(restoredDir, 'dealerleads.db');

    // The product starts on the copy and serves the acknowledged unlocks.
    const env = {
      ...world.env,
      DATABASE_URL: `file:${restoredFile}`,
      DATA_DIR: restoredDir,
    };
    const again = await startServer(bundle.entry, env);
    try {
      const before = unlocks.slice(0, acknowledgedUnlocks);
      const beforeSubmissions = submissions.slice(0, acknowledgedSubmissions);
      expect(before.length).toBeGreaterThanOrEqual(40);
      expect(beforeSubmissions.length).toBeGreaterThanOrEqual(10);

      const handle = openDatabase({ engine: 'sqlite', file: restoredFile });
      try {
        expect(await ledgerViolations(handle.db)).toEqual([]);
        const ledger = await handle.db
          .selectFrom('lead_unlocks')
          .select(['user_id', 'lead_id'])
          .execute();
        const inLedger = new Set(ledger.map((row) => `${row.user_id}:${row.lead_id}`));
        const missing = before.filter((u) => !inLedger.has(`${u.dealer}:${u.lead}`));
        expect(missing).toEqual([]);
        const leads = await handle.db
          .selectFrom('leads')
          .select('id')
          .where(
            'id',
            'in',
            beforeSubmissions.map((s) => s.id),
          )
          .execute();
        expect(leads).toHaveLength(beforeSubmissions.length);
      } finally {
        await handle.close();
      }

      const dealer = world.dealers[0]!;
      const token = await login(again.url, dealer.userName, PASSWORD);
      const answer = await request(
        again.url,
        'GET',
        `/api/userpackagelead/user/${dealer.userName}`,
        {
          token,
        },
      );
      expect(answer?.status).toBe(200);
      const served = new Set(answer!.body as number[]);
      for (const u of before.filter((x) => x.dealer === dealer.id))
        expect(served.has(u.lead)).toBe(true);
    } finally {
      await again.stop();
    }
  });
});
