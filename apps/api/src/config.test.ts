// Configuration rules: one default data folder for every script, demo data only where it belongs, and the
// database tools (migrate, seed) without the JWT secret only the server needs.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, loadConfig, loadDatabaseSettings, REPOSITORY_ROOT } from './config';
import { createFreshPostgresDatabase } from './reliability/databases';
import { testEngines } from './test/test-app';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const postgres = 'postgres://app@db.example.in:5432/dealerleads';

describe('the default data folder', () => {
  it('is data/ at the repository root, whatever the working directory', () => {
    expect(REPOSITORY_ROOT).toBe(repositoryRoot);
    expect(DEFAULT_DATA_DIR).toBe(path.join(repositoryRoot, 'data'));
    // npm runs workspace scripts (seed, migrate, dev) inside apps/api; npm start runs at the root.
    for (const INIT_CWD of [repositoryRoot, path.join(repositoryRoot, 'apps/api'), undefined]) {
      expect(loadDatabaseSettings({ INIT_CWD }).database).toEqual({
        engine: 'sqlite',
        file: path.join(repositoryRoot, 'data', 'dealerleads.db'),
      });
    }
  });

  it('resolves a relative DATA_DIR or file: path from where npm was started', () => {
    const from = path.join(repositoryRoot, 'somewhere');
    expect(loadDatabaseSettings({ INIT_CWD: from, DATA_DIR: 'mine' }).dataDir).toBe(
      path.join(from, 'mine'),
    );
    expect(loadDatabaseSettings({ INIT_CWD: from, DATABASE_URL: 'file:x.db' }).database).toEqual({
      engine: 'sqlite',
      file: path.join(from, 'x.db'),
    });
  });
});

describe('demo data', () => {
  it.each([
    ['the embedded default database', {}, true],
    ['the embedded default in production (npm start)', { NODE_ENV: 'production' }, true],
    ['PostgreSQL', { DATABASE_URL: postgres }, false],
    ['another SQLite file', { DATABASE_URL: 'file:/tmp/other.db' }, false],
    ['PostgreSQL with SEED_DEMO=true', { DATABASE_URL: postgres, SEED_DEMO: 'true' }, true],
    ['the embedded default with SEED_DEMO=false', { SEED_DEMO: 'false' }, false],
  ])('is seeded on %s: %s', (_name, env, expected) => {
    expect(loadDatabaseSettings(env).seedDemo).toBe(expected);
  });
});

