// A counter bumped by every write to leads, so each API process can tell whether its cached lead pages are current.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

export function leadsVersionMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql
        .raw('create table leads_version (id integer primary key, version integer not null)')
        .execute(db);
      await sql.raw('insert into leads_version (id, version) values (1, 0)').execute(db);
      if (engine === 'sqlite') {
        for (const event of ['insert', 'update', 'delete']) {
          await sql
            .raw(
              `create trigger leads_version_${event} after ${event} on leads begin
                 update leads_version set version = version + 1 where id = 1;
               end`,
            )
            .execute(db);
        }
      } else {
        await sql
          .raw(
            `create function bump_leads_version() returns trigger language plpgsql as $$
             begin
               update leads_version set version = version + 1 where id = 1;
               return null;
             end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger leads_version_bump after insert or update or delete on leads
             for each statement execute function bump_leads_version()`,
          )
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        for (const event of ['insert', 'update', 'delete']) {
          await sql.raw(`drop trigger if exists leads_version_${event}`).execute(db);
        }
      } else {
        await sql.raw('drop trigger if exists leads_version_bump on leads').execute(db);
        await sql.raw('drop function if exists bump_leads_version()').execute(db);
      }
      await sql.raw('drop table leads_version').execute(db);
    },
  };
}
