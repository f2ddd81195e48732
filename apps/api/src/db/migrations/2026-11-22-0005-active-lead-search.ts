// The SQLite trigram index holds active leads only: a dealer's search (and its capped count) is then answered by the
// FTS index alone, newest first by rowid, without reading a lead row to skip inactive ones. Admin's search also
// looks at inactive leads with a LIKE scan of the (few) inactive rows. PostgreSQL keeps its pg_trgm index as is.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

// A migration stands alone (never importing another one): these repeat what migration 0002 indexed.
const SEARCH_COLUMNS = ['full_name', 'city', 'brand', 'model', 'varient', 'rto'] as const;
const TRIGGERS = ['leads_search_insert', 'leads_search_delete', 'leads_search_update'];
const columns = SEARCH_COLUMNS.join(', ');
const valuesOf = (row: 'new' | 'old') => SEARCH_COLUMNS.map((c) => `${row}.${c}`).join(', ');

/** Migration 0002's triggers, which index every lead (restored by `down`). */
const EVERY_LEAD_SEARCH_TRIGGERS = [
  `create trigger leads_search_insert after insert on leads begin
     insert into leads_search(rowid, ${columns}) values (new.id, ${valuesOf('new')});
   end`,
  `create trigger leads_search_delete after delete on leads begin
     insert into leads_search(leads_search, rowid, ${columns}) values ('delete', old.id, ${valuesOf('old')});
   end`,
  `create trigger leads_search_update after update of ${columns} on leads begin
     insert into leads_search(leads_search, rowid, ${columns}) values ('delete', old.id, ${valuesOf('old')});
     insert into leads_search(rowid, ${columns}) values (new.id, ${valuesOf('new')});
   end`,
];

/** FTS5 external content: a 'delete' must repeat exactly what was indexed, so each write is guarded by the status. */
const ACTIVE_ONLY_TRIGGERS = [
  `create trigger leads_search_insert after insert on leads when new.status = 1 begin
     insert into leads_search(rowid, ${columns}) values (new.id, ${valuesOf('new')});
   end`,
  `create trigger leads_search_delete after delete on leads when old.status = 1 begin
     insert into leads_search(leads_search, rowid, ${columns}) values ('delete', old.id, ${valuesOf('old')});
   end`,
  `create trigger leads_search_update after update of ${columns}, status on leads begin
     insert into leads_search(leads_search, rowid, ${columns})
       select 'delete', old.id, ${valuesOf('old')} where old.status = 1;
     insert into leads_search(rowid, ${columns}) select new.id, ${valuesOf('new')} where new.status = 1;
   end`,
];

async function replaceTriggers(db: Kysely<unknown>, triggers: string[]): Promise<void> {
  for (const name of TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
}

export function activeLeadSearchMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'sqlite') return;
      await replaceTriggers(db, ACTIVE_ONLY_TRIGGERS);
      await sql.raw(`insert into leads_search(leads_search) values ('delete-all')`).execute(db);
      await sql
        .raw(
          `insert into leads_search(rowid, ${columns}) select id, ${columns} from leads where status = 1`,
        )
        .execute(db);
      // One segment for the rebuilt index (seconds at a million leads): searches read less.
      await sql.raw(`insert into leads_search(leads_search) values ('optimize')`).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'sqlite') return;
      await replaceTriggers(db, EVERY_LEAD_SEARCH_TRIGGERS);
      await sql.raw(`insert into leads_search(leads_search) values ('rebuild')`).execute(db);
    },
  };
}
