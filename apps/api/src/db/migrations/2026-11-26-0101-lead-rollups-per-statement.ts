// PostgreSQL: the insights rollups of leads (lead_daily_stats, docs/owners-insights-moderation.md) kept once per
// statement instead of once per row. A row trigger upserts the same few rows (the day's 'all', its cities, brands…)
// once for every lead of a batch, and each such update leaves a dead row version that the next one must step over:
// a large import slowed down lead by lead. These statement triggers read the statement's transition tables and
// add each (day, dimension, value) group's count in one upsert. SQLite keeps its row triggers: it updates in place.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

/** The India day and the dimension rows (all, city, brand, model, price band) of each lead of a transition table. */
function dimensionRows(table: string, sign: 1 | -1, withAll: boolean): string {
  const band = `(case when r.price >= 2500000 then '2500000' when r.price >= 1500000 then '1500000'
    when r.price >= 1000000 then '1000000' when r.price >= 800000 then '800000' when r.price >= 600000 then '600000'
    when r.price >= 400000 then '400000' when r.price >= 200000 then '200000' else '0' end)`;
  const dimensions = [
    ...(withAll ? ["('all', '')"] : []),
    "('city', r.city)",
    "('brand', r.brand)",
    "('model', r.brand || '|' || r.model)",
    `('price_band', ${band})`,
  ].join(', ');
  return `select to_char((r.created_on at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day, d.dimension, d.value,
      ${sign} as n
    from ${table} r cross join lateral (values ${dimensions}) as d(dimension, value)`;
}

/** Adds the grouped counts of `rows` (day, dimension, value, n) to lead_daily_stats in one statement. */
function upsertGrouped(rows: string): string {
  return `insert into lead_daily_stats (day, dimension, value, n)
    select day, dimension, value, sum(n) from (${rows}) as changes
    group by day, dimension, value having sum(n) <> 0
    on conflict (day, dimension, value) do update set n = lead_daily_stats.n + excluded.n;`;
}

const FUNCTIONS = {
  insights_leads_inserted: upsertGrouped(dimensionRows('new_rows', 1, true)),
  insights_leads_deleted: upsertGrouped(dimensionRows('old_rows', -1, true)),
  // Only leads whose city, brand, model or price changed move between groups ('all' is by day, which never changes).
  insights_leads_updated: upsertGrouped(
    `${dimensionRows(
      `(select o.* from old_rows o join new_rows n on n.id = o.id
        where (o.city, o.brand, o.model, o.price) is distinct from (n.city, n.brand, n.model, n.price))`,
      -1,
      false,
    )}
    union all
    ${dimensionRows(
      `(select n.* from new_rows n join old_rows o on o.id = n.id
        where (o.city, o.brand, o.model, o.price) is distinct from (n.city, n.brand, n.model, n.price))`,
      1,
      false,
    )}`,
  ),
};

const TRIGGERS = [
  ['insights_leads_inserted', 'insert', 'new table as new_rows'],
  ['insights_leads_deleted', 'delete', 'old table as old_rows'],
  ['insights_leads_updated', 'update', 'old table as old_rows new table as new_rows'],
] as const;

/** PostgreSQL: the statement trigger `name` on leads, running the function of that name with its transition tables. */
export async function createStatementTrigger(
  db: Kysely<unknown>,
  name: string,
  event: 'insert' | 'update' | 'delete',
  transition: string,
): Promise<void> {
  await sql
    .raw(
      `create trigger ${name} after ${event} on leads referencing ${transition}
       for each statement execute function ${name}()`,
    )
    .execute(db);
}

/** PostgreSQL: drops each named trigger on leads and its function. */
export async function dropTriggers(db: Kysely<unknown>, names: readonly string[]): Promise<void> {
  for (const name of names) {
    await sql.raw(`drop trigger if exists ${name} on leads`).execute(db);
    await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
}

export function leadRollupsPerStatementMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql.raw('drop trigger insights_lead_rollup on leads').execute(db);
      for (const [name, event, transition] of TRIGGERS) {
        await sql
          .raw(
            `create function ${name}() returns trigger language plpgsql as $$
             begin
               ${FUNCTIONS[name]}
               return null;
             end $$`,
          )
          .execute(db);
        await createStatementTrigger(db, name, event, transition);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await dropTriggers(
        db,
        TRIGGERS.map(([name]) => name),
      );
      await sql
        .raw(
          `create trigger insights_lead_rollup after insert or update or delete on leads
           for each row execute function insights_lead_rollup()`,
        )
        .execute(db);
    },
  };
}
