// The dealer's workspace: a stage and follow-up per unlocked lead (rows made lazily on the first change) and notes.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';

export function workspaceMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('dealer_leads')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id'))
        .addColumn('stage', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
        // A calendar date in India, YYYY-MM-DD: compared as text on both engines.
        .addColumn('follow_up_on', 'varchar(10)')
        .addColumn('updated_on', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('dealer_leads_pk', ['user_id', 'lead_id'])
        .execute();
      await db.schema
        .createIndex('dealer_leads_follow_up')
        .on('dealer_leads')
        .columns(['user_id', 'follow_up_on'])
        .execute();

      await db.schema
        .createTable('lead_notes')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lead_notes_dealer_lead')
        .on('lead_notes')
        .columns(['user_id', 'lead_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('lead_notes').execute();
      await db.schema.dropTable('dealer_leads').execute();
    },
  };
}
