// The API's settings, read from the environment once and validated; nothing else reads process.env.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, seen from apps/api/src (dev) or apps/api/dist (built): both are two levels below apps/. */
const defaultWebDist = path.resolve(here, '../../web/dist');

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  JWT_SECRET: z.string().optional(),
  JWT_EXPIRES_IN: z.string().default('7d'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanText.default(true),
  TRUST_PROXY: booleanText.default(false),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LEAD_SUBMIT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  API_RATE_LIMIT: z.coerce.number().int().positive().default(1000),
  OWNER_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  LEAD_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  LEAD_SWEEP_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  WEB_DIST: z.string().default(defaultWebDist),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
});

export type DatabaseConfig =
  { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; schema?: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: DatabaseConfig;
  jwtSecret: string;
  jwtExpiresIn: string;
  logLevel: string;
  seedDemo: boolean;
  trustProxy: boolean;
  rateLimits: { login: number; leadSubmit: number; api: number };
  /** Owner-link requests per minute per IP (guessing a link). */
  ownerRateLimit: number;
  /** Days an open lead stays on the list (docs/owners-insights-moderation.md). */
  leadTtlDays: number;
  /** How often each process runs the expiry and erasure sweeps; 0 turns the schedule off. */
  leadSweepMinutes: number;
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDist: string;
  /** Redis for rate-limit counters shared by every API process; unset: each process counts alone. */
  redisUrl?: string;
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
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    // A hand-edited file must meet the same bar as JWT_SECRET: no 'changeme' through the back door.
    if (!isStrongSecret(kept))
      throw new Error(`${file} holds a weak secret: delete it to get a new one`);
    return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const isPostgres = e.DATABASE_URL !== undefined && /^postgres(ql)?:\/\//.test(e.DATABASE_URL);
  if (e.DATABASE_URL !== undefined && !isPostgres && !e.DATABASE_URL.startsWith('file:')) {
    throw new Error('DATABASE_URL must be a postgres:// URL or file:<path> for SQLite');
  }
  const database: DatabaseConfig = isPostgres
    ? { engine: 'postgres', url: e.DATABASE_URL! }
    : {
        engine: 'sqlite',
        file: e.DATABASE_URL
          ? path.resolve(e.DATABASE_URL.slice('file:'.length))
          : path.join(dataDir, 'dealerleads.db'),
      };

  let jwtSecret = e.JWT_SECRET;
  if (jwtSecret !== undefined && !isStrongSecret(jwtSecret)) {
    throw new Error('JWT_SECRET is too weak: use at least 32 random characters');
  }
  if (jwtSecret === undefined) {
    if (database.engine === 'postgres') {
      throw new Error('JWT_SECRET is required with PostgreSQL (every API process must share it)');
    }
    jwtSecret = embeddedSecret(dataDir);
  }

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    database,
    jwtSecret,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      login: e.LOGIN_RATE_LIMIT,
      leadSubmit: e.LEAD_SUBMIT_RATE_LIMIT,
      api: e.API_RATE_LIMIT,
    },
    ownerRateLimit: e.OWNER_RATE_LIMIT,
    leadTtlDays: e.LEAD_TTL_DAYS,
    leadSweepMinutes: e.LEAD_SWEEP_MINUTES,
    webDist: e.WEB_DIST,
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
  };
}
