// PostgreSQL: one statement that updates thousands of leads (a bulk deactivation, an import's fix-up) no longer takes
// seconds in the leads' triggers.
// - The insights update trigger joined the statement's old and new rows on id; transition tables carry no statistics,
//   so the planner nested-looped them (10,000 leads: 14 s). It now finds the changed leads with EXCEPT, a hash set
//   operation, and counts them out of their groups and into the new ones.
// - The price guide's marks (migration 2026-11-28-1101) were upserted row by row: leads of one model year upserted the
//   same mark once each, every one stepping over the dead versions the earlier ones left. Now one upsert per statement
//   marks each distinct model year once.
// SQLite keeps its row triggers: it updates in place.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { createStatementTrigger, dropTriggers } from './2026-11-26-0101-lead-rollups-per-statement';
import { GUIDE_COLUMNS, POSTGRES_ROW_MARKS } from './2026-11-28-1101-market-refresh';
import {
  dimensionRows,
  postgresFunctions,
  replaceTriggerFunctions,
  upsertGrouped,
} from './2026-11-28-1501-verified-rollup';

/** The rows of `from` whose `columns` differ from their row in `other` (or that `other` lacks). */
const changedRows = (from: string, other: string, columns: readonly string[]) => {
  const list = ['id', ...columns].join(', ');
  return `(select ${list} from ${from} except select ${list} from ${other})`;
};

const COUNTED_COLUMNS = ['created_on', 'city', 'brand', 'model', 'price', 'phone_verified'];

/** A lead whose counted columns changed leaves all its groups and joins them again; the rest is not read twice. */
const INSIGHTS_UPDATED = upsertGrouped(
  `${dimensionRows(changedRows('old_rows', 'new_rows', COUNTED_COLUMNS), -1, true, true)}
   union all
   ${dimensionRows(changedRows('new_rows', 'old_rows', COUNTED_COLUMNS), 1, true, true)}`,
);

/** Marks each distinct model year of `rows` once; a mark already there gets a new version. */
const markStatement = (rows: string) =>
  `insert into market_refresh (brand, model, year, version)
     select distinct brand, model, year, 1 from ${rows} as r
   on conflict (brand, model, year) do update set version = market_refresh.version + 1;`;

const MARKS = {
  mark_market_refresh_inserted: ['insert', 'new table as new_rows', markStatement('new_rows')],
  mark_market_refresh_deleted: ['delete', 'old table as old_rows', markStatement('old_rows')],
  mark_market_refresh_updated: [
    'update',
    'old table as old_rows new table as new_rows',
    markStatement(
      `(${changedRows('old_rows', 'new_rows', GUIDE_COLUMNS)}
        union all ${changedRows('new_rows', 'old_rows', GUIDE_COLUMNS)})`,
    ),
  ],
} as const;

export function bulkLeadUpdatesMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await replaceTriggerFunctions(db, { insights_leads_updated: INSIGHTS_UPDATED });
      await sql.raw('drop trigger market_refresh_mark on leads').execute(db);
      await sql.raw('drop function mark_market_refresh()').execute(db);
      for (const [name, [event, transition, body]] of Object.entries(MARKS)) {
        await replaceTriggerFunctions(db, { [name]: body });
        await createStatementTrigger(db, name, event, transition);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await dropTriggers(db, Object.keys(MARKS));
      for (const statement of POSTGRES_ROW_MARKS) await sql.raw(statement).execute(db);
      const { insights_leads_updated } = postgresFunctions(true);
      await replaceTriggerFunctions(db, { insights_leads_updated: insights_leads_updated! });
    },
  };
}
