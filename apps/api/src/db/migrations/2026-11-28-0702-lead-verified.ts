// Whether a lead's number was proven by an SMS code before it was submitted, and when (docs/phone-verification.md).
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

export function leadVerifiedMigration(engine: Engine) {
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('leads')
        .addColumn('phone_verified', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema.alterTable('leads').addColumn('verified_on', timestamp).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('leads').dropColumn('verified_on').execute();
      await db.schema.alterTable('leads').dropColumn('phone_verified').execute();
    },
  };
}
