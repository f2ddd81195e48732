// PostgreSQL: a member's unlocks revision (bumped by every write to their unlocks) joins the columns whose change sends
// `member_changes` (migration 2026-11-25-0701), so a process may remember a dealer's revision with the dealer and
// write their lead pages without asking for it (docs/lead-list-engine.md, "How a query travels"). SQLite: nothing.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

const recreate = (columns: string) => [
  'drop trigger if exists member_changes_notify on users',
  `create trigger member_changes_notify after update of ${columns} or delete on users
   for each row execute function notify_member_change()`,
];

export function unlocksRevisionNotifyMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      for (const statement of recreate('status, role, token_version, unlocks_revision'))
        await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      for (const statement of recreate('status, role, token_version'))
        await sql.raw(statement).execute(db);
    },
  };
}
