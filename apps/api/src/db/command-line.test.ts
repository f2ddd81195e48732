// The operator's tools as an operator meets them: --help on each, errors that say what to do without a stack trace,
// the first Admin on any database, backups without side files, and a server that checks its port before any work.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { verifyPassword } from '../modules/members/passwords';
import { createFreshPostgresDatabase } from '../reliability/databases';
import { testEngines } from '../test/test-app';
import { runCli, type Tool } from '../test/run-cli';
import { operatorMessage } from './command-line';
import { openDatabase } from './database';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const STRONG_SECRET = 'a-strong-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
/** A line of a stack trace, which an operator's error never shows. */
const STACK_LINE = /^\s+at /m;

const folders: string[] = [];
function freshFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-cli-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('--help', () => {
  it.each<Tool>(['backup', 'restore', 'seed', 'migrate', 'create-admin'])(
    'npm run %s -- --help prints the usage and does nothing else',
    async (tool) => {
      const dataDir = freshFolder();
      const { code, output } = await runCli(tool, ['--help'], { DATA_DIR: dataDir });
      expect(code).toBe(0);
      expect(output).toMatch(new RegExp(`^Usage: .*npm run ${tool}`));
      expect(readdirSync(dataDir)).toEqual([]);
      expect(existsSync(path.join(repoRoot, '--help'))).toBe(false);
    },
  );
});

describe('operator messages', () => {
  const postgres = {
    engine: 'postgres' as const,
    url: 'postgres://app:pw@db.example.in:5433/leads',
  };
  const failure = (code: string, message = code) => Object.assign(new Error(message), { code });

  it('says what to do for an unreachable, unknown or refusing PostgreSQL, without its password', () => {
    const refused = operatorMessage(failure('ECONNREFUSED'), postgres);
    expect(refused).toContain('PostgreSQL at db.example.in:5433/leads');
    expect(refused).toContain('correct the host and port in DATABASE_URL');
    expect(refused).not.toContain('pw');
    expect(operatorMessage(failure('3D000', 'database "leads" does not exist'), postgres)).toMatch(
      /createdb/,
    );
    expect(operatorMessage(failure('28P01'), postgres)).toMatch(/user name and password/);
    expect(operatorMessage(failure('ENOTFOUND'), postgres)).toMatch(/host name/);
  });

  it('names the port in use and what to do, and leaves a bug its stack trace', () => {
    const inUse = Object.assign(failure('EADDRINUSE'), {
      syscall: 'listen',
      address: '127.0.0.1',
      port: 3000,
    });
    expect(operatorMessage(inUse)).toMatch(/^Port 3000 on 127.0.0.1 is in use.*set PORT/);
    expect(operatorMessage(new TypeError('x is undefined'))).toBeUndefined();
  });

  it('says which SQLite file cannot be opened or have its folder made, and where that is set', () => {
    const sqlite = { engine: 'sqlite' as const, file: '/srv/dealerleads/data.db' };
    expect(operatorMessage(failure('ENOTDIR'), sqlite)).toMatch(
      /^Cannot open the SQLite database \/srv\/dealerleads\/data.db \(ENOTDIR\).*DATA_DIR or DATABASE_URL/,
    );
    expect(operatorMessage(failure('SQLITE_CANTOPEN'), sqlite)).toContain(
      '/srv/dealerleads/data.db',
    );
  });
});

