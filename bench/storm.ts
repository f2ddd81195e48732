// The write storm: another process imports N leads (the seed CLI, at its default pace) while dealers' lists are read;
// every list request's time is kept, then how long the API took to answer from its engine again. The same readers
// read for a while before the import, with nothing else running, as the baseline. The storm's leads are deleted
// afterwards.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { get as httpGet } from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { BenchDatabase } from './database';
import { ROOT } from './database';
import { childProcessesOf } from '../apps/api/src/reliability/server-process';
import { startService } from './processes';

/** Lists read by the storm's readers over some time: how many, and how long they took (ms). */
export interface ListReads {
  requests: number;
  failed: number;
  p50: number;
  p99: number;
  /** The longest any list request waited (ms). */
  max: number;
  /** The longest the API's event loop was held meanwhile (ms, from /metrics), when the API reported it. */
  loopMax: number | null;
}

export interface StormResult extends ListReads {
  leads: number;
  /** Seconds the import ran. */
  seconds: number;
  /** Seconds from the import's end until the engine was current again (/api/health). */
  readyAfter: number;
  /** The same readers for BASELINE_SECONDS before the import, with nothing else running: what the machine gives. */
  baseline: ListReads;
}

/** How long the readers read lists before the import, with nothing else running (the baseline). */
const BASELINE_SECONDS = 10;
/**
 * Each reader waits this long after a list before asking the next (still far more lists than a dealer reads). The
 * storm measures stalls, not throughput (the mixes do): readers that never wait kept both cores busy, and a virtual
 * machine's host then pauses the whole VM at times (steal time), with or without an import (decision 0011).
 */
const READER_PAUSE_MS = 20;

/**
 * The process's own resident memory (RssAnon: heap, bitmaps, buffers), in MB. Pages of the SQLite file it reads
 * through mmap are the kernel's file cache, shared and reclaimable (RssFile), so they are not counted.
 */
export function rssMegabytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('RssAnon:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * The private RSS of the API in MB: of its process, or with API_PROCESSES > 1 the largest of its workers' (the
 * budget is per process).
 */
export function apiRssMegabytes(pid: number | undefined): number | null {
  const workers = pid === undefined ? [] : childProcessesOf(pid);
  if (workers.length === 0) return rssMegabytes(pid);
  const each = workers.map(rssMegabytes).filter((mb): mb is number => mb !== null);
  return each.length > 0 ? Math.max(...each) : null;
}

/** /api/health's lead list state, asked on a connection of its own (so several API processes take turns). */
function leadListState(baseUrl: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = httpGet(`${baseUrl}/api/health`, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        try {
          resolve((JSON.parse(body) as { leadListIndex?: string }).leadListIndex);
        } catch {
          resolve(undefined);
        }
      });
    });
    req.on('error', () => resolve(undefined));
  });
}

/**
 * Seconds until the API's lead list engine is current (`leadListIndex: ready` in /api/health): in every one of
 * `processes` API processes, which take new connections in turn (2 × processes ready answers in a row).
 */
