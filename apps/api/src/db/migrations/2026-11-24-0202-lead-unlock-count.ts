// How many dealers unlocked each lead (docs/credits.md, the cap per lead): kept by the unlock's own transaction,
// filled once here from the unlock rows (only leads that have any, so a large table is not rewritten).
import { sql, type Kysely } from 'kysely';

export function leadUnlockCountMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql
        .raw('alter table leads add column unlock_count integer not null default 0')
        .execute(db);
      await sql
        .raw(
          `update leads set unlock_count =
             (select count(*) from lead_unlocks l where l.lead_id = leads.id)
           where id in (select lead_id from lead_unlocks)`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('alter table leads drop column unlock_count').execute(db);
    },
  };
}
