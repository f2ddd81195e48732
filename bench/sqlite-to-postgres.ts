// Copies the bench's SQLite database of N leads (and its members) into an empty PostgreSQL database, so the benches
// that read at scale run on PostgreSQL too without the seed CLI's hours there (every insert fires the lead triggers):
// rows go in 2,000 a statement with triggers off (session_replication_role = replica), then the insights rollups are
// computed once, as their migration does, and the tables analyzed. The list engine's change log starts empty: a
// server reads every lead. The SQLite file has no members unless seeded with the demo: bench/insights.ts needs an Admin.
//
//   DATABASE_URL=postgres://… node --import tsx bench/sqlite-to-postgres.ts [--leads 1000000]
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { backfillInsightRollups } from '../apps/api/src/db/migrations/2026-11-24-0602-insights-rollups';
import { backfillVerifiedRollups } from '../apps/api/src/db/migrations/2026-11-28-1501-verified-rollup';
import { chooseDatabase } from './database';

const index = process.argv.indexOf('--leads');
const leads = index === -1 ? 1_000_000 : Number(process.argv[index + 1]);
const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('DATABASE_URL must name the PostgreSQL database to fill');
  process.exit(1);
}
const source = chooseDatabase(leads, {});
if (source.engine !== 'sqlite' || !existsSync(source.file)) {
  console.error(
    `${source.label} is missing: run \`npm run bench\` (or the seed CLI) once to build it.`,
  );
  process.exit(1);
}

const target = openDatabase({ engine: 'postgres', url });
await migrateToLatest(target.db, target.engine);
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query<{ n: string }>('select count(*) as n from leads');
if (Number(rows[0]?.n) > 0) {
  console.error('the PostgreSQL database already holds leads: give an empty one');
  process.exit(1);
}
await client.query('set session_replication_role = replica');

const sqlite = new Database(source.file, { readonly: true, fileMustExist: true });
const BATCH = 2_000;

/** Copies one table's rows (the columns both databases have), ids included, and moves its id sequence past them. */
async function copy(table: 'users' | 'leads'): Promise<number> {
  const targetColumns = new Set(
    (
      await client.query<{ column_name: string }>(
        'select column_name from information_schema.columns where table_name = $1 and table_schema = current_schema()',
        [table],
      )
    ).rows.map((r) => r.column_name),
  );
  const columns = (sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[])
    .map((c) => c.name)
    .filter((name) => targetColumns.has(name));
  const read = sqlite.prepare(
    `select ${columns.join(', ')} from ${table} where id > ? order by id limit ${BATCH}`,
  );
  let after = 0;
  let copied = 0;
  for (;;) {
    const batch = read.all(after) as Record<string, unknown>[];
    if (batch.length === 0) break;
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const start = values.length;
      for (const column of columns) values.push(row[column]);
      return `(${columns.map((_, i) => `$${start + i + 1}`).join(', ')})`;
    });
    await client.query(
      `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
      values,
    );
    copied += batch.length;
    after = Number(batch[batch.length - 1]!.id);
    if (table === 'leads' && copied % 100_000 < BATCH) process.stdout.write(`\r  leads ${copied}`);
  }
  await client.query(
    `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
  );
  return copied;
}

const started = performance.now();
console.log(`Copying ${source.label} into ${url.replace(/\/\/[^@/]*@/, '//***@')}`);
const users = await copy('users');
const copiedLeads = await copy('leads');
await client.end();
await backfillInsightRollups(target.db as unknown as Kysely<unknown>, 'postgres');
await backfillVerifiedRollups(target.db as unknown as Kysely<unknown>, 'postgres');
// Fresh statistics, as autovacuum would gather a while later: without them the first plans guess.
await sql`analyze`.execute(target.db);
await target.close();
console.log(
  `\r  ${users} members and ${copiedLeads} leads copied, insights rollups computed, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