describe('where the server listens', () => {
  it('is 127.0.0.1 where the demo may be seeded, every interface otherwise, and HOST when set', () => {
    const dataDir = freshFolder();
    expect(loadConfig({ DATA_DIR: dataDir }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }).host).toBe('0.0.0.0');
    const file = `file:${path.join(dataDir, 'own.db')}`;
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: file }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('npm start from a sub-folder', () => {
  it.each(['apps/api', 'apps/web', 'packages/shared'])(
    'in %s runs the repository’s npm start',
    (dir) => {
      const manifest = JSON.parse(
        readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'),
      ) as {
        scripts: Record<string, string>;
      };
      expect(manifest.scripts.start).toBe('cd ../.. && npm start');
      expect(path.resolve(repoRoot, dir, '../..')).toBe(repoRoot);
    },
  );
});

/** Starts the server and answers its output once `until` shows up in it (or it exits), then stops it. */
function serverOutput(
  env: Record<string, string>,
  until: RegExp,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('the server at start-up', () => {
  it('refuses a weak JWT_SECRET in a sentence saying what to use', async () => {
    const { code, output } = await runCli('server', [], {
      DATA_DIR: freshFolder(),
      JWT_SECRET: 'changeme',
    });
    expect(code).toBe(1);
    expect(output).toContain('JWT_SECRET is too weak: use at least 32 random characters');
    expect(output).not.toMatch(STACK_LINE);
  });

  it('says the port is in use before it opens or seeds the database', async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    const dataDir = freshFolder();
    try {
      const { code, output } = await runCli('server', [], {
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
      });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} on 127.0.0.1 is in use`);
      expect(output).not.toMatch(STACK_LINE);
      expect(existsSync(path.join(dataDir, 'dealerleads.db'))).toBe(false);
    } finally {
      busy.close();
    }
  });

  it('warns, in pretty development logs, that a database without an account lets nobody in', async () => {
    const dataDir = freshFolder();
    const { output } = await serverOutput(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${path.join(dataDir, 'empty.db')}`,
        HOST: '127.0.0.1',
        PORT: '0',
        JWT_SECRET: STRONG_SECRET,
      },
      /is serving on/,
    );
    expect(output).toMatch(/WARN: The database has no account.*npm run create-admin/);
    expect(output).not.toMatch(/^\{"level"/m);
  });
});

describe.each(testEngines())('the operator tools on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  /** The environment of a fresh database of this engine, without JWT_SECRET. */
  async function freshDatabase(): Promise<Record<string, string>> {
    const dataDir = freshFolder();
    if (engine === 'sqlite') return { DATA_DIR: dataDir };
    const fresh = await createFreshPostgresDatabase();
    cleanups.push(fresh.drop);
    return { DATA_DIR: dataDir, DATABASE_URL: fresh.url };
  }

  it('creates an Admin who can log in, by the sign-up rules, once per user name', async () => {
    const env = await freshDatabase();
    const weak = await runCli('create-admin', ['--user-name', 'boss'], {
      ...env,
      ADMIN_PASSWORD: 'short',
    });
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Password must be at least 8 characters');
    expect(weak.output).not.toMatch(STACK_LINE);

    const made = await runCli(
      'create-admin',
      ['--user-name', 'boss', '--email', 'boss@dealer.in'],
      {
        ...env,
        ADMIN_PASSWORD: 'Boss@2026!',
      },
    );
    expect(made.output).toContain('Created the Admin boss');
    expect(made.code).toBe(0);

    const again = await runCli('create-admin', [], {
      ...env,
      ADMIN_USER_NAME: 'BOSS',
      ADMIN_PASSWORD: 'Boss@2026!',
    });
    expect(again.code).toBe(1);
    expect(again.output).toContain('is taken');

    const settings = env.DATABASE_URL
      ? { engine: 'postgres' as const, url: env.DATABASE_URL }
      : { engine: 'sqlite' as const, file: path.join(env.DATA_DIR!, 'dealerleads.db') };
    const handle = openDatabase(settings);
    try {
      const users = await handle.db.selectFrom('users').selectAll().execute();
      expect(users.map((u) => [u.user_name, u.role, u.email])).toEqual([
        ['boss', 'Admin', 'boss@dealer.in'],
      ]);
      expect(await verifyPassword(users[0]!.password_hash, 'Boss@2026!')).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('backs up without JWT_SECRET: a file alone on SQLite, and the pg_dump advice on PostgreSQL', async () => {
    const env = await freshDatabase();
    expect((await runCli('migrate', [], env)).code).toBe(0);
    const target = path.join(freshFolder(), 'backup.db');
    const { code, output } = await runCli('backup', [target], env);
    expect(output).not.toMatch(STACK_LINE);
    if (engine === 'postgres') {
      expect(code).toBe(1);
      expect(output).toContain('back it up with pg_dump -Fc');
      return;
    }
    expect(code).toBe(0);
    expect(readdirSync(path.dirname(target))).toEqual(['backup.db']);
    expect(output).toContain(`rsync -a ${path.join(env.DATA_DIR ?? '', 'media')}/`);
    const restoredDir = freshFolder();
    const restored = await runCli('restore', [target], { DATA_DIR: restoredDir });
    expect(restored.code).toBe(0);
    expect(readdirSync(path.dirname(target))).toEqual(['backup.db']);
    expect(readdirSync(restoredDir)).toEqual(['dealerleads.db']);
  });

  it('says PostgreSQL cannot be reached, and where, without a stack trace', async () => {
    const { code, output } = await runCli('migrate', [], {
      DATA_DIR: freshFolder(),
      DATABASE_URL: 'postgres://app:secret@127.0.0.1:1/dealerleads',
    });
    expect(code).toBe(1);
    expect(output).toContain('Cannot reach PostgreSQL at 127.0.0.1:1/dealerleads');
    expect(output).not.toContain('secret');
    expect(output).not.toMatch(STACK_LINE);
  });
});
