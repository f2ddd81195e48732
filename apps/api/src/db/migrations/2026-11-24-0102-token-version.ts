// A per-member token version carried in every token: bumping it (password, status or role change) ends every
// session issued before (docs/hardening.md, "Sessions").
import { sql, type Kysely } from 'kysely';

export function tokenVersionMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql
        .raw('alter table users add column token_version integer not null default 0')
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('alter table users drop column token_version').execute(db);
    },
  };
}
