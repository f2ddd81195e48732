// Daily rollups behind Admin insights (docs/owners-insights-moderation.md): kept by triggers on every lead and unlock
// write, so `GET /api/admin/insights` sums a few thousand rollup rows instead of scanning a million leads.
//
// - lead_daily_stats (day, dimension, value) → n: new leads per India day overall ('all'), by city, brand, model
//   ('brand|model') and price band (its lower bound in rupees), and 'unlocked': leads of that day unlocked at least once.
// - unlock_daily_stats (day, shard) → unlocks, credits: unlocks per day, split over 16 shards by dealer so concurrent
//   unlocks on PostgreSQL never queue on one hot row.
// - dealer_active_days (day, user_id): who unlocked on which day (active dealers of a period).
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

/** Lower bounds of the price bands of the distribution chart, in rupees (insights.service.ts shows the same). */
const INSIGHT_PRICE_BANDS = [
  0, 200_000, 400_000, 600_000, 800_000, 1_000_000, 1_500_000, 2_500_000,
] as const;

const UNLOCK_SHARDS = 16;

/** A price's band (its lower bound as text) in SQL. */
function bandSql(price: string): string {
  const cases = [...INSIGHT_PRICE_BANDS]
    .reverse()
    .map((bound) => `when ${price} >= ${bound} then '${bound}'`)
    .join(' ');
  return `(case ${cases} else '0' end)`;
}

/** The India day (YYYY-MM-DD) of a stored timestamp. */
function daySql(engine: Engine, column: string): string {
  return engine === 'sqlite'
    ? `date(${column}, '+330 minutes')`
    : `to_char((${column} at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD')`;
}

/** The dimension rows of one lead (alias `row`): [dimension, value] SQL pairs. */
function dimensionsOf(row: string): [string, string][] {
  return [
    ["'city'", `${row}.city`],
    ["'brand'", `${row}.brand`],
    ["'model'", `${row}.brand || '|' || ${row}.model`],
    ["'price_band'", bandSql(`${row}.price`)],
  ];
}

function bump(engine: Engine, row: string, delta: '+ 1' | '- 1', withAll: boolean): string {
  const day = daySql(engine, `${row}.created_on`);
  const dims: [string, string][] = [
    ...(withAll ? [["'all'", "''"] as [string, string]] : []),
    ...dimensionsOf(row),
  ];
  const values = dims
    .map(([d, v]) => `(${day}, ${d}, ${v}, ${delta === '+ 1' ? 1 : -1})`)
    .join(', ');
  return `insert into lead_daily_stats (day, dimension, value, n) values ${values}
    on conflict (day, dimension, value) do update set n = lead_daily_stats.n + excluded.n;`;
}

function unlockStatements(engine: Engine): string[] {
  const day = daySql(engine, 'new.created_on');
  const leadDay = daySql(engine, 'l.created_on');
  return [
    `insert into unlock_daily_stats (day, shard, unlocks, credits)
       values (${day}, new.user_id % ${UNLOCK_SHARDS}, 1, new.credit_debited)
       on conflict (day, shard) do update set unlocks = unlock_daily_stats.unlocks + 1,
         credits = unlock_daily_stats.credits + excluded.credits;`,
    `insert into dealer_active_days (day, user_id) values (${day}, new.user_id)
       on conflict (day, user_id) do nothing;`,
    // The lead's first unlock counts it as unlocked, on the day it was created (the shard spreads the hot row).
    `insert into lead_daily_stats (day, dimension, value, n)
       select ${leadDay}, 'unlocked', cast(new.user_id % ${UNLOCK_SHARDS} as ${engine === 'sqlite' ? 'text' : 'varchar'}), 1
       from leads l
       where l.id = new.lead_id
         and not exists (select 1 from lead_unlocks u where u.lead_id = new.lead_id and u.id < new.id)
       on conflict (day, dimension, value) do update set n = lead_daily_stats.n + 1;`,
  ];
}

/**
 * Computes the rollups from what is stored (a million leads take a few seconds): the migration runs it once, and the
 * bench's PostgreSQL copy of its SQLite database (bench/sqlite-to-postgres.ts) after loading leads without triggers.
 * The rollup tables must be empty.
 */
