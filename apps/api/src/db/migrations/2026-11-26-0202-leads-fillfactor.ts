// PostgreSQL: leads pages keep a tenth free, so an update that changes no indexed column (an unlock's dealer count)
// writes the new row version on the same page and skips every index (a HOT update). With full pages each unlock
// added an entry to each of the leads indexes, the covering and trigram ones included: about half of its server
// time. It applies to pages written from now on (a new database, a restore); an existing table gets it from
// `VACUUM FULL leads`. SQLite updates rows in place: nothing to do.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

export function leadsFillfactorMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql.raw('alter table leads set (fillfactor = 90)').execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql.raw('alter table leads reset (fillfactor)').execute(db);
    },
  };
}
