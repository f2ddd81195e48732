// API_PROCESSES=2: one supervisor, two workers on one port, on each engine. The database is migrated and seeded
// once, both workers answer, a killed worker is replaced, the rate limits are split, and SIGTERM stops them all.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PACKAGES } from '../db/seed/demo';
import { testEngines } from '../test/test-app';
import { startServersOnOneDatabase, type ServersOnOneDatabase } from './databases';
import { login } from './http';
import {
  bundleServer,
  childProcessesOf,
  type ServerBundle,
  type ServerProcess,
} from './server-process';

const JWT_SECRET = 'api-processes-0123456789-abcdefghijklmnopqrstuvwxyz';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** One request on a connection of its own (the supervisor hands each new connection to the next worker). */
function freshConnection(
  url: string,
  method: string,
  path: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * Sends `send` on fresh connections until every pid in `pids` has logged a request (a worker that has just started
 * gets connections once it listens), or fails after 30 s.
 */
async function untilEachAnswered(
  server: ServerProcess,
  pids: number[],
  send: () => Promise<number>,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!pids.every((pid) => requestLoggers(server).has(pid))) {
    expect(await send()).toBe(200);
    if (Date.now() > deadline) throw new Error(`not every worker of ${pids.join(', ')} answered`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pids of the processes that logged a request line (pino's `pid`), from the server's output. */
function requestLoggers(server: ServerProcess): Set<number> {
  const pids = new Set<number>();
  for (const line of server.output().split('\n')) {
    if (!line.includes('"msg":"request"')) continue;
    try {
      pids.add((JSON.parse(line) as { pid: number }).pid);
    } catch {
      // a line cut by the output's size bound
    }
  }
  return pids;
}

describe.each(testEngines())('API_PROCESSES=2 on %s', (engine) => {
  let bundle: ServerBundle | undefined;
  let world: ServersOnOneDatabase | undefined;
  let server: ServerProcess;
  let workers: number[];

  beforeAll(async () => {
    bundle = await bundleServer();
    world = await startServersOnOneDatabase(engine, bundle.entry, {
      count: 1,
      jwtSecret: JWT_SECRET,
      extra: {
        API_PROCESSES: '2',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'info',
        // 2 per worker: 4 in all.
        LOGIN_RATE_LIMIT: '4',
      },
    });
    server = world.servers[0]!;
    workers = await until('two workers', () => {
      const found = childProcessesOf(server.child.pid!);
      return found.length === 2 ? found : undefined;
    });
  }, 120_000);
  afterAll(async () => {
    await world?.remove();
    bundle?.remove();
  }, 60_000);

  it('seeds the demo data once, before the workers start', async () => {
    const { db } = world!.handle;
    const admins = await db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    const packages = await db.selectFrom('packages').select('id').execute();
    expect(packages).toHaveLength(DEMO_PACKAGES.length);
    expect(server.output()).not.toMatch(/exited/);
  });

  it('serves from both workers, a token from either working at the other', async () => {
    const token = await login(server.url, 'admin', 'Admin@2026');
    await untilEachAnswered(server, workers, () =>
      freshConnection(server.url, 'GET', '/api/leads?pageSize=5', { token }),
    );
    expect([...requestLoggers(server)].sort()).toEqual([...workers].sort());
  });

  it('splits a rate limit among the workers: together they allow what one process would', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        await freshConnection(server.url, 'POST', '/api/account/login', {
          body: { userName: 'nobody-here', password: 'Wrong-passw0rd' },
        }),
      );
    }
    const refused = statuses.filter((s) => s === 429).length;
    expect(statuses.every((s) => s === 429 || s === 400 || s === 401)).toBe(true);
    expect(12 - refused).toBeLessThanOrEqual(4);
    expect(12 - refused).toBeGreaterThanOrEqual(2);
  });

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    const replaced = await until('a new worker', () => {
      const now = childProcessesOf(server.child.pid!);
      return now.length === 2 && !now.includes(victim) ? now : undefined;
    });
    expect(replaced).toContain(survivor);
    expect(server.output()).toMatch(new RegExp(`API process ${victim} exited \\(SIGKILL\\)`));
    workers = replaced;
    const newcomer = replaced.find((pid) => pid !== survivor)!;
    // Until the newcomer listens the survivor takes every connection; then they share them again.
    await untilEachAnswered(server, [newcomer], () =>
      freshConnection(server.url, 'GET', '/api/health'),
    );
  });

  it('stops every worker on SIGTERM and exits with 0', async () => {
    await server.stop();
    expect(await server.exited).toBe(0);
    await until('the workers to exit', () => (workers.some(alive) ? undefined : true));
    expect(server.output()).toMatch(/SIGTERM received, closing 2 API processes/);
  });
});
