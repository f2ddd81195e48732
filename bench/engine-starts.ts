// Times one start of the built API on an embedded database (bench/results/2026-11-28-engine-starts.md): when it
// answers lists from SQL, when its lead list engine is ready, and what lead_changes held before, at ready and a while
// after (who writes leads after a start). `--cold` deletes the engine's snapshot first; `--cpu-prof DIR` profiles;
// `--clients N` has N connections list leads (SQL answers them) from the first list until the engine is ready;
// `--env DATABASE_URL=postgres://…` starts it on PostgreSQL (DATA_DIR then holds only the snapshot).
// node --import tsx bench/engine-starts.ts --data-dir /tmp/start300k [--cold] [--settle 20] [--clients 4]
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { freePort } from './processes';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    cold: { type: 'boolean', default: false },
    settle: { type: 'string', default: '20' },
    'cpu-prof': { type: 'string' },
    /** Another build's server.js (a baseline's worktree), instead of this one's. */
    server: { type: 'string' },
    env: { type: 'string', multiple: true, default: [] },
    clients: { type: 'string', default: '0' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir is required');
const dbFile = path.join(dataDir, 'dealerleads.db');

interface LogState {
  changes: number;
  newest: number;
  marks: number;
  version: number;
}
const onPostgres = values.env.some((kv) => kv.startsWith('DATABASE_URL='));
/** What lead_changes holds now (read on SQLite only). */
function logState(): LogState | undefined {
  if (onPostgres) return undefined;
  const db = new Database(dbFile, { readonly: true });
  try {
    const row = db
      .prepare(
        `select (select count(*) from lead_changes) as changes,
                (select coalesce(max(revision), 0) from lead_changes) as newest,
                (select count(*) from market_refresh) as marks,
                (select version from leads_version where id = 1) as version`,
      )
      .get() as LogState;
    return row;
  } finally {
    db.close();
  }
}

if (values.cold) rmSync(path.join(dataDir, 'lead-list'), { recursive: true, force: true });
const before = logState();
const port = await freePort();
const began = performance.now();
const seconds = () => ((performance.now() - began) / 1000).toFixed(1);
const child = spawn(
  process.execPath,
  [
    ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : []),
    values.server ?? path.join(ROOT, 'apps/api/dist/server.js'),
  ],
  {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // The listing clients ask far more than a visitor may.
      API_RATE_LIMIT: '100000000',
      // Split at the first '=' only: a URL or a secret may hold more.
      ...Object.fromEntries(
        values.env.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
      ),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
const log: string[] = [];
for (const stream of [child.stdout, child.stderr])
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) log.push(`${seconds()} s ${line.slice(0, 400)}`);
  });
const url = `http://127.0.0.1:${port}`;

interface Health {
  leadListIndex: string;
  leadListLoadSeconds: number | null;
  leadListLoadedFrom: string | null;
  leadListLeads: number;
}
async function health(): Promise<Health | undefined> {
  try {
    const response = await fetch(`${url}/api/health`);
    return response.ok ? ((await response.json()) as Health) : undefined;
  } catch {
    return undefined;
  }
}
/** The API process's private memory (RssAnon, MB): the budget's measure. Linux only; undefined elsewhere. */
function privateMemory(): number | undefined {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = /^RssAnon:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each list's time, asked by `--clients` connections while the engine loads. */
const latencies: number[] = [];
let loading = true;
async function listClient(first: number): Promise<void> {
  for (let page = first; loading; page = (page % 50) + 1) {
    const began = performance.now();
    const response = await fetch(`${url}/api/leads?city=delhi&pageNumber=${page}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`a list answered ${response.status}`);
    latencies.push(performance.now() - began);
  }
}
let clients: Promise<void>[] = [];
let listsAt: string | undefined;
let readyAt: string | undefined;
let ready: Health | undefined;
let seen = '';
for (;;) {
  if (child.exitCode !== null) throw new Error(`the API exited:\n${log.join('\n')}`);
  if (listsAt === undefined) {
    const list = await fetch(`${url}/api/leads?pageSize=20`).catch(() => undefined);
    if (list?.ok) {
      listsAt = seconds();
      clients = Array.from({ length: Number(values.clients) }, (_, i) => listClient(i + 1));
    }
  }
  const h = await health();
  if (h && h.leadListIndex !== seen) {
    seen = h.leadListIndex;
    console.log(`${seconds()} s leadListIndex ${seen}`);
  }
  if (h?.leadListIndex === 'ready') {
    readyAt = seconds();
    loading = false;
    await Promise.all(clients);
    ready = h;
    break;
  }
  await pause(100);
}
const atReady = logState();
const memoryAtReady = privateMemory();
await pause(Number(values.settle) * 1000);
const memorySettled = privateMemory();
const settled = logState();
const settledHealth = await health();
const closing = performance.now();
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
const closeSeconds = ((performance.now() - closing) / 1000).toFixed(1);

/** The lists answered while the engine loaded: how many, and their times' quantiles (ms). */
function listTimes() {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.floor(q * (sorted.length - 1))]!);
  return { answered: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}
console.log(log.filter((l) => /lead list|market|engine/i.test(l)).join('\n'));
console.log(
  JSON.stringify(
    {
      listsAnsweredAfter: listsAt,
      engineReadyAfter: readyAt,
      loadSeconds: ready?.leadListLoadSeconds,
      loadedFrom: ready?.leadListLoadedFrom,
      leads: ready?.leadListLeads,
      privateMegabytes: { atReady: memoryAtReady, settled: memorySettled },
      after: `${values.settle} s more`,
      statusThen: settledHealth?.leadListIndex,
      closeSeconds,
      ...(latencies.length > 0 ? { listsWhileLoading: listTimes() } : {}),
      lead_changes:
        before && atReady && settled
          ? {
              before,
              atReady,
              settled,
              writtenBeforeReady: atReady.newest - before.newest,
              writtenAfterReady: settled.newest - atReady.newest,
            }
          : 'not read on PostgreSQL',
    },
    null,
    2,
  ),
);