describe('time-outs', () => {
  it('has defaults and refuses a headers time-out longer than the request time-out', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).timeouts).toEqual({
        request: 30_000,
        headers: 10_000,
        keepAlive: 5_000,
      });
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' }),
      ).toThrow(/HEADERS_TIMEOUT_MS/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('phone verification', () => {
  it('is required by default (the wizard asks for the code), optional when set, and refuses another value', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).phoneVerification).toBe('required');
      expect(
        loadConfig({ DATA_DIR: dataDir, PHONE_VERIFICATION: 'optional' }).phoneVerification,
      ).toBe('optional');
      expect(() => loadConfig({ DATA_DIR: dataDir, PHONE_VERIFICATION: 'off' })).toThrow(
        /PHONE_VERIFICATION/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('judges a fill under 20 s fast unless FAST_FILL_SECONDS says otherwise (0: never)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).fastFillSeconds).toBe(20);
      expect(loadConfig({ DATA_DIR: dataDir, FAST_FILL_SECONDS: '0' }).fastFillSeconds).toBe(0);
      expect(() => loadConfig({ DATA_DIR: dataDir, FAST_FILL_SECONDS: '-1' })).toThrow(
        /FAST_FILL_SECONDS/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('several processes', () => {
  it('runs one process by default, one per CPU with auto, and splits the rate limits among them unless Redis counts', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-config-'));
    try {
      const one = loadConfig({ DATA_DIR: dataDir });
      expect(one.apiProcesses).toBe(1);
      expect(one.rateLimits).toEqual({ login: 10, loginPerIp: 30, leadSubmit: 10, api: 1000 });
      expect(one.ownerRateLimit).toBe(30);
      expect(loadConfig({ DATA_DIR: dataDir, API_PROCESSES: 'auto' }).apiProcesses).toBe(
        availableParallelism(),
      );
      const three = loadConfig({ DATA_DIR: dataDir, API_PROCESSES: '3', LOGIN_RATE_LIMIT: '2' });
      expect(three.apiProcesses).toBe(3);
      // Never more than the configured limit in all, and never 0.
      expect(three.rateLimits).toEqual({ login: 1, loginPerIp: 10, leadSubmit: 3, api: 333 });
      expect(three.ownerRateLimit).toBe(10);
      const shared = loadConfig({
        DATA_DIR: dataDir,
        API_PROCESSES: '3',
        REDIS_URL: 'redis://127.0.0.1:6379',
      });
      expect(shared.rateLimits).toEqual({ login: 10, loginPerIp: 30, leadSubmit: 10, api: 1000 });
      expect(shared.ownerRateLimit).toBe(30);
      for (const bad of ['0', '-1', '1.5', 'many', '65']) {
        expect(() => loadConfig({ DATA_DIR: dataDir, API_PROCESSES: bad })).toThrow(
          /API_PROCESSES/,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('Web Push keys', () => {
  it('are made once into DATA_DIR (owner-only) unless VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set, both or neither', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-config-'));
    try {
      const first = loadConfig({ DATA_DIR: dataDir }).push!.vapid;
      expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.subject).toBe('mailto:push@dealerleads.local');
      expect(statSync(path.join(dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: dataDir }).push!.vapid).toEqual(first);
      const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'a'.repeat(43) };
      expect(
        loadConfig({
          DATA_DIR: dataDir,
          ...keys,
          VAPID_SUBJECT: 'mailto:ops@dealerleads.in',
        }).push!.vapid,
      ).toEqual({
        publicKey: keys.VAPID_PUBLIC_KEY,
        privateKey: keys.VAPID_PRIVATE_KEY,
        subject: 'mailto:ops@dealerleads.in',
      });
      expect(
        loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://dealerleads.in' }).push!.vapid.subject,
      ).toBe('https://dealerleads.in');
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY }),
      ).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
      expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: 'ops@x' })).toThrow(
        /VAPID_SUBJECT/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('UPI payee', () => {
  it('is off by default, on with both UPI_VPA and MERCHANT_NAME, and refuses a bad UPI id or only one of them', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).upi).toBeUndefined();
      expect(loadConfig({ DATA_DIR: dataDir, UPI_VPA: '', MERCHANT_NAME: '' }).upi).toBeUndefined();
      expect(
        loadConfig({
          DATA_DIR: dataDir,
          UPI_VPA: 'dealer.leads@okaxis',
          MERCHANT_NAME: 'DealerLeads',
        }).upi,
      ).toEqual({ vpa: 'dealer.leads@okaxis', merchantName: 'DealerLeads' });
      for (const bad of ['dealerleads', 'a@b', '@okaxis', 'dealer leads@okaxis', 'x@ok&axis']) {
        expect(() =>
          loadConfig({ DATA_DIR: dataDir, UPI_VPA: bad, MERCHANT_NAME: 'DealerLeads' }),
        ).toThrow(/UPI_VPA/);
      }
      expect(() => loadConfig({ DATA_DIR: dataDir, UPI_VPA: 'dealerleads@okaxis' })).toThrow(
        /MERCHANT_NAME/,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir, MERCHANT_NAME: 'DealerLeads' })).toThrow(
        /UPI_VPA/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testEngines())('npm run migrate on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('migrates without JWT_SECRET', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-migrate-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = `file:${path.join(dataDir, 'm.db')}`;
    if (engine === 'postgres') {
      const fresh = await createFreshPostgresDatabase();
      cleanups.push(fresh.drop);
      databaseUrl = fresh.url;
    }
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
    };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(repositoryRoot, 'apps/api/src/db/migrate-cli.ts')],
      { env, cwd: path.join(repositoryRoot, 'apps/api') },
    );
    expect(stdout).toMatch(/^Applied: 2026-11-22-0001-initial, /);
  });
});

describe('photo storage', () => {
  it('is DATA_DIR/media by default, a bucket with S3_URL and its keys, and refuses a bad S3_URL or missing keys', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).media).toEqual({
        kind: 'local',
        dir: path.join(dataDir, 'media'),
      });
      const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
      expect(
        loadConfig({ DATA_DIR: dataDir, S3_URL: 'http://127.0.0.1:9000/photos/', ...keys }).media,
      ).toEqual({
        kind: 's3',
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'photos',
        region: 'us-east-1',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
      });
      expect(
        loadConfig({
          DATA_DIR: dataDir,
          S3_URL: 'https://s3.ap-south-1.amazonaws.com/dl-photos',
          S3_REGION: 'ap-south-1',
          ...keys,
        }).media,
      ).toMatchObject({ endpoint: 'https://s3.ap-south-1.amazonaws.com', region: 'ap-south-1' });
      for (const bad of ['s3://photos', 'http://host', 'http://host/a/b']) {
        expect(() => loadConfig({ DATA_DIR: dataDir, S3_URL: bad, ...keys })).toThrow(/S3_URL/);
      }
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, S3_URL: 'http://127.0.0.1:9000/photos' }),
      ).toThrow(/S3_ACCESS_KEY_ID/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('SMS provider', () => {
  it('is the outbox folder by default, MSG91 or Twilio with their credentials, and refuses one chosen without them', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).sms).toMatchObject({
        provider: 'outbox',
        outboxDir: path.join(dataDir, 'sms-outbox'),
        worker: { intervalMs: 2_000, maxAttempts: 6 },
      });
      const msg91 = {
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'key',
        MSG91_VERIFY_TEMPLATE_ID: 'verify-id',
        MSG91_LINK_TEMPLATE_ID: 'link-id',
        MSG91_RESET_TEMPLATE_ID: 'reset-id',
        MSG91_ACCOUNTS_TEMPLATE_ID: 'accounts-id',
      };
      expect(loadConfig({ DATA_DIR: dataDir, ...msg91 }).sms).toMatchObject({
        provider: 'msg91',
        url: 'https://control.msg91.com',
        authKey: 'key',
        templates: {
          verify: 'verify-id',
          'owner-link': 'link-id',
          reset: 'reset-id',
          'reset-accounts': 'accounts-id',
        },
      });
      expect(
        loadConfig({ DATA_DIR: dataDir, ...msg91, MSG91_URL: 'http://127.0.0.1:4010' }).sms,
      ).toMatchObject({ url: 'http://127.0.0.1:4010' });
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'key' }),
      ).toThrow(
        'SMS_PROVIDER=msg91 needs MSG91_VERIFY_TEMPLATE_ID, MSG91_LINK_TEMPLATE_ID, MSG91_RESET_TEMPLATE_ID, MSG91_ACCOUNTS_TEMPLATE_ID',
      );
      const sid = `AC${'0'.repeat(32)}`;
      const twilio = {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15005550006',
      };
      expect(loadConfig({ DATA_DIR: dataDir, ...twilio }).sms).toMatchObject({
        provider: 'twilio',
        url: 'https://api.twilio.com',
        accountSid: sid,
        authToken: 'token',
        from: '+15005550006',
      });
      expect(() => loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'twilio' })).toThrow(
        'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM',
      );
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, ...twilio, TWILIO_ACCOUNT_SID: 'not-a-sid' }),
      ).toThrow(/TWILIO_ACCOUNT_SID/);
      expect(() => loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'textlocal' })).toThrow(
        /SMS_PROVIDER/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
