// The API's settings, read from the environment once and validated; nothing else reads process.env.
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FAST_FILL_SECONDS } from '@dealerleads/shared';
import { readOrCreatePrivateFile } from './lib/private-files';
import { parseTrustProxy, type TrustProxy } from './plugins/trusted-proxies';
import { OperatorError } from './db/command-line';
import { webPushLibrary } from './modules/push/push-sender';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The nearest folder above `start` whose package.json declares the npm workspaces: the repository root. */
function findRepositoryRoot(start: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ('workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
      } catch {
        // not JSON: keep looking upwards
      }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The repository root, found from this file (apps/api/src under tsx, apps/api/dist when built), so every script
 * agrees on it whatever the working directory; the working directory only for a copy outside any repository.
 */
export const REPOSITORY_ROOT = findRepositoryRoot(here) ?? process.cwd();
/** apps/web/dist. */
const defaultWebDist = path.join(REPOSITORY_ROOT, 'apps/web/dist');
/**
 * The one default data folder of `npm start`, `npm run dev`, `npm run seed` and `npm run migrate`, whatever the
 * working directory (npm runs workspace scripts inside apps/api).
 */
export const DEFAULT_DATA_DIR = path.join(REPOSITORY_ROOT, 'data');

/** A UPI id (virtual payment address): a handle, '@', and the payment provider's name. */
export const UPI_VPA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: 127.0.0.1 where the demo may be seeded (its passwords are published), every interface otherwise. */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  JWT_EXPIRES_IN: z.string().default('7d'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: demo data only for the embedded default database (DATABASE_URL unset). */
  SEED_DEMO: booleanText.optional(),
  /** A hop count or proxy addresses/subnets (plugins/trusted-proxies.ts); `true` is refused. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const parsed = parseTrustProxy(text);
      if (parsed !== false && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_IP_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().positive().default(1),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(32),
  LEAD_SUBMIT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  API_RATE_LIMIT: z.coerce.number().int().positive().default(1000),
  OWNER_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Processes serving the port together (node:cluster); `auto`: one per CPU. */
  API_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  LEAD_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  /** required: POST /api/leads needs a verificationToken for its number; optional: unverified leads are listed as such. */
  PHONE_VERIFICATION: z.enum(['required', 'optional']).default('required'),
  /** A lead whose wizard was open fewer seconds than this goes to moderation (fast_fill); 0 turns the signal off. */
  FAST_FILL_SECONDS: z.coerce.number().int().min(0).max(3600).default(FAST_FILL_SECONDS),
  /** Where texts go (docs/phone-verification.md, "SMS"): files in DATA_DIR/sms-outbox, MSG91 or Twilio. */
  SMS_PROVIDER: z.enum(['outbox', 'msg91', 'twilio']).default('outbox'),
  MSG91_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'MSG91_URL must be an http(s):// origin')
    .default('https://control.msg91.com'),
  MSG91_AUTH_KEY: z.string().optional(),
  /** MSG91's template ids (each mapped to its DLT template): the code, and an existing listing's private link. */
  MSG91_VERIFY_TEMPLATE_ID: z.string().optional(),
  MSG91_LINK_TEMPLATE_ID: z.string().optional(),
  /** MSG91's template ids of the forgot-password texts: the reset code, and the user names sharing one login. */
  MSG91_RESET_TEMPLATE_ID: z.string().optional(),
  MSG91_ACCOUNTS_TEMPLATE_ID: z.string().optional(),
  TWILIO_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'TWILIO_URL must be an http(s):// origin')
    .default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must be AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** A sending number (+E.164) or a Messaging Service SID (MG…). */
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+\d{8,15}|MG[0-9a-fA-F]{32})$/,
      'TWILIO_FROM must be a +number or a Messaging Service SID',
    )
    .optional(),
  /** How often each process's SMS worker looks for due texts; 0 turns it off. */
  SMS_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  LEAD_SWEEP_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** How often each process works off the market guide's refresh marks (docs/price-guide.md); 0 turns it off. */
  MARKET_REFRESH_MINUTES: z.coerce.number().int().min(0).max(10_080).default(5),
  /** Worker threads for SQLite reads that may scan many rows; 0 runs them on the main thread. */
  SQLITE_READ_WORKERS: z.coerce.number().int().min(0).max(8).optional(),
  /** Keep the lead list engine's snapshot in DATA_DIR/lead-list, so a restart is ready in seconds. */
  LEAD_LIST_SNAPSHOTS: booleanText.default(true),
  WEB_DIST: z.string().default(defaultWebDist),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  /** Where npm was started from: relative paths given by the user resolve against it (npm -w moves the cwd). */
  INIT_CWD: z.string().optional(),
  /** Bearer token for GET /metrics; unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().optional(),
  /** smtp:// or smtps:// URL of the mail server; unset: mails are written as .eml files under DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('DealerLeads <alerts@dealerleads.local>'),
  /** The web app's address as dealers reach it, for the links in mails. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+/, 'PUBLIC_URL must be an http(s):// URL')
    .optional(),
  /** Mails sent to one address per day at most, whatever the accounts behind it (alerts, digests, verifications). */
  MAIL_DAILY_CAP_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Web Push's VAPID key pair (base64url, as web-push's generateVAPIDKeys writes them); unset: DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
    .optional(),
  /** Who runs this server, for push services to reach: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URL')
    .optional(),
  /** How often each process's push worker looks for due messages; 0 turns it off. */
  PUSH_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
  /** How often each process's e-mail worker looks for due mails; 0 turns it off. */
  EMAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  /** The payee's UPI id (VPA), e.g. dealerleads@okaxis: with MERCHANT_NAME, dealers can buy packages by UPI. */
  UPI_VPA: z
    .string()
    .trim()
    .regex(UPI_VPA_PATTERN, 'UPI_VPA must be a UPI id such as dealerleads@okaxis')
    .optional()
    .or(z.literal('')),
  /** The payee name UPI apps show beside UPI_VPA. */
  MERCHANT_NAME: z
    .string()
    .trim()
    .max(50, 'MERCHANT_NAME must be at most 50 characters')
    .optional(),
  /** An S3-compatible bucket for photos, path-style: `https://host[:port]/bucket`; unset: DATA_DIR/media. */
  S3_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/[^/]+\/?$/, 'S3_URL must be http(s)://host[:port]/bucket')
    .optional()
    .or(z.literal('')),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
});

