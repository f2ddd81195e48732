// `npm run bench`: builds, seeds or reuses a database of N leads, load-tests the production server against a ceiling, prints the §8 budgets.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, type Session } from './api-client';
import {
  chooseDatabase,
  DATA_DIR,
  readLeadIds,
  readLeadSample,
  RESULTS_DIR,
  ROOT,
  seedDatabase,
} from './database';
import { measure, type LoadResult } from './load';
import { parseOptions, runsPart, type BenchOptions } from './options';
import {
  freePort,
  installExitHandlers,
  runCommand,
  startService,
  stopAll,
  stopChild,
  waitForHttp,
} from './processes';
import { probePool, type Probe } from './probe';
import {
  budgetChecks,
  notesOf,
  renderReport,
  type Measurements,
  type ScenarioReport,
} from './report';
import { readScenarios, SAMPLE_SIZE, type Scenario } from './scenarios';
import { shuffled } from './shuffle';
import { memoryParts } from './memory';
import { apiRssMegabytes, runStorm, waitUntilReady } from './storm';
import { runUnlock, unlockedByAny } from './unlock';
import { runWrites, WRITES_PER_SECOND } from './writes';
import { CHROMIUM, runLighthouse } from './web';
import { measureJavaScript, routeFromRequests } from './web-size';

const API_DIST = path.join(ROOT, 'apps/api/dist');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const DEMO = {
  admin: { userName: 'admin', password: 'Admin@2026' },
  dealer: { userName: 'dealer', password: 'Dealer@2026' },
  /** Unlocks as a dealer of its own, so the reading dealer's unlocks (and pages) stay the same from run to run. */
  unlocker: { userName: 'benchunlocker', password: 'Unlock@2026' },
};
/** Dealers of the many-dealer unlock scenario (benchunlocker1…N, registered on first use). */
const UNLOCKING_DEALERS = 32;

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

async function ensureBuild(options: BenchOptions): Promise<void> {
  const server = path.join(API_DIST, 'server.js');
  const seed = path.join(API_DIST, 'seed-cli.js');
  const index = path.join(WEB_DIST, 'index.html');
  const missing = ![server, seed, index].every((f) => existsSync(f));
  if (options.build || missing) {
    console.log(missing ? 'Bundles missing: npm run build' : 'npm run build (--build)');
    await runCommand('npm', ['run', 'build'], process.env);
    return;
  }
  const apiSources = Math.max(
    newestMtime(path.join(ROOT, 'apps/api/src')),
    newestMtime(path.join(ROOT, 'packages/shared/src')),
  );
  if (apiSources > statSync(server).mtimeMs) {
    console.warn(
      '⚠ apps/api/dist is older than the API sources: measuring the old bundle (pass --build to rebuild)',
    );
  }
  if (newestMtime(path.join(ROOT, 'apps/web/src')) > statSync(index).mtimeMs) {
    console.warn(
      '⚠ apps/web/dist is older than the web sources: measuring the old bundle (pass --build to rebuild)',
    );
  }
}

function gitFacts(): { commit: string; dirtyFiles: number } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain', 'apps', 'packages'], { cwd: ROOT })
      .toString()
      .split('\n')
      .filter(Boolean).length;
    return { commit, dirtyFiles: dirty };
  } catch {
    return { commit: 'unknown', dirtyFiles: 0 };
  }
}

function report(
  s: { key: string; label: string; paths: string[] },
  load: LoadResult,
  ceilingRps: number | null,
  p?: Probe,
): ScenarioReport {
  return {
    key: s.key,
    label: s.label,
    queries: s.paths.length,
    examples: s.paths.slice(0, 3),
    ...load,
    ratio: ceilingRps ? Math.round((load.rps / ceilingRps) * 100) / 100 : null,
    ...(p ? { probe: p } : {}),
  };
}

function logLine(r: ScenarioReport): void {
  const codes = Object.entries(r.statusCodes)
    .map(([c, n]) => `${c}×${n}`)
    .join(' ');
  console.log(
    `  ${r.label.padEnd(42)} ${Math.round(r.rps).toString().padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)}  p99 ${r.p99
      .toFixed(1)
      .padStart(6)} ms  ${codes}${r.errors ? `  errors ${r.errors}` : ''}`,
  );
}

