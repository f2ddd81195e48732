// Substring search over lead text: an FTS5 trigram index on SQLite, a pg_trgm GIN index on PostgreSQL.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

/** The columns `searchterm` looks in (docs/api.md: name, city, brand, model, variant and RTO). */
export const SEARCH_COLUMNS = ['full_name', 'city', 'brand', 'model', 'varient', 'rto'] as const;

/** The PostgreSQL expression the trigram index covers; queries must use exactly this text. */
export const PG_SEARCH_EXPRESSION = `lower(${SEARCH_COLUMNS.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)})`;

const columns = SEARCH_COLUMNS.join(', ');
/** `new.full_name, new.city, …`: a row's searched values inside a trigger. */
export const searchValuesOf = (row: 'new' | 'old') =>
  SEARCH_COLUMNS.map((c) => `${row}.${c}`).join(', ');

/** Triggers that index every lead (migration 0005 replaces them with active-only ones). */
export const EVERY_LEAD_SEARCH_TRIGGERS = [
  `create trigger leads_search_insert after insert on leads begin
     insert into leads_search(rowid, ${columns}) values (new.id, ${searchValuesOf('new')});
   end`,
  `create trigger leads_search_delete after delete on leads begin
     insert into leads_search(leads_search, rowid, ${columns}) values ('delete', old.id, ${searchValuesOf('old')});
   end`,
  `create trigger leads_search_update after update of ${columns} on leads begin
     insert into leads_search(leads_search, rowid, ${columns}) values ('delete', old.id, ${searchValuesOf('old')});
     insert into leads_search(rowid, ${columns}) values (new.id, ${searchValuesOf('new')});
   end`,
];

export function leadSearchMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        await sql
          .raw(
            `create virtual table leads_search using fts5(${columns}, content='leads', content_rowid='id', tokenize='trigram')`,
          )
          .execute(db);
        // External-content FTS stays in step with leads through triggers.
        for (const trigger of EVERY_LEAD_SEARCH_TRIGGERS) await sql.raw(trigger).execute(db);
        await sql.raw(`insert into leads_search(leads_search) values ('rebuild')`).execute(db);
      } else {
        await sql.raw('create extension if not exists pg_trgm').execute(db);
        await sql
          .raw(
            `create index leads_search_trgm on leads using gin ((${PG_SEARCH_EXPRESSION}) gin_trgm_ops)`,
          )
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        for (const name of ['leads_search_insert', 'leads_search_delete', 'leads_search_update']) {
          await sql.raw(`drop trigger if exists ${name}`).execute(db);
        }
        await sql.raw('drop table if exists leads_search').execute(db);
      } else {
        await sql.raw('drop index if exists leads_search_trgm').execute(db);
      }
    },
  };
}
