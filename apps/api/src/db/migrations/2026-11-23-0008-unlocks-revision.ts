// A counter per member bumped by every write to their unlocks, so each API process can keep a dealer's unlocked lead
// ids in memory and know, from one column read with the leads version, whether they are still current
// (modules/leads/unlocked-leads.ts): a lead page needs no query for its unlocked flags.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

const EVENTS = { insert: ['new'], update: ['old', 'new'], delete: ['old'] } as const;

export function unlocksRevisionMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql
        .raw('alter table users add column unlocks_revision integer not null default 0')
        .execute(db);
      if (engine === 'sqlite') {
        for (const [event, rows] of Object.entries(EVENTS)) {
          await sql
            .raw(
              `create trigger unlocks_revision_${event} after ${event} on lead_unlocks begin
                 update users set unlocks_revision = unlocks_revision + 1
                 where id in (${rows.map((row) => `${row}.user_id`).join(', ')});
               end`,
            )
            .execute(db);
        }
        return;
      }
      await sql
        .raw(
          `create function bump_unlocks_revision() returns trigger language plpgsql as $$
           begin
             if tg_op <> 'INSERT' then
               update users set unlocks_revision = unlocks_revision + 1 where id = old.user_id;
             end if;
             if tg_op <> 'DELETE' then
               update users set unlocks_revision = unlocks_revision + 1 where id = new.user_id;
             end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger unlocks_revision_bump after insert or update or delete on lead_unlocks
           for each row execute function bump_unlocks_revision()`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        for (const event of Object.keys(EVENTS)) {
          await sql.raw(`drop trigger if exists unlocks_revision_${event}`).execute(db);
        }
      } else {
        await sql.raw('drop trigger if exists unlocks_revision_bump on lead_unlocks').execute(db);
        await sql.raw('drop function if exists bump_unlocks_revision()').execute(db);
      }
      await sql.raw('alter table users drop column unlocks_revision').execute(db);
    },
  };
}
