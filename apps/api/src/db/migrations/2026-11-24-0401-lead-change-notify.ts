// PostgreSQL: every statement that writes leads sends a notification on the `lead_changes` channel (its payload the
// schema written), so each API process learns of writes as they commit instead of asking per request. SQLite has no
// such channel: there a list request's one statement carries the leads version.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

export function leadChangeNotifyMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql
        .raw(
          `create function notify_lead_change() returns trigger language plpgsql as $$
           begin
             perform pg_notify('lead_changes', current_schema());
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger lead_changes_notify after insert or update or delete on leads
           for each statement execute function notify_lead_change()`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql.raw('drop trigger if exists lead_changes_notify on leads').execute(db);
      await sql.raw('drop function if exists notify_lead_change()').execute(db);
    },
  };
}
