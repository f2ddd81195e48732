// An embedded process with nothing configured (SQLite, files for mail and photos, no Redis) must not load the packages
// only other configurations need (src/lib/load-on-use.ts): each costs memory and start time in every such process.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webPush from 'web-push';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { request } from './http';
import { bundleServer, serverEnv, startServer, type ServerBundle } from './server-process';

/** PostgreSQL, Redis, image processing, S3, SMTP and web push: loaded by the first use that needs them. */
const LOADED_ON_USE = ['pg', 'ioredis', 'sharp', '@aws-sdk/client-s3', 'nodemailer', 'web-push'];

let bundle: ServerBundle;
let dataDir: string;

beforeAll(async () => {
  bundle = await bundleServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-packages-'));
});

afterAll(() => {
  bundle.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Node options that record every file the process loads: CommonJS from `require.cache` at exit, ES modules through a
 * resolve hook (an ES package never enters that cache). One path per line in the two files.
 */
function recordLoadedFiles(lists: { required: string; imported: string }): string {
  const probe = path.join(dataDir, 'probe.cjs');
  const hooks = path.join(dataDir, 'probe-hooks.mjs');
  const register = path.join(dataDir, 'probe-register.mjs');
  writeFileSync(
    probe,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(lists.required)}, ` +
      `Object.keys(require.cache).join('\\n') + '\\n'));\n`,
  );
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\n` +
      `export async function resolve(specifier, context, next) {\n` +
      `  const resolved = await next(specifier, context);\n` +
      `  appendFileSync(${JSON.stringify(lists.imported)}, resolved.url + '\\n');\n` +
      `  return resolved;\n}\n`,
  );
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  return `--require ${probe} --import ${pathToFileURL(register).href}`;
}

/** The npm packages whose files are named in the file `list`. */
function packagesIn(list: string): Set<string> {
  return new Set(
    readFileSync(list, 'utf8')
      .split('\n')
      .flatMap((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1] ?? []),
  );
}

it('an embedded process answers lists and sign-ins without loading a package only other configurations need', async () => {
  const lists = {
    required: path.join(dataDir, 'required.txt'),
    imported: path.join(dataDir, 'imported.txt'),
  };
  const vapid = webPush.generateVAPIDKeys();
  const server = await startServer(
    bundle.entry,
    serverEnv({
      databaseUrl: `file:${path.join(dataDir, 'dealerleads.db')}`,
      jwtSecret: 'packages-at-start-0123456789-abcdefghijklmnopqrstuvwxyz',
      dataDir,
      extra: {
        NODE_OPTIONS: recordLoadedFiles(lists),
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
    }),
  );
  try {
    expect((await request(server.url, 'GET', '/api/leads'))?.status).toBe(200);
    const signIn = await request(server.url, 'POST', '/api/account/login', {
      body: { userName: 'nobody', password: 'Wrong@2026' },
    });
    expect(signIn?.status).toBe(401);
  } finally {
    await server.stop();
  }
  const required = packagesIn(lists.required);
  const imported = packagesIn(lists.imported);
  // Both records saw the process's own packages, so an empty answer below is not a probe that saw nothing.
  expect(required.has('fastify')).toBe(true);
  expect(imported.has('fastify')).toBe(true);
  expect(LOADED_ON_USE.filter((name) => required.has(name) || imported.has(name))).toEqual([]);
});
