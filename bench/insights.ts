// Admin insights at scale: `GET /api/admin/insights` through the real app (app.inject, Admin token) on the benchmark
// database (SQLite bench/results/db-<N>.sqlite, or DATABASE_URL's PostgreSQL), for 7, 30, 90 and 365-day periods, and
// the time one lead insert and one unlock spend on the rollup triggers. Prints p50 / p95 / max against the 200 ms budget.
//
//   node --import tsx bench/insights.ts [--leads 1000000] [--runs 30]
import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { signToken } from '../apps/api/src/plugins/auth';
import { DATA_DIR, existingBenchDatabase, numberArgument } from './database';

const BUDGET_MS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const leads = numberArgument('leads', 1_000_000);
const runs = numberArgument('runs', 30);
const { bench, config: databaseConfig } = existingBenchDatabase(leads);
const database = openDatabase(databaseConfig);
const migrateStart = performance.now();
const applied = await migrateToLatest(database.db, database.engine, database.schema);
if (applied.length > 0)
  console.log(
    `migrated ${applied.join(', ')} in ${((performance.now() - migrateStart) / 1000).toFixed(1)} s`,
  );

const config = {
  ...loadConfig({
    ...process.env,
    DATABASE_URL: bench.url,
    DATA_DIR,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'silent',
    LEAD_SWEEP_MINUTES: '0',
    API_RATE_LIMIT: '1000000',
  }),
};
const { app } = await buildApp(config, { database, logger: false });
await app.ready();

const count = await database.db
  .selectFrom('leads')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
const newest = await database.db
  .selectFrom('leads')
  .select('created_on')
  .orderBy('id', 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();
const admin = await database.db
  .selectFrom('users')
  .select(['id', 'user_name', 'token_version'])
  .where('role', '=', 'Admin')
  .limit(1)
  .executeTakeFirstOrThrow();
const token = signToken(app, {
  id: admin.id,
  userName: admin.user_name,
  tokenVersion: admin.token_version,
});
const to = new Date(newest.created_on).toISOString().slice(0, 10);
console.log(
  `${bench.label}: ${Number(count.n).toLocaleString('en-US')} leads, periods ending ${to}, ${runs} runs each`,
);

const rows: string[] = [];
for (const days of [7, 30, 90, 365]) {
  const from = new Date(Date.parse(to) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const url = `/api/admin/insights?from=${from}&to=${to}`;
  const times: number[] = [];
  let newLeads = 0;
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    newLeads = res.json<{ kpis: { newLeads: number } }>().kpis.newLeads;
    if (i >= 3) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  rows.push(
    `| ${String(days).padStart(3)} days | ${newLeads.toLocaleString('en-US').padStart(9)} | ${percentile(times, 50).toFixed(1).padStart(6)} | ${p95.toFixed(1).padStart(6)} | ${times.at(-1)!.toFixed(1).padStart(6)} | ${p95 <= BUDGET_MS ? 'pass' : 'FAIL'} |`,
  );
}
console.log(`\nGET /api/admin/insights (${database.engine}), ms, budget p95 <= ${BUDGET_MS}`);
console.log('| period   | new leads |    p50 |    p95 |    max | budget |');
console.log('| -------- | --------: | -----: | -----: | -----: | ------ |');
for (const row of rows) console.log(row);

await app.close();
await database.close();