export type DatabaseConfig =
  | {
      engine: 'sqlite';
      file: string;
      /** Off-thread readers (SQLITE_READ_WORKERS; default DEFAULT_SQLITE_READ_WORKERS, 0: none). */
      readWorkers?: number;
    }
  | { engine: 'postgres'; url: string; schema?: string };

/** Names one database, without credentials: the SQLite file, or PostgreSQL's host, port, database and schema. */
export function databaseIdentity(database: DatabaseConfig): string {
  if (database.engine === 'sqlite') return `sqlite:${path.resolve(database.file)}`;
  const url = new URL(database.url);
  return `postgres://${url.host}${url.pathname}#${database.schema ?? 'public'}`;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: DatabaseConfig;
  jwtSecret: string;
  jwtExpiresIn: string;
  logLevel: string;
  seedDemo: boolean;
  /** Which peers may speak for the client in X-Forwarded-* (TRUST_PROXY; docs/hardening.md, "Behind a proxy"). */
  trustProxy: TrustProxy;
  /** Processes serving the port together: a supervisor forks them (docs/operations.md, "Several processes"). */
  apiProcesses: number;
  /**
   * Per minute and per process: login per IP and user name, login per IP whatever the names, lead submissions, all
   * requests. Without Redis, each of N processes allows 1/N of the configured limits.
   */
  rateLimits: { login: number; loginPerIp: number; leadSubmit: number; api: number };
  /** argon2 runs at most `concurrency` at once, `queue` more wait; beyond that a login or sign-up gets 503. */
  passwordHashing: { concurrency: number; queue: number };
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDist: string;
  /**
   * Milliseconds a client may take to send a whole request (request), its headers (headers), and a kept-alive
   * connection may stay idle between requests (keepAlive). See docs/hardening.md, "Time-outs".
   */
  timeouts: { request: number; headers: number; keepAlive: number };
  /** Owner-link requests per minute per IP (guessing a link), per process like `rateLimits`. */
  ownerRateLimit: number;
  /** Days an open lead stays on the list (docs/owners-insights-moderation.md). */
  leadTtlDays: number;
  /** How often each process runs the expiry and erasure sweeps; 0 turns the schedule off. */
  leadSweepMinutes: number;
  /** How often each process refreshes leads' market figures whose comparables changed; 0 turns it off. */
  marketRefreshMinutes: number;
  /** The bearer token GET /metrics requires; undefined turns /metrics off (404). */
  metricsToken?: string;
  /** Folder of the lead list engine's snapshots (docs/lead-list-engine.md, "Snapshots"); unset: none kept. */
  leadListSnapshotDir?: string;
  /** Redis for rate-limit counters shared by every API process; unset: each process counts alone. */
  redisUrl?: string;
  /** Alert mails (docs/my-leads-and-alerts.md, "E-mail"). */
  mail: MailConfig;
  /** Texts (docs/phone-verification.md); unset (tests): the outbox in a temporary folder. */
  sms?: SmsConfig;
  /** Whether POST /api/leads needs a proven number (PHONE_VERIFICATION). */
  phoneVerification: 'required' | 'optional';
  /** Below this many seconds of filling, a lead goes to moderation (FAST_FILL_SECONDS; 0: never). */
  fastFillSeconds: number;
  /** Web Push (docs/offline-and-push.md); unset (tests): a key pair made for the process, no worker. */
  push?: PushConfig;
  /** The payee of UPI payments (UPI_VPA, MERCHANT_NAME); unset: packages are bought through WhatsApp. */
  upi?: { vpa: string; merchantName: string };
  /** Where photos are kept (docs/photos.md). */
  media: MediaConfig;
}