export async function backfillInsightRollups(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const leadDay = daySql(engine, 'created_on');
  const dims: [string, string][] = [["'all'", "''"], ...dimensionsOf('leads')];
  for (const [dimension, value] of dims) {
    await sql
      .raw(
        `insert into lead_daily_stats (day, dimension, value, n)
         select ${leadDay}, ${dimension}, ${value}, count(*) from leads
         group by ${leadDay}${value === "''" ? '' : `, ${value}`}`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `insert into lead_daily_stats (day, dimension, value, n)
       select ${leadDay}, 'unlocked', '0', count(*) from leads
       where id in (select lead_id from lead_unlocks)
       group by ${leadDay}`,
    )
    .execute(db);
  const unlockDay = daySql(engine, 'created_on');
  await sql
    .raw(
      `insert into unlock_daily_stats (day, shard, unlocks, credits)
       select ${unlockDay}, user_id % ${UNLOCK_SHARDS}, count(*), coalesce(sum(credit_debited), 0)
       from lead_unlocks group by ${unlockDay}, user_id % ${UNLOCK_SHARDS}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into dealer_active_days (day, user_id)
       select distinct ${unlockDay}, user_id from lead_unlocks`,
    )
    .execute(db);
}

export function insightsRollupsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('lead_daily_stats')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('dimension', 'varchar(16)', (c) => c.notNull())
        .addColumn('value', 'varchar(250)', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('lead_daily_stats_pk', ['day', 'dimension', 'value'])
        .execute();
      await db.schema
        .createIndex('lead_daily_stats_dimension_day')
        .on('lead_daily_stats')
        .columns(['dimension', 'day'])
        .execute();
      await db.schema
        .createTable('unlock_daily_stats')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('unlocks', 'integer', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('unlock_daily_stats_pk', ['day', 'shard'])
        .execute();
      await db.schema
        .createTable('dealer_active_days')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('dealer_active_days_pk', ['day', 'user_id'])
        .execute();

      await backfillInsightRollups(db, engine);

      if (engine === 'sqlite') {
        const triggers = [
          `create trigger insights_lead_insert after insert on leads begin ${bump(engine, 'new', '+ 1', true)} end`,
          `create trigger insights_lead_delete after delete on leads begin ${bump(engine, 'old', '- 1', true)} end`,
          `create trigger insights_lead_update after update of city, brand, model, price on leads begin
             ${bump(engine, 'old', '- 1', false)} ${bump(engine, 'new', '+ 1', false)} end`,
          `create trigger insights_unlock_insert after insert on lead_unlocks begin
             ${unlockStatements(engine).join('\n')} end`,
        ];
        for (const trigger of triggers) await sql.raw(trigger).execute(db);
        return;
      }
      await sql
        .raw(
          `create function insights_lead_rollup() returns trigger language plpgsql as $$
           begin
             if tg_op = 'INSERT' then ${bump(engine, 'new', '+ 1', true)}
             elsif tg_op = 'DELETE' then ${bump(engine, 'old', '- 1', true)}
             elsif (old.city, old.brand, old.model, old.price) is distinct from (new.city, new.brand, new.model, new.price) then
               ${bump(engine, 'old', '- 1', false)} ${bump(engine, 'new', '+ 1', false)}
             end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger insights_lead_rollup after insert or update or delete on leads
           for each row execute function insights_lead_rollup()`,
        )
        .execute(db);
      await sql
        .raw(
          `create function insights_unlock_rollup() returns trigger language plpgsql as $$
           begin
             ${unlockStatements(engine).join('\n')}
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger insights_unlock_rollup after insert on lead_unlocks
           for each row execute function insights_unlock_rollup()`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        for (const name of [
          'insights_lead_insert',
          'insights_lead_delete',
          'insights_lead_update',
          'insights_unlock_insert',
        ])
          await sql.raw(`drop trigger if exists ${name}`).execute(db);
      } else {
        await sql.raw('drop trigger if exists insights_lead_rollup on leads').execute(db);
        await sql.raw('drop trigger if exists insights_unlock_rollup on lead_unlocks').execute(db);
        await sql.raw('drop function if exists insights_lead_rollup()').execute(db);
        await sql.raw('drop function if exists insights_unlock_rollup()').execute(db);
      }
      for (const table of ['dealer_active_days', 'unlock_daily_stats', 'lead_daily_stats'])
        await db.schema.dropTable(table).execute();
    },
  };
}
