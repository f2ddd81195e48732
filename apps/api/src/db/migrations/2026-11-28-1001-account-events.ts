// What a dealer hears of about their own account and unlocked leads (docs/offline-and-push.md, "Account events"): a
// payment confirmed or rejected, a refund decided, an unlocked lead sold, withdrawn or repriced. One row per member per
// event, written in the event's own transaction beside its push and mail, shown in the bell until read.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';

export function accountEventsMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('account_events')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        // The event's key ('order-12-confirmed', 'lead-7-price-850000'): a member hears of an event once.
        .addColumn('event_key', 'varchar(100)', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('body', 'varchar(300)', (c) => c.notNull())
        // The app's page the event opens.
        .addColumn('url', 'varchar(200)', (c) => c.notNull())
        .addColumn('read_on', timestamp)
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .addUniqueConstraint('account_events_user_key', ['user_id', 'event_key'])
        .execute();
      await db.schema
        .createIndex('account_events_user')
        .on('account_events')
        .columns(['user_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('account_events').execute();
    },
  };
}
