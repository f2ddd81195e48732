// Web Push (docs/offline-and-push.md): each device's push subscription, and the push outbox — one row per message per
// device, written in the transaction of the event it tells of, worked off under a lease like the e-mail outbox. And a
// member's language ('en' | 'hi'; null: the device decides).
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';

export function pushAndPreferencesMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        // The push service's URL for this device: its identity (a device subscribing again replaces its keys).
        .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull())
        .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
        .addColumn('auth', 'varchar(100)', (c) => c.notNull())
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_endpoint')
        .on('push_subscriptions')
        .column('endpoint')
        .unique()
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user')
        .on('push_subscriptions')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('push_outbox')
        .addColumn('id', 'integer', id)
        // '<event key>-sub-<subscription id>': a message is queued once per device, ever.
        .addColumn('idempotency_key', 'varchar(120)', (c) => c.notNull())
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('push_subscriptions.id').onDelete('cascade'),
        )
        // JSON {title, body, url, tag}: what the service worker shows.
        .addColumn('payload', 'text', (c) => c.notNull())
        // 'pending' → 'sent' | 'failed' (gave up) | 'gone' (the push service dropped the device).
        .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
        .addColumn('claimed_by', 'varchar(80)')
        .addColumn('lease_until', timestamp)
        .addColumn('last_error', 'varchar(500)')
        .addColumn('sent_on', timestamp)
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_outbox_key')
        .on('push_outbox')
        .column('idempotency_key')
        .unique()
        .execute();
      await db.schema
        .createIndex('push_outbox_due')
        .on('push_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await db.schema.alterTable('users').addColumn('language', 'varchar(2)').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').dropColumn('language').execute();
      await db.schema.dropTable('push_outbox').execute();
      await db.schema.dropTable('push_subscriptions').execute();
    },
  };
}
