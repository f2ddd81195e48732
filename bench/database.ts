// The benchmark database: a SQLite file per size (or $DATABASE_URL's PostgreSQL), filled by the seed CLI, read for lead ids.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig } from '../apps/api/src/config';
import { runCommand } from './processes';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
/** DATA_DIR of the API and seed processes, so nothing lands in the repository's data/ folder. */
export const DATA_DIR = path.join(RESULTS_DIR, 'data');

export type BenchDatabase =
  | { engine: 'sqlite'; url: string; file: string; label: string }
  | { engine: 'postgres'; url: string; label: string };

/** SQLite at bench/results/db-<N>.sqlite, unless DATABASE_URL names a PostgreSQL database. */
export function chooseDatabase(leads: number, env: NodeJS.ProcessEnv): BenchDatabase {
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return { engine: 'postgres', url, label: url.replace(/\/\/[^@/]*@/, '//***@') };
  }
  if (url)
    console.warn(`DATABASE_URL=${url} is not postgres://…: using the benchmark's own SQLite file`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `db-${leads}.sqlite`);
  return { engine: 'sqlite', url: `file:${file}`, file, label: path.relative(ROOT, file) };
}

/** Runs the bundled seed CLI: migrations, demo accounts, then leads until the database holds `leads`. */
export async function seedDatabase(
  db: BenchDatabase,
  leads: number,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const fresh = db.engine === 'sqlite' && !existsSync(db.file);
  console.log(
    fresh
      ? `Building ${db.label} with ${leads.toLocaleString('en-US')} leads (once; later runs reuse it)…`
      : `Checking ${db.label} holds ${leads.toLocaleString('en-US')} leads (migrations, top-up)…`,
  );
  await runCommand(
    process.execPath,
    // Nothing serves beside this: full speed (the storm's import keeps the default pace).
    [path.join(ROOT, 'apps/api/dist/seed-cli.js'), '--leads', String(leads), '--duty', '1'],
    env,
  );
}

export interface LeadIds {
  /** Every lead, active or not. */
  total: number;
  /** Ids of active leads (what a dealer can open and unlock), ascending. */
  active: number[];
}

/** Reads the lead ids straight from the database (through the API this would take thousands of pages). */
export async function readLeadIds(db: BenchDatabase): Promise<LeadIds> {
  if (db.engine === 'sqlite') {
    const sqlite = new Database(db.file, { readonly: true, fileMustExist: true });
    try {
      const total = sqlite.prepare('select count(*) from leads').pluck().get() as number;
      const active = sqlite
        .prepare('select id from leads where status = 1 order by id')
        .pluck()
        .all() as number[];
      return { total, active };
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const count = await client.query<{ n: string }>('select count(*) as n from leads');
    const rows = await client.query<{ id: number }>(
      'select id from leads where status order by id',
    );
    return { total: Number(count.rows[0]?.n ?? 0), active: rows.rows.map((r) => Number(r.id)) };
  } finally {
    await client.end();
  }
}

/** The columns of a lead the scenarios build their filters and search terms from. */
export interface LeadSample {
  full_name: string;
  city: string;
  brand: string;
  model: string;
  varient: string | null;
  year: number;
  fuel_type: string;
  owner_name: string;
  transmission: string;
  rto: string | null;
  seats: number;
  price: number;
  km_driven: number | null;
}

const SAMPLE_COLUMNS =
  'full_name, city, brand, model, varient, year, fuel_type, owner_name, transmission, rto, seats, price, km_driven';

/** These leads' filterable columns, so the benchmark asks for things that exist, as dealers do. */
export async function readLeadSample(db: BenchDatabase, ids: number[]): Promise<LeadSample[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += 500) chunks.push(ids.slice(i, i + 500));
  if (db.engine === 'sqlite') {
    const sqlite = new Database(db.file, { readonly: true, fileMustExist: true });
    try {
      return chunks.flatMap(
        (chunk) =>
          sqlite
            .prepare(
              `select ${SAMPLE_COLUMNS} from leads where id in (${chunk.map(() => '?').join(',')})`,
            )
            .all(...chunk) as LeadSample[],
      );
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const rows: LeadSample[] = [];
    for (const chunk of chunks) {
      const result = await client.query<LeadSample>(
        `select ${SAMPLE_COLUMNS} from leads where id = any($1::int[])`,
        [chunk],
      );
      rows.push(
        ...result.rows.map((r) => ({
          ...r,
          year: Number(r.year),
          seats: Number(r.seats),
          price: Number(r.price),
          km_driven: r.km_driven === null ? null : Number(r.km_driven),
        })),
      );
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** `--name N` from the command line, or `fallback`. */
export function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

/**
 * The benchmark database of `leads` leads for a script that reads it (SQLite unless DATABASE_URL names PostgreSQL):
 * exits with a hint when its SQLite file has not been built yet.
 */
export function existingBenchDatabase(leads: number): {
  bench: BenchDatabase;
  config: DatabaseConfig;
} {
  const bench = chooseDatabase(leads, process.env);
  if (bench.engine === 'sqlite' && !existsSync(bench.file)) {
    console.error(
      `${bench.label} is missing: run \`npm run bench\` (or the seed CLI) once to build it.`,
    );
    process.exit(1);
  }
  const config: DatabaseConfig =
    bench.engine === 'sqlite'
      ? { engine: 'sqlite', file: bench.file }
      : { engine: 'postgres', url: bench.url };
  return { bench, config };
}