export async function waitUntilReady(
  baseUrl: string,
  processes = 1,
  timeoutMs = 600_000,
): Promise<number> {
  const started = performance.now();
  let inARow = 0;
  for (;;) {
    inARow = (await leadListState(baseUrl)) === 'ready' ? inARow + 1 : 0;
    if (inARow >= 2 * processes) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutMs) throw new Error('the API never became ready');
    if (inARow === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One piece of work on the bench database: `sqliteWork` on SQLite, the statement `postgres` on PostgreSQL. */
async function execute(
  db: BenchDatabase,
  sqliteWork: (sqlite: Database.Database) => void,
  postgres: string,
  values: unknown[] = [],
): Promise<void> {
  if (db.engine === 'sqlite') {
    const sqlite = new Database(db.file);
    try {
      sqlite.pragma('busy_timeout = 60000');
      sqliteWork(sqlite);
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query(postgres, values);
  } finally {
    await client.end();
  }
}

const deleteAbove = (db: BenchDatabase, lastId: number) =>
  execute(
    db,
    (s) => s.prepare('delete from leads where id > ?').run(lastId),
    'delete from leads where id > $1',
    [lastId],
  );

/**
 * Settles the database the way a quiet night would (PostgreSQL's VACUUM of the dead rows, SQLite's WAL folded back into
 * the file), so the scenarios after the storm run on the database they had before it rather than beside an autovacuum
 * of 100,000 deleted leads.
 */
const settle = (db: BenchDatabase) =>
  execute(db, (s) => s.pragma('wal_checkpoint(TRUNCATE)'), 'vacuum (analyze)');

async function maxLeadId(db: BenchDatabase): Promise<number> {
  if (db.engine === 'sqlite') {
    const sqlite = new Database(db.file, { readonly: true });
    try {
      return sqlite.prepare('select max(id) from leads').pluck().get() as number;
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>('select max(id) as id from leads');
    return Number(rows[0]?.id ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * The longest the API's event loop was held since the previous call (prom-client's delay monitor, reset at each
 * scrape), in ms; null when /metrics did not answer.
 */
async function eventLoopMaxSinceLastScrape(baseUrl: string, token: string): Promise<number | null> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) return null;
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith('dealerleads_nodejs_eventloop_lag_max_seconds '));
  return line ? Math.round(Number(line.split(' ')[1]) * 10_000) / 10 : null;
}

/**
 * `readers` dealers read `paths` in turn, each list after the previous one, until `reading()` says stop; with the
 * API's event-loop maximum over that time.
 */
async function readLists(
  options: {
    baseUrl: string;
    paths: string[];
    token: string;
    metricsToken: string;
    readers: number;
  },
  reading: () => boolean,
): Promise<ListReads> {
  await eventLoopMaxSinceLastScrape(options.baseUrl, options.metricsToken);
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  const reader = async () => {
    while (reading()) {
      const url = options.baseUrl + options.paths[next++ % options.paths.length]!;
      const t = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${options.token}` } });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      if (res.status !== 200) failed++;
      await sleep(READER_PAUSE_MS);
    }
  };
  await Promise.all(Array.from({ length: options.readers }, reader));
  const loopMax = await eventLoopMaxSinceLastScrape(options.baseUrl, options.metricsToken);
  const sorted = times.sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return {
    requests: sorted.length,
    failed,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    loopMax,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function runStorm(options: {
  database: BenchDatabase;
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  /** Leads the database holds now. */
  total: number;
  leads: number;
  /** List paths to read in turn, and the readers' token. */
  paths: string[];
  token: string;
  /** The API's METRICS_TOKEN. */
  metricsToken: string;
  readers: number;
  /** API processes on the port (each must be current before and after). */
  processes: number;
  logFile: string;
}): Promise<StormResult> {
  const baselineEnds = performance.now() + BASELINE_SECONDS * 1000;
  const baseline = await readLists(options, () => performance.now() < baselineEnds);
  const lastId = await maxLeadId(options.database);
  const writer = startService(
    'write storm (seed CLI)',
    process.execPath,
    [
      path.join(ROOT, 'apps/api/dist/seed-cli.js'),
      '--leads',
      String(options.total + options.leads),
    ],
    { ...options.env, SEED_DEMO: 'false' },
    '',
    options.logFile,
  );
  const started = performance.now();
  let writing = true;
  const exited = new Promise<number | null>((resolve) => writer.child.once('exit', resolve));
  void exited.then(() => (writing = false));
  const during = await readLists(options, () => writing);
  const code = await exited;
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0)
    throw new Error(`the write storm's seed CLI exited with ${code}: ${writer.tail()}`);
  const readyAfter = await waitUntilReady(options.baseUrl, options.processes);
  await deleteAbove(options.database, lastId);
  await waitUntilReady(options.baseUrl, options.processes);
  await settle(options.database);
  return {
    ...during,
    leads: options.leads,
    seconds: round(seconds),
    readyAfter: round(readyAfter),
    baseline,
  };
}
