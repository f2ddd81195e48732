// The insights rollup of verified leads (docs/owners-insights-moderation.md): lead_daily_stats gains the dimension
// 'verified' (value ''), the leads of each India day whose number was proven by an SMS code, so the share of verified
// leads of a period is read from the rollups like every other insight. SQLite: row triggers of their own that fire
// only for a verified lead or a changed flag. PostgreSQL: the statement triggers of migration 2026-11-26-0101 count it
// beside the other dimensions, in their one upsert per statement.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

/** The India day (YYYY-MM-DD) of a stored timestamp. */
function daySql(engine: Engine, column: string): string {
  return engine === 'sqlite'
    ? `date(${column}, '+330 minutes')`
    : `to_char((${column} at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD')`;
}

/** Counts the verified leads already stored, per day (the rollup must hold none yet); the bench's copy runs it too. */
export async function backfillVerifiedRollups(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const day = daySql(engine, 'created_on');
  await sql
    .raw(
      `insert into lead_daily_stats (day, dimension, value, n)
       select ${day}, 'verified', '', count(*) from leads where phone_verified group by ${day}`,
    )
    .execute(db);
}

/** SQLite: the day's verified count follows a verified lead in and out, and a flag that changes. */
function sqliteTriggers(): string[] {
  const upsert = (row: 'new' | 'old', n: 1 | -1) =>
    `insert into lead_daily_stats (day, dimension, value, n)
       select ${daySql('sqlite', `${row}.created_on`)}, 'verified', '', ${n} where ${row}.phone_verified
       on conflict (day, dimension, value) do update set n = lead_daily_stats.n + excluded.n;`;
  return [
    `create trigger insights_lead_verified_insert after insert on leads when new.phone_verified
       begin ${upsert('new', 1)} end`,
    `create trigger insights_lead_verified_delete after delete on leads when old.phone_verified
       begin ${upsert('old', -1)} end`,
    `create trigger insights_lead_verified_update after update of phone_verified, created_on on leads
       when old.phone_verified is not new.phone_verified or old.created_on is not new.created_on
       begin ${upsert('old', -1)} ${upsert('new', 1)} end`,
  ];
}

const SQLITE_TRIGGERS = [
  'insights_lead_verified_insert',
  'insights_lead_verified_delete',
  'insights_lead_verified_update',
];

/**
 * PostgreSQL: the day and dimension rows of each lead of a transition table, as migration 2026-11-26-0101 writes
 * them, with the 'verified' row for a verified lead when `verified`.
 */
export function dimensionRows(
  table: string,
  sign: 1 | -1,
  withAll: boolean,
  verified: boolean,
): string {
  const band = `(case when r.price >= 2500000 then '2500000' when r.price >= 1500000 then '1500000'
    when r.price >= 1000000 then '1000000' when r.price >= 800000 then '800000' when r.price >= 600000 then '600000'
    when r.price >= 400000 then '400000' when r.price >= 200000 then '200000' else '0' end)`;
  const dimensions = [
    ...(withAll ? ["('all', '')"] : []),
    "('city', r.city)",
    "('brand', r.brand)",
    "('model', r.brand || '|' || r.model)",
    `('price_band', ${band})`,
    ...(verified ? ["('verified', case when r.phone_verified then '' end)"] : []),
  ].join(', ');
  return `select to_char((r.created_on at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day, d.dimension, d.value,
      ${sign} as n
    from ${table} r cross join lateral (values ${dimensions}) as d(dimension, value)
    where d.value is not null`;
}

/** PostgreSQL: adds the grouped counts of `rows` (day, dimension, value, n) to lead_daily_stats in one statement. */
export const upsertGrouped = (
  rows: string,
) => `insert into lead_daily_stats (day, dimension, value, n)
    select day, dimension, value, sum(n) from (${rows}) as changes
    group by day, dimension, value having sum(n) <> 0
    on conflict (day, dimension, value) do update set n = lead_daily_stats.n + excluded.n;`;

/** The three statement functions, with or without the 'verified' dimension (down restores them without). */
export function postgresFunctions(verified: boolean): Record<string, string> {
  const moved = verified
    ? '(o.city, o.brand, o.model, o.price, o.phone_verified) is distinct from (n.city, n.brand, n.model, n.price, n.phone_verified)'
    : '(o.city, o.brand, o.model, o.price) is distinct from (n.city, n.brand, n.model, n.price)';
  return {
    insights_leads_inserted: upsertGrouped(dimensionRows('new_rows', 1, true, verified)),
    insights_leads_deleted: upsertGrouped(dimensionRows('old_rows', -1, true, verified)),
    // A lead whose counted columns changed leaves all its groups and joins them again: unchanged ones sum to 0.
    insights_leads_updated: upsertGrouped(
      `${dimensionRows(
        `(select o.* from old_rows o join new_rows n on n.id = o.id where ${moved})`,
        -1,
        false,
        verified,
      )}
      union all
      ${dimensionRows(
        `(select n.* from new_rows n join old_rows o on o.id = n.id where ${moved})`,
        1,
        false,
        verified,
      )}`,
    ),
  };
}

/** PostgreSQL: replaces the body of each named trigger function. */
export async function replaceTriggerFunctions(
  db: Kysely<unknown>,
  bodies: Record<string, string>,
): Promise<void> {
  for (const [name, body] of Object.entries(bodies)) {
    await sql
      .raw(
        `create or replace function ${name}() returns trigger language plpgsql as $$
         begin
           ${body}
           return null;
         end $$`,
      )
      .execute(db);
  }
}

export function verifiedRollupMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await backfillVerifiedRollups(db, engine);
      if (engine === 'sqlite') {
        for (const trigger of sqliteTriggers()) await sql.raw(trigger).execute(db);
      } else {
        await replaceTriggerFunctions(db, postgresFunctions(true));
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        for (const name of SQLITE_TRIGGERS)
          await sql.raw(`drop trigger if exists ${name}`).execute(db);
      } else {
        await replaceTriggerFunctions(db, postgresFunctions(false));
      }
      await sql.raw(`delete from lead_daily_stats where dimension = 'verified'`).execute(db);
    },
  };
}