/** A folder (DATA_DIR/media by default), or an S3-compatible bucket shared by every API process. */
export type MediaConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      /** The service's address, e.g. https://s3.ap-south-1.amazonaws.com or http://127.0.0.1:9000. */
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

/** S3_URL split into the service's address and the bucket (path-style addressing). */
export function s3Location(url: string): { endpoint: string; bucket: string } {
  const parsed = new URL(url);
  return { endpoint: parsed.origin, bucket: parsed.pathname.replace(/^\/+|\/+$/g, '') };
}

function mediaConfigOf(e: z.infer<typeof envSchema>, dataDir: string): MediaConfig {
  if (!e.S3_URL) return { kind: 'local', dir: path.join(dataDir, 'media') };
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_URL needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    kind: 's3',
    ...s3Location(e.S3_URL),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  };
}

/** Where texts go: `outbox` writes each to a file in `outboxDir` (development and tests), or a provider's API. */
export type SmsProviderConfig =
  | { provider: 'outbox'; outboxDir: string }
  | {
      provider: 'msg91';
      url: string;
      authKey: string;
      templates: { verify: string; 'owner-link': string; reset: string; 'reset-accounts': string };
    }
  | { provider: 'twilio'; url: string; accountSid: string; authToken: string; from: string };

export type SmsConfig = SmsProviderConfig & {
  /** The outbox worker; unset (tests): no worker, and the delivery policy's defaults (sms.service.ts). */
  worker?: SmsWorkerConfig;
};

export interface SmsWorkerConfig {
  /** The worker's period; 0 turns it off. */
  intervalMs: number;
  /** A claimed text's lease; well above the provider request's time-out (sms-sender.ts). */
  leaseMs: number;
  /** First retry after this, doubling per attempt up to maxBackoffMs; failed after maxAttempts. */
  backoffMs: number;
  maxBackoffMs: number;
  maxAttempts: number;
}

