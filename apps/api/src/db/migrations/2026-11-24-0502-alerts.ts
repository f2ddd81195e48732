// Saved searches (indexed by their most selective filter, `match_key`) and the notifications of matching new leads.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';

export function alertsMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('saved_searches')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'varchar(60)', (c) => c.notNull())
        .addColumn('filters', 'text', (c) => c.notNull())
        .addColumn('email_mode', 'varchar(8)', (c) => c.notNull().defaultTo('instant'))
        // 'model:<model>', 'brand:<brand>', 'city:<city>' or 'any': a new lead looks up only its own keys.
        .addColumn('match_key', 'varchar(120)', (c) => c.notNull())
        .addColumn('last_opened_on', timestamp, (c) => c.notNull())
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('saved_searches_match_key')
        .on('saved_searches')
        .column('match_key')
        .execute();
      await db.schema
        .createIndex('saved_searches_user')
        .on('saved_searches')
        .columns(['user_id', 'id'])
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('saved_search_id', 'integer', (c) =>
          c.notNull().references('saved_searches.id').onDelete('cascade'),
        )
        .addColumn('lead_id', 'integer', (c) =>
          c.notNull().references('leads.id').onDelete('cascade'),
        )
        .addColumn('read_on', timestamp)
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .addUniqueConstraint('notifications_search_lead', ['saved_search_id', 'lead_id'])
        .execute();
      await db.schema
        .createIndex('notifications_user')
        .on('notifications')
        .columns(['user_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('notifications').execute();
      await db.schema.dropTable('saved_searches').execute();
    },
  };
}
