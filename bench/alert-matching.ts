// What matching new leads against saved searches adds to a lead write: 10,000 saved searches (filed under their most
// selective filter, every one mailing at once, so each match also writes its e-mail outbox row), 100 new leads; prints the added milliseconds per lead (p50 / p95 / max) on SQLite, and on
// PostgreSQL too with DATABASE_URL=postgres://…  Run: node --import tsx bench/alert-matching.ts [--searches N]
import { performance } from 'node:perf_hooks';
import { VEHICLE_BRANDS, NCR_CITIES } from '@dealerleads/shared/catalogues';
import { userNameKey, type SavedSearchFilters } from '@dealerleads/shared';
import type { DatabaseHandle, Engine } from '../apps/api/src/db/database';
import { runWrite } from '../apps/api/src/db/write-batcher';
import { userNameSkeleton } from '../apps/api/src/lib/user-name-skeleton';
import { recordNewLeadAlerts } from '../apps/api/src/modules/alerts/alerts.service';
import { canonicalSavedFilter, matchKeyOf } from '../apps/api/src/modules/alerts/lead-matcher';
import { createTestDatabase } from '../apps/api/src/test/test-app';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SEARCHES = arg('searches', 10_000);
const LEADS = arg('leads', 100);
/**
 * Lead writes before the measured ones. A running server has parsed its saved searches' filters long ago (a process
 * keeps them parsed); these writes parse them here, and warm the statement cache, so the figures are a server's
 * steady state. The cost of the first writes after a start is printed apart.
 */
const WARMUP = arg('warmup', 200);
const DEALERS = 2_000;

let seed = 20_261_124;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
// The brands dealers chase most, as the demo data weighs them.
const popular = VEHICLE_BRANDS.filter((b) =>
  ['maruti_suzuki', 'hyundai', 'tata', 'mahindra', 'honda', 'toyota', 'kia'].includes(b.value),
);
const brandOf = () => (random() < 0.5 ? pick(popular) : pick(VEHICLE_BRANDS));
const cities = NCR_CITIES.length > 0 ? NCR_CITIES : ['Noida'];

/** What dealers save: mostly a model (often in their city), some a brand in a city, a city's price band, a text. */
function savedFilters(): SavedSearchFilters {
  const brand = brandOf();
  const roll = random();
  if (roll < 0.7) {
    const f: SavedSearchFilters = { brand: brand.value, model: pick(brand.models).name };
    if (random() < 0.6) f.city = pick(cities);
    if (random() < 0.3) f.price = '300000-1500000';
    return f;
  }
  if (roll < 0.85) return { brand: brand.value, city: pick(cities) };
  if (roll < 0.95) return { city: pick(cities), price: '200000-800000', fuel: 'diesel' };
  return { searchterm: pick(brand.models).name.toLowerCase() };
}

async function run(handle: DatabaseHandle): Promise<string> {
  const { db, engine } = handle;
  const now = new Date().toISOString();
  const users: number[] = [];
  for (let i = 0; i < DEALERS; i += 500) {
    const rows = await db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(500, DEALERS - i) }, (_, j) => ({
          user_name: `benchdealer${i + j}`,
          user_name_key: userNameKey(`benchdealer${i + j}`),
          user_name_skeleton: userNameSkeleton(`benchdealer${i + j}`),
          email_verified: 1 as const,
          name: 'Bench Dealer',
          email: `bench${i + j}@example.in`,
          phone: null,
          city: 'Noida',
          pincode: null,
          state: null,
          role: 'Dealer',
          password_hash: 'x',
          status: 1 as const,
          created_on: now,
        })),
      )
      .returning('id')
      .execute();
    users.push(...rows.map((r) => r.id));
  }
  for (let i = 0; i < SEARCHES; i += 500) {
    await db
      .insertInto('saved_searches')
      .values(
        Array.from({ length: Math.min(500, SEARCHES - i) }, () => {
          const filters = savedFilters();
          return {
            user_id: pick(users),
            name: 'Bench search',
            filters: JSON.stringify(filters),
            // The worst case: every match also queues an instant mail in the outbox.
            email_mode: 'instant',
            match_key: matchKeyOf(canonicalSavedFilter(filters)),
            last_opened_on: now,
            created_on: now,
          };
        }),
      )
      .execute();
  }
  const buckets = await db
    .selectFrom('saved_searches')
    .select(['match_key', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('match_key')
    .orderBy('n', 'desc')
    .limit(5)
    .execute();
  if (process.env.BENCH_VERBOSE) console.log(buckets);
  const times: number[] = [];
  const firstWrites: number[] = [];
  let notified = 0;
  for (let i = 0; i < LEADS + WARMUP; i++) {
    const brand = brandOf();
    const model = pick(brand.models);
    const lead = await db
      .insertInto('leads')
      .values({
        full_name: 'Bench Owner',
        phone_number: `7${String(100_000_000 + i * 7_919).slice(-9)}`,
        city: pick(cities),
        brand: brand.value,
        model: model.name,
        varient: null,
        rto: null,
        year: 2018,
        fuel_type: pick(['petrol', 'diesel', 'cng']),
        owner_name: 'first',
        transmission: 'manual',
        seats: 5,
        price: 300_000 + Math.floor(random() * 1_200_000),
        km_driven: null,
        status: 1,
        created_on: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Timed inside the transaction: a real lead write pays the matching and the inserts, not another commit.
    const { count, ms } = await runWrite(db, engine, async (tx) => {
      const start = performance.now();
      const n = await recordNewLeadAlerts(tx, engine, lead);
      return { count: n, ms: performance.now() - start };
    });
    if (i < 10) firstWrites.push(ms);
    if (i >= WARMUP) {
      times.push(ms);
      notified += count;
    }
  }
  const outbox = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  return `${engine.padEnd(8)} ${SEARCHES} saved searches, ${LEADS} leads: added to each lead write (matching + notification and outbox rows) p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${(notified / LEADS).toFixed(1)} notifications and ${(Number(outbox.n) / (LEADS + WARMUP)).toFixed(1)} outbox rows per lead) — budget ≤ 5 ms; the first 10 writes after a start: mean ${(firstWrites.reduce((a, b) => a + b, 0) / firstWrites.length).toFixed(2)} ms`;
}

const engines: { engine: Engine; postgresUrl?: string }[] = [{ engine: 'sqlite' }];
const url = process.env.DATABASE_URL;
if (url && /^postgres(ql)?:\/\//.test(url)) engines.push({ engine: 'postgres', postgresUrl: url });
for (const { engine, postgresUrl } of engines) {
  const database = await createTestDatabase(engine, { postgresUrl });
  try {
    console.log(await run(database.handle));
  } finally {
    await database.drop();
  }
}
