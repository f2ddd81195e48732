// PostgreSQL: a change of a member's status, role or token version (which ends their sessions) sends a notification
// on the `member_changes` channel, payload `<schema>:<member id>`, so every API process forgets the member it
// remembered (docs/hardening.md, "Sessions"). SQLite has no such channel and remembers no member.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

export function memberChangeNotifyMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql
        .raw(
          `create function notify_member_change() returns trigger language plpgsql as $$
           begin
             perform pg_notify('member_changes', current_schema() || ':' || old.id);
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger member_changes_notify after update of status, role, token_version or delete on users
           for each row execute function notify_member_change()`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql.raw('drop trigger if exists member_changes_notify on users').execute(db);
      await sql.raw('drop function if exists notify_member_change()').execute(db);
    },
  };
}
