// Real API server processes for the reliability tests and the crash run: bundled once, started, killed, restarted.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(apiRoot, '../..');

export interface ServerBundle {
  /** The bundled src/server.ts, started with plain `node` (a tsx start costs seconds per restart). */
  entry: string;
  remove(): void;
}

/**
 * Bundles the current sources the way `npm run build` does (npm packages stay external), into a folder inside the
 * repository so the bundle resolves them from node_modules.
 */
export async function bundleServer(): Promise<ServerBundle> {
  const cache = path.join(repoRoot, 'node_modules', '.cache', 'dealerleads-reliability');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'server-'));
  const pkg = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  // ES modules named .js, as in dist/: the server starts its worker threads from './sqlite-read-worker.js' and
  // './lead-load-worker.js' (db/worker-threads.ts).
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  await build({
    entryPoints: {
      server: path.join(apiRoot, 'src/server.ts'),
      'sqlite-read-worker': path.join(apiRoot, 'src/db/sqlite-read-worker.ts'),
      'lead-load-worker': path.join(apiRoot, 'src/modules/leads/list-engine/lead-load-worker.ts'),
    },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The shared package is TypeScript source: bundled, not external.
    external: Object.keys(pkg.dependencies ?? {}).filter(
      (name) => !name.startsWith('@dealerleads/'),
    ),
    logLevel: 'warning',
  });
  return {
    entry: path.join(dir, 'server.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The live processes whose parent is `pid` (from /proc). */
export function childProcessesOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(ppid) === pid && state !== 'Z' ? [Number(name)] : [];
      } catch {
        return [];
      }
    });
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** What the process wrote so far, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, whatever was in flight is cut off. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the graceful close. */
  stop(): Promise<void>;
}

/** Settings every test server shares: no demo seed, quiet logs, no web app, limits out of the way. */
export function serverEnv(options: {
  databaseUrl: string;
  jwtSecret: string;
  dataDir: string;
  extra?: Record<string, string>;
}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    JWT_SECRET: options.jwtSecret,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
    LEAD_SUBMIT_RATE_LIMIT: '100000',
    // Their traffic submits leads without SMS codes.
    PHONE_VERIFICATION: 'optional',
    API_RATE_LIMIT: '1000000',
    WEB_DIST: path.join(options.dataDir, 'no-web-app'),
    ...options.extra,
  };
}

/** Starts `node <entry>` with exactly `env` (plus PATH) on a free port and waits until /api/health answers. */
export async function startServer(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`the server exited before it was ready:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url,
    child,
    exited,
    output: () => log,
    kill: async () => {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}
