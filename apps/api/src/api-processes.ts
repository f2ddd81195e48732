// Several API processes on one port (API_PROCESSES > 1): this process prepares the database once, forks the workers
// that serve, replaces one that dies, and stops them all on SIGTERM/SIGINT (docs/operations.md, "Several processes").
import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/demo';
import { hasAccount, NO_ACCOUNT_WARNING } from './start-up-checks';

/** More restarts than this per process within a minute: the workers cannot start, the supervisor gives up. */
const RESTARTS_PER_PROCESS_PER_MINUTE = 5;
const RESTART_DELAY_MS = 500;

/** One JSON line like the workers' own log lines (pino's shape), so one log reader takes both. */
function logLine(level: 'info' | 'warn' | 'error' | 'fatal', msg: string, config: AppConfig): void {
  const levels = { info: 30, warn: 40, error: 50, fatal: 60 } as const;
  const wanted = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 };
  if (levels[level] < (wanted[config.logLevel as keyof typeof wanted] ?? 30)) return;
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, role: 'supervisor', msg })}\n`,
  );
}

/**
 * Migrations and the demo seed run here, once, before any worker opens the database. Answers what the seed did and
 * whether the database has an account at all.
 */
export async function prepareDatabase(
  config: AppConfig,
): Promise<{ seeded: string | undefined; anyAccount: boolean }> {
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.engine, database.schema);
    const seeded = config.seedDemo ? (await seedDemoIfEmpty(database.db))?.summary : undefined;
    return { seeded, anyAccount: await hasAccount(database.db) };
  } finally {
    await database.close();
  }
}

/** Runs in the primary process: prepares the database, then keeps `config.apiProcesses` workers serving. */
export async function superviseApiProcesses(config: AppConfig): Promise<void> {
  const { seeded, anyAccount } = await prepareDatabase(config);
  if (seeded) logLine('info', seeded, config);
  if (!anyAccount) logLine('warn', NO_ACCOUNT_WARNING, config);

  let stopping = false;
  const restarts: number[] = [];
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of live()) worker.process.kill(signal);
    if (live().length === 0) process.exit();
  };
  const fork = () => cluster.fork();

  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.apiProcesses) {
      logLine(
        'info',
        `DealerLeads is serving on http://localhost:${config.port} with ${config.apiProcesses} processes`,
        config,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (live().length === 0) process.exit();
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > RESTARTS_PER_PROCESS_PER_MINUTE * config.apiProcesses) {
      logLine(
        'fatal',
        `API processes keep exiting (the last: ${signal ?? code}); stopping`,
        config,
      );
      stopping = true;
      process.exitCode = 1;
      stopAll('SIGTERM');
      return;
    }
    logLine(
      'error',
      `API process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`,
      config,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logLine('info', `${signal} received, closing ${live().length} API processes`, config);
      stopAll('SIGTERM');
    });
  }

  for (let i = 0; i < config.apiProcesses; i++) fork();
}