/**
 * Waits until the API answers /api/health quickly again: requests cut off at the end of a scenario keep the
 * server busy (a synchronous database call cannot be cancelled), and the next scenario must not pay for them.
 */
async function drain(baseUrl: string, maxMs = 300_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const t = performance.now();
    try {
      await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(maxMs) });
    } catch {
      // still busy, or refused: try again
    }
    if (performance.now() - t < 100 || Date.now() - started > maxMs) return Date.now() - started;
  }
}

async function main(): Promise<void> {
  installExitHandlers();
  const options = parseOptions(process.argv.slice(2));
  const started = new Date();
  const stamp = started
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  mkdirSync(path.join(RESULTS_DIR, 'logs'), { recursive: true });
  mkdirSync(DATA_DIR, { recursive: true });

  const loadBefore = os.loadavg()[0] ?? 0;
  if (loadBefore > 1) {
    console.warn(
      `⚠ the machine is busy (load ${loadBefore.toFixed(1)} on ${os.cpus().length} CPUs): figures will be noisy`,
    );
  }
  await ensureBuild(options);
  const database = chooseDatabase(options.leads, process.env);
  const jwtSecret = randomBytes(48).toString('base64url');
  const metricsToken = randomBytes(24).toString('base64url');
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR,
    JWT_SECRET: jwtSecret,
    METRICS_TOKEN: metricsToken,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT: '100000000',
    LOGIN_RATE_LIMIT: '100000',
    LOGIN_IP_RATE_LIMIT: '100000',
    LEAD_SUBMIT_RATE_LIMIT: '100000',
    // Their traffic submits leads without SMS codes.
    PHONE_VERIFICATION: 'optional',
  };
  await seedDatabase(database, options.leads, baseEnv);
  if (options.coldStart) {
    // A first start: no snapshot of any bench database to restore.
    rmSync(path.join(DATA_DIR, 'lead-list'), { recursive: true, force: true });
    console.log('--cold-start: the engine snapshots in DATA_DIR were deleted');
  }

  const apiPort = options.port || (await freePort());
  const apiLog = path.join(RESULTS_DIR, 'logs', `${stamp}-api.log`);
  type Health = {
    database: { engine: string; version: string };
    leadListIndex: string;
    leadListMegabytes: number;
    leadListLoadSeconds: number | null;
    leadListLoadedFrom: 'database' | 'snapshot' | null;
  };
  /** Starts the API, waits until it answers (from SQL) and until its engine is ready; the times are from its spawn. */
  const startApi = async (log: string) => {
    const spawnedAt = performance.now();
    const service = startService(
      'API server',
      process.execPath,
      [
        ...(options.cpuProf
          ? ['--cpu-prof', `--cpu-prof-dir=${path.join(RESULTS_DIR, 'profiles')}`]
          : []),
        ...(process.env.API_NODE_FLAGS ? process.env.API_NODE_FLAGS.split(' ') : []),
        path.join(API_DIST, 'server.js'),
      ],
      { ...baseEnv, PORT: String(apiPort), API_PROCESSES: String(options.processes) },
      `http://127.0.0.1:${apiPort}`,
      log,
    );
    await waitForHttp(service, '/api/health', 300_000);
    // The API answers lists at once (from SQL) and loads its lead list engine in the background.
    const answeringAfter = (performance.now() - spawnedAt) / 1000;
    const rssAtStart = apiRssMegabytes(service.child.pid);
    await waitUntilReady(service.url, options.processes);
    const readyAfter = (performance.now() - spawnedAt) / 1000;
    const ready = (await (await fetch(`${service.url}/api/health`)).json()) as Health;
    const rssReady = apiRssMegabytes(service.child.pid);
    console.log(
      `API answering ${answeringAfter.toFixed(1)} s after its start, lead list engine ready after ${readyAfter.toFixed(1)} s ` +
        `(its load from ${ready.leadListLoadedFrom === 'snapshot' ? 'the snapshot in DATA_DIR' : 'every lead'}: ` +
        `${ready.leadListLoadSeconds?.toFixed(1) ?? '?'} s, ${ready.leadListMegabytes} MB; private RSS ${rssReady} MB)`,
    );
    return { service, answeringAfter, readyAfter, rssAtStart, rssReady, ready };
  };
  const first = await startApi(apiLog);
  const { service: apiService, answeringAfter, readyAfter, rssAtStart, ready } = first;
  // The database's version is shown only to the metrics token's holder.
  const health = (await (
    await fetch(`${apiService.url}/api/health`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    })
  ).json()) as Health;
  console.log(
    `API serving on ${apiService.url} (${health.database.engine} ${health.database.version}); log ${path.relative(ROOT, apiLog)}`,
  );

  const api = new ApiClient(apiService.url);
  const admin: Session = await api.login(DEMO.admin.userName, DEMO.admin.password);
  const dealer: Session = await api.login(DEMO.dealer.userName, DEMO.dealer.password);
  const ids = await readLeadIds(database);
  console.log(
    `Database: ${ids.total.toLocaleString('en-US')} leads (${ids.active.length.toLocaleString('en-US')} active) in ${database.label}`,
  );
  if (ids.total < options.leads)
    console.warn(`⚠ the database holds fewer leads than --leads ${options.leads}`);
  if (ids.active.length === 0) throw new Error('no active leads to benchmark');

  const run = {
    connections: options.connections,
    duration: options.duration,
    warmup: options.warmup,
  };
  console.log(
    `Load: autocannon, ${run.connections} connections, ${run.duration} s per scenario after ${run.warmup} s warm-up; reads as "${dealer.userName}" (bearer token)`,
  );
  const authHeaders = { authorization: `Bearer ${dealer.token}` };

  // Probe a sample of every scenario's queries: status, rows, total; and the page size the ceiling copies.
  const sample = await readLeadSample(database, shuffled(ids.active, 3).slice(0, SAMPLE_SIZE));
  const scenarios = readScenarios(ids.active.length, sample);
  const detailIds = shuffled(ids.active, 7);
  for (const s of scenarios)
    if (s.kind === 'detail') s.paths = detailIds.map((id) => `/api/leads/${id}`);
  const probes = new Map<string, Probe>();
  for (const s of scenarios) {
    const p = await probePool(api.baseUrl, s.paths, dealer.token);
    probes.set(s.key, p);
    if (p.failed > 0)
      console.warn(
        `⚠ ${s.label}: ${p.failed} of ${p.samples} sampled queries failed (${p.firstFailure})`,
      );
    else if (p.empty === p.samples)
      console.warn(`⚠ ${s.label}: every sampled query returned no rows`);
  }
  const pageBytes = probes.get('list')!.bytes;

  // The ceiling: a hello-world Fastify with a body as big as a lead page, measured alone.
  const ceilingPort = options.port ? options.port + 1 : await freePort();
  const ceilingService = startService(
    'ceiling server',
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/ceiling-server.ts')],
    {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(ceilingPort),
      CEILING_BYTES: String(pageBytes),
      CEILING_PROCESSES: String(options.processes),
    },
    `http://127.0.0.1:${ceilingPort}`,
    path.join(RESULTS_DIR, 'logs', `${stamp}-ceiling.log`),
  );
  const ceilingProbe = await waitForHttp(ceilingService, '/', 30_000);
  const ceilingBytes = Buffer.byteLength(await ceilingProbe.text());
  const ceilingScenario = {
    key: 'ceiling',
    label: `ceiling · hello-world ${ceilingBytes} B${options.processes > 1 ? ` · ${options.processes} processes` : ''}`,
    paths: ['/'],
  };
  console.log(`\nMeasuring (lead page body ${pageBytes} B):`);
  if (run.warmup > 0)
    await measure({ url: ceilingService.url, connections: run.connections, duration: run.warmup });
  const ceilingLoad = await measure({
    url: ceilingService.url,
    connections: run.connections,
    duration: run.duration,
  });
  await stopChild(ceilingService.child);
  const ceiling = report(ceilingScenario, ceilingLoad, ceilingLoad.rps);
  logLine(ceiling);

  const results: ScenarioReport[] = [];
  // One cursor per scenario, shared by warm-up and run: the measured run goes on with queries the warm-up
  // has not sent, and a pool larger than any page cache is never served from it.
  const cursors = new Map<string, number>();
  const loadOf = (s: Scenario, duration: number, connections = run.connections) => {
    const common = { connections, duration, headers: authHeaders };
    if (s.paths.length === 1) return measure({ ...common, url: api.baseUrl + s.paths[0] });
    const nextPath = () => {
      const i = cursors.get(s.key) ?? 0;
      cursors.set(s.key, i + 1);
      return s.paths[i % s.paths.length]!;
    };
    return measure({
      ...common,
      url: api.baseUrl,
      requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: nextPath() }) }],
    });
  };
  for (const s of scenarios.filter((s) => options.only === undefined || options.only.has(s.key))) {
    const busyMs = await drain(api.baseUrl);
    if (busyMs > 1000) {
      console.log(
        `  (the API needed ${(busyMs / 1000).toFixed(1)} s to finish the previous scenario's requests)`,
      );
    }
    if (run.warmup > 0) await loadOf(s, run.warmup);
    const r = report(s, await loadOf(s, run.duration), ceiling.rps, probes.get(s.key));
    results.push(r);
    logLine(r);
    // A search's latency budget is what one dealer waits: also measured one request at a time.
    if (s.kind === 'search') {
      await drain(api.baseUrl);
      r.alone = await loadOf(s, run.duration, 1);
      logLine({ ...r, ...r.alone, label: `${s.label}, 1 connection` });
    }
  }

  const measurements: Measurements = {
    connections: run.connections,
    ceiling,
    scenarios: results,
  };
  const afterLoad = (await (await fetch(`${api.baseUrl}/api/health`)).json()) as Health;
  measurements.memory = {
    engineMegabytes: afterLoad.leadListMegabytes,
    rssAtStart,
    rssAfterLoad: apiRssMegabytes(apiService.child.pid),
    leads: ids.total,
  };
  measurements.startup = {
    answeringAfter: Math.round(answeringAfter * 10) / 10,
    readyAfter: Math.round(readyAfter * 10) / 10,
    loadSeconds: ready.leadListLoadSeconds,
    loadedFrom: ready.leadListLoadedFrom,
    rssReady: first.rssReady,
  };
  measurements.memory.parts = await memoryParts(api.baseUrl, metricsToken);
  const parts = measurements.memory.parts;
  console.log(
    `Memory: engine ${afterLoad.leadListMegabytes} MB; API private RSS (RssAnon) ${rssAtStart} MB when it first answered, ${measurements.memory.rssAfterLoad} MB after the load` +
      (parts
        ? ` (V8 heap ${parts.heapUsed} MB used of ${parts.heapTotal} MB, ArrayBuffers and other external ${parts.external} MB)`
        : ''),
  );
  if (runsPart(options, 'writes')) {
    await drain(api.baseUrl);
    const writers: Session[] = [];
    for (let i = 1; i <= UNLOCKING_DEALERS; i++)
      writers.push(await api.benchDealer(`benchunlocker${i}`, DEMO.unlocker.password));
    for (const writer of writers)
      await api.ensureLargePackage(admin, writer, WRITES_PER_SECOND * (run.duration + 5));
    const taken = await unlockedByAny(api, writers);
    console.log(
      `\nWrites: ${WRITES_PER_SECOND} lead submissions and ${WRITES_PER_SECOND} unlocks a second beside ${run.connections} connections reading random filter mixes…`,
    );
    const mix = scenarios.find((s) => s.key === 'mix')!;
    const writes = await runWrites({
      api,
      paths: shuffled(mix.paths, 13),
      readerToken: dealer.token,
      unlockers: writers,
      unlockable: ids.active.filter((id) => !taken.has(id)),
      connections: run.connections,
      duration: run.duration,
    });
    measurements.writes = {
      ...writes,
      readsReport: report(
        { key: 'writes', label: 'list · any filter mix, while writing', paths: mix.paths },
        writes.reads,
        ceiling.rps,
      ),
    };
    logLine(measurements.writes.readsReport);
    for (const [label, w] of [
      ['lead submissions', writes.submissions],
      ['unlocks', writes.unlocks],
    ] as const)
      console.log(
        `  ${label.padEnd(42)} ${w.perSecond.toFixed(1).padStart(7)} /s     p50 ${w.p50.toFixed(1).padStart(6)}  p99 ${w.p99.toFixed(1).padStart(6)} ms  ${w.ok} ok, ${w.failed} failed${w.firstFailure ? ` (${w.firstFailure})` : ''}`,
      );
    measurements.memory.rssAfterWrites = apiRssMegabytes(apiService.child.pid);
    console.log(`  API private RSS after the writes: ${measurements.memory.rssAfterWrites} MB`);
  }
  if (options.storm > 0 && runsPart(options, 'storm')) {
    await drain(api.baseUrl);
    console.log(
      `\nWrite storm: 4 dealers read lists for 10 s, then while ${options.storm.toLocaleString('en-US')} leads are imported (seed CLI)…`,
    );
    measurements.storm = await runStorm({
      database,
      baseUrl: api.baseUrl,
      env: baseEnv,
      total: ids.total,
      leads: options.storm,
      paths: shuffled(scenarios.find((s) => s.key === 'mix')!.paths, 5),
      token: dealer.token,
      metricsToken,
      readers: 4,
      processes: options.processes,
      logFile: path.join(RESULTS_DIR, 'logs', `${stamp}-storm.log`),
    });
    const st = measurements.storm;
    const b = st.baseline;
    console.log(
      `  before the import (same readers): ${b.requests} lists, p50 ${b.p50} ms, p99 ${b.p99} ms, max ${b.max} ms (API event loop held ≤ ${b.loopMax ?? '?'} ms)\n` +
        `  during the import: ${st.requests} lists in ${st.seconds} s: p50 ${st.p50} ms, p99 ${st.p99} ms, max ${st.max} ms (API event loop held ≤ ${st.loopMax ?? '?'} ms), ${st.failed} failed; engine ready ${st.readyAfter} s after the import`,
    );
  }
  await drain(api.baseUrl);
  const unlocker = await api.benchDealer(DEMO.unlocker.userName, DEMO.unlocker.password);
  const manyUnlockers: Session[] = [];
  for (let i = 1; i <= UNLOCKING_DEALERS; i++)
    manyUnlockers.push(await api.benchDealer(`benchunlocker${i}`, DEMO.unlocker.password));
  const unlockRuns = [
    ['unlock', 'unlock, one dealer (distinct leads)', [unlocker]],
    ['unlock-many', `unlock, ${UNLOCKING_DEALERS} dealers (distinct leads)`, manyUnlockers],
  ] as const;
  for (const [key, label, dealers] of runsPart(options, 'unlock') ? unlockRuns : []) {
    await drain(api.baseUrl);
    const outcome = await runUnlock({
      api,
      admin,
      dealers: [...dealers],
      activeIds: ids.active,
      ...run,
    });
    const measured = {
      report: report({ key, label, paths: ['/api/leads/:id/unlock'] }, outcome.load, ceiling.rps),
      ledger: outcome.ledger,
    };
    measured.report.queries = outcome.load.requests;
    (measurements.unlocks ??= []).push(measured);
    logLine(measured.report);
    if (outcome.ledger.verdict === 'FAIL') {
      const bar = '!'.repeat(100);
      console.error(
        `\n${bar}\n!!! UNLOCK LEDGER MISMATCH (${label}): ${outcome.ledger.message}\n${bar}\n`,
      );
      process.exitCode = 1;
    }
  }

  // Web: JavaScript sizes always; Lighthouse on the lead list unless --skip-web.
  measurements.js = measureJavaScript(WEB_DIST);
  if (options.skipWeb || !runsPart(options, 'web')) {
    measurements.lighthouseSkipped = 'skipped (--skip-web)';
  } else if (!existsSync(CHROMIUM)) {
    measurements.lighthouseSkipped = `skipped (${CHROMIUM} not found)`;
  } else {
    await drain(api.baseUrl);
    console.log(`\nLighthouse (mobile) on /dealers/leads, ${options.lighthouseRuns} run(s)…`);
    try {
      measurements.lighthouse = await runLighthouse(
        `${api.baseUrl}/dealers/leads`,
        options.lighthouseRuns,
      );
      const { scripts, laterScripts } = measurements.lighthouse;
      measurements.js.route = routeFromRequests(
        measurements.js,
        scripts,
        'scripts Lighthouse saw the page ask for before its first paint',
      );
      measurements.js.later = routeFromRequests(
        measurements.js,
        laterScripts,
        'scripts asked for after the first paint',
      );
    } catch (error) {
      const message = (error as Error).message.split('\n')[0] ?? '';
      measurements.lighthouseSkipped = `failed: ${message.split(' ')[0]}`;
      console.error(`⚠ Lighthouse failed: ${message}`);
    }
  }

  await stopChild(apiService.child, 60_000);
  if (runsPart(options, 'restart')) {
    // Stopped gracefully, the API wrote its snapshot: a restart restores it and applies what changed since.
    console.log('\nRestart from the snapshot written at shutdown:');
    const again = await startApi(path.join(RESULTS_DIR, 'logs', `${stamp}-api-restart.log`));
    measurements.restart = {
      answeringAfter: Math.round(again.answeringAfter * 10) / 10,
      readyAfter: Math.round(again.readyAfter * 10) / 10,
      loadSeconds: again.ready.leadListLoadSeconds,
      loadedFrom: again.ready.leadListLoadedFrom,
      rssReady: again.rssReady,
    };
    await stopChild(again.service.child, 60_000);
  }
  const serverLog = readFileSync(apiLog, 'utf8').split('\n').filter(Boolean);

  const checks = budgetChecks(measurements);
  const notes = notesOf(measurements);
  if (loadBefore > 1) {
    notes.push(
      `Other work was running when the benchmark started (1-minute load ${loadBefore.toFixed(1)} on ${os.cpus().length} CPUs): treat the figures as noisy.`,
    );
  }
  const git = gitFacts();
  const title =
    `DealerLeads benchmark · ${health.database.engine} ${health.database.version} · ${ids.total.toLocaleString('en-US')} leads · ` +
    `${options.processes} API process${options.processes > 1 ? 'es' : ''} · ${run.connections} connections × ${run.duration} s · ${os.cpus().length} CPUs · node ${process.version} · ${git.commit}` +
    (git.dirtyFiles ? ` (+${git.dirtyFiles} uncommitted files)` : '');
  console.log(`\n${renderReport(title, measurements, checks, notes)}`);
  if (serverLog.length > 0) {
    console.log(
      `\n⚠ the API logged ${serverLog.length} warning/error lines (${path.relative(ROOT, apiLog)}), first ones:`,
    );
    for (const line of serverLog.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
  }

  const out = path.join(RESULTS_DIR, `${stamp}-${health.database.engine}.json`);
  writeFileSync(
    out,
    JSON.stringify(
      {
        title,
        startedAt: started.toISOString(),
        finishedAt: new Date().toISOString(),
        options,
        environment: {
          engine: health.database.engine,
          engineVersion: health.database.version,
          database: database.label,
          leads: ids.total,
          activeLeads: ids.active.length,
          cpus: os.cpus().length,
          cpuModel: os.cpus()[0]?.model ?? 'unknown',
          memoryGiB: Math.round(os.totalmem() / 2 ** 30),
          node: process.version,
          git,
          loadAverageAtStart: loadBefore,
        },
        ...measurements,
        checks,
        notes,
        serverLogLines: serverLog.length,
        serverLogHead: serverLog.slice(0, 20),
      },
      null,
      2,
    ),
  );
  console.log(`\nWrote ${path.relative(ROOT, out)}`);
}

try {
  await main();
} catch (error) {
  console.error(
    `\nbenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await stopAll();
}
