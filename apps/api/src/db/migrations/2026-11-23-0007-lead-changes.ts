// A log of which leads changed, in commit order: every insert, update and delete of a lead appends the lead's id with a
// growing revision. Each API process keeps its in-memory lead list index current by reading the log past the last
// revision it applied (modules/leads/lead-list-index.ts), whichever process or tool wrote the lead.
//
// Commit order matters: a reader that has seen revision R must never later find a smaller revision committed. SQLite
// has one writer at a time, so that holds by itself. On PostgreSQL the leads_version bump moves to BEFORE the
// statement: its row lock is then held while the statement's rows take their revisions from the sequence, so lead
// writers take revisions one transaction after the other, in the order they commit.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

const SQLITE_TRIGGERS = [
  `create trigger lead_changes_insert after insert on leads begin
     insert into lead_changes (lead_id) values (new.id);
   end`,
  `create trigger lead_changes_update after update on leads begin
     insert into lead_changes (lead_id) select old.id where old.id <> new.id;
     insert into lead_changes (lead_id) values (new.id);
   end`,
  `create trigger lead_changes_delete after delete on leads begin
     insert into lead_changes (lead_id) values (old.id);
   end`,
];

/** PostgreSQL: the leads_version bump of migration 0003, run before or after each statement that writes leads. */
function versionBumpTrigger(timing: 'before' | 'after'): string {
  return `create trigger leads_version_bump ${timing} insert or update or delete on leads
          for each statement execute function bump_leads_version()`;
}

export function leadChangesMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        await sql
          .raw('create table lead_changes (revision integer primary key, lead_id integer not null)')
          .execute(db);
        for (const trigger of SQLITE_TRIGGERS) await sql.raw(trigger).execute(db);
        return;
      }
      await sql
        .raw('create table lead_changes (revision serial primary key, lead_id integer not null)')
        .execute(db);
      await sql.raw('drop trigger leads_version_bump on leads').execute(db);
      await sql.raw(versionBumpTrigger('before')).execute(db);
      await sql
        .raw(
          `create function log_lead_change() returns trigger language plpgsql as $$
           begin
             if tg_op = 'DELETE' then
               insert into lead_changes (lead_id) values (old.id);
             else
               if tg_op = 'UPDATE' and old.id <> new.id then
                 insert into lead_changes (lead_id) values (old.id);
               end if;
               insert into lead_changes (lead_id) values (new.id);
             end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger lead_changes_log after insert or update or delete on leads
           for each row execute function log_lead_change()`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        for (const name of ['insert', 'update', 'delete']) {
          await sql.raw(`drop trigger if exists lead_changes_${name}`).execute(db);
        }
      } else {
        await sql.raw('drop trigger if exists lead_changes_log on leads').execute(db);
        await sql.raw('drop function if exists log_lead_change()').execute(db);
        await sql.raw('drop trigger leads_version_bump on leads').execute(db);
        await sql.raw(versionBumpTrigger('after')).execute(db);
      }
      await sql.raw('drop table lead_changes').execute(db);
    },
  };
}
