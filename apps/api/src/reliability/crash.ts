// Crash cycles on a SQLite file: start the real server, fire an unlock burst, SIGKILL it mid-burst, restart, verify.
// Shared by crash-safety.test.ts (20 cycles) and scripts/crash-run.ts (the long run).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { hashPassword } from '../modules/members/passwords';
import { login, request } from './http';
import { ledgerViolations } from './ledger-check';
import type { Random } from './random';
import { serverEnv, startServer, type ServerProcess } from './server-process';
import { addDealers, addLeads, addUserPackages } from './world';

const JWT_SECRET = 'crash-run-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEF';
const PASSWORD = 'Passw0rd!long';
/** Requests in flight at once during a burst. */
const WORKERS = 16;

export interface CrashDealer {
  id: number;
  userName: string;
  token: string;
}

export interface CrashWorld {
  dir: string;
  file: string;
  env: Record<string, string>;
  dealers: CrashDealer[];
  leads: number[];
  /** Every (dealer → lead) unlock a client saw answered 200, over all cycles so far. */
  acknowledged: Map<number, Set<number>>;
  remove(): void;
}

/** A migrated SQLite file on the real disk with dealers (two of them nearly out of credits) and leads. */
export async function createCrashWorld(): Promise<CrashWorld> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-crash-'));
  const file = path.join(dir, 'crash.db');
  const handle = openDatabase({ engine: 'sqlite', file });
  try {
    await migrateToLatest(handle.db, handle.engine);
    const dealers = await addDealers(handle.db, 6, { passwordHash: await hashPassword(PASSWORD) });
    await addUserPackages(
      handle.db,
      dealers.map((d, i) => ({
        userId: d.id,
        kind: 'credits' as const,
        credits: i < 2 ? 25 : 1_000_000,
      })),
    );
    const leads = await addLeads(handle.db, 400);
    return {
      dir,
      file,
      env: serverEnv({ databaseUrl: `file:${file}`, jwtSecret: JWT_SECRET, dataDir: dir }),
      dealers: dealers.map((d) => ({ id: d.id, userName: d.userName, token: '' })),
      leads,
      acknowledged: new Map(dealers.map((d) => [d.id, new Set<number>()])),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    await handle.close();
  }
}

/**
 * What is wrong with the database after a restart: SQLite's own integrity check, the ledger invariants, and every
 * acknowledged unlock present, read both from the file and through the restarted server's API.
 */
export async function crashProblems(world: CrashWorld, server: ServerProcess): Promise<string[]> {
  const problems: string[] = [];
  const raw = new Sqlite(world.file);
  try {
    const integrity = raw.pragma('integrity_check') as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok')
      problems.push(`integrity_check: ${JSON.stringify(integrity)}`);
  } finally {
    raw.close();
  }
  const handle = openDatabase({ engine: 'sqlite', file: world.file });
  try {
    problems.push(...(await ledgerViolations(handle.db)));
    for (const dealer of world.dealers) {
      const rows = await handle.db
        .selectFrom('lead_unlocks')
        .select('lead_id')
        .where('user_id', '=', dealer.id)
        .execute();
      const inLedger = new Set(rows.map((r) => r.lead_id));
      const answer = await request(
        server.url,
        'GET',
        `/api/userpackagelead/user/${dealer.userName}`,
        { token: dealer.token },
      );
      const served = new Set(answer?.status === 200 ? (answer.body as number[]) : []);
      if (answer?.status !== 200)
        problems.push(
          `the restarted server answered ${JSON.stringify(answer)} for ${dealer.userName}`,
        );
      for (const lead of world.acknowledged.get(dealer.id)!) {
        if (!inLedger.has(lead))
          problems.push(
            `acknowledged unlock of lead ${lead} by ${dealer.userName} is not in the ledger`,
          );
        if (!served.has(lead))
          problems.push(
            `the restarted server does not list lead ${lead} as unlocked by ${dealer.userName}`,
          );
      }
    }
  } finally {
    await handle.close();
  }
  return problems;
}

export interface CycleReport {
  problems: string[];
  acknowledged: number;
  cutOff: number;
}

/**
 * One cycle: start the server, verify what earlier cycles left, then fire unlocks from WORKERS clients and SIGKILL
 * the server once `killAfter` of them were acknowledged, with the others still in flight.
 */
export async function crashCycle(
  world: CrashWorld,
  entry: string,
  random: Random,
): Promise<CycleReport> {
  const server = await startServer(entry, world.env);
  try {
    for (const dealer of world.dealers) {
      if (!dealer.token) dealer.token = await login(server.url, dealer.userName, PASSWORD);
    }
    const problems = await crashProblems(world, server);
    if (problems.length > 0) return { problems, acknowledged: 0, cutOff: 0 };

    const killAfter = 1 + random.int(40);
    let acknowledged = 0;
    let cutOff = 0;
    let killing: Promise<void> | undefined;
    const worker = async () => {
      while (!killing) {
        const dealer = random.pick(world.dealers);
        const lead = random.pick(world.leads);
        const answer = await request(server.url, 'POST', `/api/leads/${lead}/unlock`, {
          token: dealer.token,
        });
        if (answer === undefined) {
          cutOff += 1;
          return;
        }
        if (answer.status === 200) {
          world.acknowledged.get(dealer.id)!.add(lead);
          acknowledged += 1;
          if (acknowledged >= killAfter) killing ??= server.kill();
        } else if (answer.status !== 400) {
          problems.push(`unlock answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await (killing ?? server.kill());
    return { problems, acknowledged, cutOff };
  } finally {
    await server.kill();
  }
}

/** A last start after the final kill, to verify what the last cycle left; the server is then stopped cleanly. */
export async function finalCheck(world: CrashWorld, entry: string): Promise<string[]> {
  const server = await startServer(entry, world.env);
  try {
    return await crashProblems(world, server);
  } finally {
    await server.stop();
  }
}