/** The provider SMS_PROVIDER names, with its credentials: a provider chosen without them stops the start. */
function smsProviderOf(e: z.infer<typeof envSchema>, dataDir: string): SmsProviderConfig {
  const missing = (names: [string, string | undefined][]) =>
    names.filter(([, value]) => value === undefined || value === '').map(([name]) => name);
  if (e.SMS_PROVIDER === 'msg91') {
    const absent = missing([
      ['MSG91_AUTH_KEY', e.MSG91_AUTH_KEY],
      ['MSG91_VERIFY_TEMPLATE_ID', e.MSG91_VERIFY_TEMPLATE_ID],
      ['MSG91_LINK_TEMPLATE_ID', e.MSG91_LINK_TEMPLATE_ID],
      ['MSG91_RESET_TEMPLATE_ID', e.MSG91_RESET_TEMPLATE_ID],
      ['MSG91_ACCOUNTS_TEMPLATE_ID', e.MSG91_ACCOUNTS_TEMPLATE_ID],
    ]);
    if (absent.length > 0) throw new OperatorError(`SMS_PROVIDER=msg91 needs ${absent.join(', ')}`);
    return {
      provider: 'msg91',
      url: e.MSG91_URL,
      authKey: e.MSG91_AUTH_KEY!,
      templates: {
        verify: e.MSG91_VERIFY_TEMPLATE_ID!,
        'owner-link': e.MSG91_LINK_TEMPLATE_ID!,
        reset: e.MSG91_RESET_TEMPLATE_ID!,
        'reset-accounts': e.MSG91_ACCOUNTS_TEMPLATE_ID!,
      },
    };
  }
  if (e.SMS_PROVIDER === 'twilio') {
    const absent = missing([
      ['TWILIO_ACCOUNT_SID', e.TWILIO_ACCOUNT_SID],
      ['TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN],
      ['TWILIO_FROM', e.TWILIO_FROM],
    ]);
    if (absent.length > 0)
      throw new OperatorError(`SMS_PROVIDER=twilio needs ${absent.join(', ')}`);
    return {
      provider: 'twilio',
      url: e.TWILIO_URL,
      accountSid: e.TWILIO_ACCOUNT_SID!,
      authToken: e.TWILIO_AUTH_TOKEN!,
      from: e.TWILIO_FROM!,
    };
  }
  return { provider: 'outbox', outboxDir: path.join(dataDir, 'sms-outbox') };
}

export interface MailConfig {
  /** SMTP server; undefined: .eml files in `outboxDir`. */
  smtpUrl?: string;
  from: string;
  /** Links in mails start with it (no trailing slash). */
  publicUrl: string;
  outboxDir: string;
  /** The worker's period; 0 turns it off. */
  workerIntervalMs: number;
  /** Mails sent to one address per day (the last 24 hours) at most; more are skipped. */
  dailyCapPerAddress: number;
  /** A claimed mail's lease; well above the SMTP time-outs (email-worker.ts). */
  leaseMs: number;
  /** First retry after this, doubling per attempt up to maxBackoffMs; failed after maxAttempts. */
  backoffMs: number;
  maxBackoffMs: number;
  maxAttempts: number;
}

export interface PushConfig {
  vapid: VapidKeys;
  /** The worker's period; 0 turns it off. */
  workerIntervalMs: number;
  /** A claimed message's lease; well above the push request's time-out (push-worker.ts). */
  leaseMs: number;
  /** First retry after this, doubling per attempt up to maxBackoffMs; failed after maxAttempts. */
  backoffMs: number;
  maxBackoffMs: number;
  maxAttempts: number;
}

/** A P-256 key pair in base64url (public: the uncompressed point, private: the 32-byte scalar) and the subject. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Without VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY the key pair is made once and kept in the data folder (owner-only):
 * a new pair would cut off every device subscribed with the old one.
 */
function embeddedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  const kept = JSON.parse(
    readOrCreatePrivateFile(file, () => JSON.stringify(webPushLibrary().generateVAPIDKeys())),
  ) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string')
    throw new Error(`${file} holds no VAPID key pair: delete it to get a new one`);
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}

