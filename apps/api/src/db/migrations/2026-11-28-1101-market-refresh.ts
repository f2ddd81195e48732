// Which model years' market figures may have drifted (docs/price-guide.md, "Kept current"): every write that changes
// what a lead says to the guide (a lead added, repriced, sold, removed, its car or kilometres changed) marks its
// brand, model and year, whichever process or tool wrote it; the refresh job works the marks off in batches. A
// write of the market figures themselves marks nothing, so the job never feeds itself.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

/** The lead columns the guide reads: a change of any other column leaves every guide as it was. */
export const GUIDE_COLUMNS = [
  'brand',
  'model',
  'year',
  'fuel_type',
  'transmission',
  'km_driven',
  'price',
  'status',
];

const changed = GUIDE_COLUMNS.map((c) => `old.${c} is not new.${c}`).join(' or ');
const changedPg = GUIDE_COLUMNS.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');

/** Marks a model year; a mark already there gets a new version, so a job that read the old one keeps it. */
const mark = (row: 'new' | 'old') =>
  `insert into market_refresh (brand, model, year, version) values (${row}.brand, ${row}.model, ${row}.year, 1)
   on conflict (brand, model, year) do update set version = market_refresh.version + 1`;

/** PostgreSQL: one row trigger marks each lead's model years (migration 2026-11-29-0101 marks per statement). */
export const POSTGRES_ROW_MARKS = [
  `create function mark_market_refresh() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' then
       ${mark('old')};
     elsif tg_op = 'INSERT' then
       ${mark('new')};
     elsif ${changedPg} then
       ${mark('old')};
       ${mark('new')};
     end if;
     return null;
   end $$`,
  `create trigger market_refresh_mark after insert or update or delete on leads
   for each row execute function mark_market_refresh()`,
];

export function marketRefreshMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('market_refresh')
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('leased_until', 'text')
        .addPrimaryKeyConstraint('market_refresh_pk', ['brand', 'model', 'year'])
        .execute();
      if (engine === 'sqlite') {
        await sql
          .raw(
            `create trigger market_refresh_insert after insert on leads begin ${mark('new')}; end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger market_refresh_update after update on leads when ${changed}
             begin ${mark('old')}; ${mark('new')}; end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger market_refresh_delete after delete on leads begin ${mark('old')}; end`,
          )
          .execute(db);
        return;
      }
      for (const statement of POSTGRES_ROW_MARKS) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        for (const name of ['insert', 'update', 'delete'])
          await sql.raw(`drop trigger if exists market_refresh_${name}`).execute(db);
      } else {
        await sql.raw('drop trigger if exists market_refresh_mark on leads').execute(db);
        await sql.raw('drop function if exists mark_market_refresh()').execute(db);
      }
      await db.schema.dropTable('market_refresh').execute();
    },
  };
}
