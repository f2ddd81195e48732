// User names get one normal form stored in its own uniquely indexed column, so both engines compare names alike:
// SQLite's lower() folds only A–Z, which let 'Ömer' and 'ömer' both exist (docs/hardening.md, "User names").
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

/**
 * The normal form as of this migration. A migration is frozen history, so it keeps its own copy rather than
 * importing the live function (packages/shared/src/user-name.ts), which a later change may refine.
 */
function keyOf(userName: string): string {
  return userName.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** users.user_name is varchar(50). */
const USER_NAME_MAX = 50;

export function userNameKeyMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql.raw('alter table users add column user_name_key text').execute(db);
      const { rows } = await sql<{
        id: number;
        user_name: string;
      }>`select id, user_name from users order by id`.execute(db);
      const taken = new Set(rows.map((row) => keyOf(row.user_name)));
      const kept = new Set<string>();
      for (const row of rows) {
        let name = row.user_name;
        // Two names that were distinct under lower() but are one name in the normal form ('Ömer' and 'ömer' on
        // SQLite, 'Straße' and 'STRASSE' on both): the older account keeps its name, the newer one is renamed
        // '<name>-<id>', so an Admin opening either gets that account and never the other.
        if (kept.has(keyOf(name))) {
          for (let n = 1; taken.has(keyOf(name)); n += 1) {
            const suffix = n === 1 ? `-${row.id}` : `-${row.id}-${n}`;
            name = `${row.user_name.slice(0, USER_NAME_MAX - suffix.length)}${suffix}`;
          }
          taken.add(keyOf(name));
        }
        kept.add(keyOf(name));
        await sql`update users set user_name = ${name}, user_name_key = ${keyOf(name)} where id = ${row.id}`.execute(
          db,
        );
      }
      if (engine === 'postgres') {
        await sql.raw('alter table users alter column user_name_key set not null').execute(db);
      }
      await sql.raw('drop index users_user_name_lower_unique').execute(db);
      await sql
        .raw('create unique index users_user_name_key_unique on users (user_name_key)')
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('drop index users_user_name_key_unique').execute(db);
      await sql
        .raw('create unique index users_user_name_lower_unique on users (lower(user_name))')
        .execute(db);
      await sql.raw('alter table users drop column user_name_key').execute(db);
    },
  };
}