/** At least 32 characters with some variety: refuses "secret", "changeme" and friends. */
export function isStrongSecret(secret: string): boolean {
  return secret.length >= 32 && new Set(secret).size >= 10;
}

/**
 * Embedded mode keeps a random secret in the data folder (owner-only) so `npm start` works out of the
 * box and sessions survive restarts. Several processes on PostgreSQL must share an explicit secret.
 */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  const kept = readOrCreatePrivateFile(file, () => randomBytes(48).toString('base64url')).trim();
  // A hand-edited file must meet the same bar as JWT_SECRET: no 'changeme' through the back door.
  if (!isStrongSecret(kept))
    throw new OperatorError(`${file} holds a weak secret: delete it to get a new one`);
  return kept;
}

function parseEnv(env: NodeJS.ProcessEnv) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new OperatorError(`Invalid configuration: ${details}`);
  }
  return parsed.data;
}

export interface DatabaseSettings {
  database: DatabaseConfig;
  /** Folder of the embedded database and its generated JWT secret. */
  dataDir: string;
  /** Whether an empty database gets the demo (accounts with published passwords). */
  seedDemo: boolean;
}

/**
 * The database part of the configuration, all that `npm run migrate` and `npm run seed` need: no JWT secret.
 * Demo data defaults to on only for the embedded default database (DATABASE_URL unset); PostgreSQL or any other
 * DATABASE_URL gets it only with SEED_DEMO=true.
 */
export function loadDatabaseSettings(env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  return databaseSettingsOf(parseEnv(env));
}

function databaseSettingsOf(e: z.infer<typeof envSchema>): DatabaseSettings {
  const base = e.INIT_CWD ?? process.cwd();
  const dataDir = e.DATA_DIR === undefined ? DEFAULT_DATA_DIR : path.resolve(base, e.DATA_DIR);
  const isPostgres = e.DATABASE_URL !== undefined && /^postgres(ql)?:\/\//.test(e.DATABASE_URL);
  if (e.DATABASE_URL !== undefined && !isPostgres && !e.DATABASE_URL.startsWith('file:')) {
    throw new OperatorError('DATABASE_URL must be a postgres:// URL or file:<path> for SQLite');
  }
  const database: DatabaseConfig = isPostgres
    ? { engine: 'postgres', url: e.DATABASE_URL! }
    : {
        engine: 'sqlite',
        file: e.DATABASE_URL
          ? path.resolve(base, e.DATABASE_URL.slice('file:'.length))
          : path.join(dataDir, 'dealerleads.db'),
        ...(e.SQLITE_READ_WORKERS === undefined ? {} : { readWorkers: e.SQLITE_READ_WORKERS }),
      };
  return { database, dataDir, seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = parseEnv(env);
  const { database, dataDir, seedDemo } = databaseSettingsOf(e);
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new OperatorError('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  }

  let jwtSecret = e.JWT_SECRET;
  if (jwtSecret !== undefined && !isStrongSecret(jwtSecret)) {
    throw new OperatorError(
      'JWT_SECRET is too weak: use at least 32 random characters, e.g. the output of `openssl rand -base64 48`',
    );
  }
  if (jwtSecret === undefined) {
    if (database.engine === 'postgres') {
      throw new OperatorError(
        'JWT_SECRET is required with PostgreSQL (every API process must share it): set it to at least 32 random characters, e.g. the output of `openssl rand -base64 48`',
      );
    }
    jwtSecret = embeddedSecret(dataDir);
  }

  const metricsToken = e.METRICS_TOKEN === '' ? undefined : e.METRICS_TOKEN;
  if (metricsToken !== undefined && !isStrongSecret(metricsToken)) {
    throw new OperatorError('METRICS_TOKEN is too weak: use at least 32 random characters');
  }

  const vpa = e.UPI_VPA || undefined;
  const merchantName = e.MERCHANT_NAME || undefined;
  if ((vpa === undefined) !== (merchantName === undefined)) {
    throw new OperatorError(
      'UPI_VPA and MERCHANT_NAME go together: set both to take UPI payments, or neither',
    );
  }

  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const vapidPair =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : embeddedVapidKeys(dataDir);

  const apiProcesses = e.API_PROCESSES === 'auto' ? availableParallelism() : e.API_PROCESSES;
  // Without Redis each process counts alone, and N processes sharing one port must not allow N times the limit:
  // each allows its share (a client's connections are spread over them; one kept-alive connection stays on one).
  const perProcess = (limit: number) =>
    e.REDIS_URL ? limit : Math.max(1, Math.floor(limit / apiProcesses));

  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (seedDemo ? '127.0.0.1' : '0.0.0.0'),
    port: e.PORT,
    database,
    jwtSecret,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    logLevel: e.LOG_LEVEL,
    seedDemo,
    trustProxy: e.TRUST_PROXY,
    apiProcesses,
    rateLimits: {
      login: perProcess(e.LOGIN_RATE_LIMIT),
      loginPerIp: perProcess(e.LOGIN_IP_RATE_LIMIT),
      leadSubmit: perProcess(e.LEAD_SUBMIT_RATE_LIMIT),
      api: perProcess(e.API_RATE_LIMIT),
    },
    ownerRateLimit: perProcess(e.OWNER_RATE_LIMIT),
    leadTtlDays: e.LEAD_TTL_DAYS,
    leadSweepMinutes: e.LEAD_SWEEP_MINUTES,
    marketRefreshMinutes: e.MARKET_REFRESH_MINUTES,
    webDist: e.WEB_DIST,
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queue: e.PASSWORD_HASH_QUEUE },
    timeouts: {
      request: e.REQUEST_TIMEOUT_MS,
      headers: e.HEADERS_TIMEOUT_MS,
      keepAlive: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    ...(metricsToken ? { metricsToken } : {}),
    ...(e.LEAD_LIST_SNAPSHOTS ? { leadListSnapshotDir: path.join(dataDir, 'lead-list') } : {}),
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    mail: {
      ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
      from: e.MAIL_FROM,
      publicUrl,
      outboxDir: path.join(dataDir, 'outbox'),
      workerIntervalMs: e.EMAIL_WORKER_INTERVAL_MS,
      dailyCapPerAddress: e.MAIL_DAILY_CAP_PER_ADDRESS,
      leaseMs: 120_000,
      backoffMs: 60_000,
      maxBackoffMs: 3_600_000,
      maxAttempts: 8,
    },
    push: {
      vapid: { ...vapidPair, subject: e.VAPID_SUBJECT ?? vapidSubjectOf(publicUrl) },
      workerIntervalMs: e.PUSH_WORKER_INTERVAL_MS,
      leaseMs: 60_000,
      backoffMs: 30_000,
      maxBackoffMs: 3_600_000,
      maxAttempts: 8,
    },
    ...(vpa && merchantName ? { upi: { vpa, merchantName } } : {}),
    media: mediaConfigOf(e, dataDir),
    sms: {
      ...smsProviderOf(e, dataDir),
      worker: {
        intervalMs: e.SMS_WORKER_INTERVAL_MS,
        leaseMs: 60_000,
        backoffMs: 30_000,
        maxBackoffMs: 1_800_000,
        maxAttempts: 6,
      },
    },
    phoneVerification: e.PHONE_VERIFICATION,
    fastFillSeconds: e.FAST_FILL_SECONDS,
  };
}

/** Push services want a way to reach the sender: the site itself when it is https, else a mailbox at its host. */
function vapidSubjectOf(publicUrl: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const host = new URL(publicUrl).hostname;
  return `mailto:push@${host.includes('.') ? host : 'dealerleads.local'}`;
}
