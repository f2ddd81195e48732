// Verified numbers (docs/phone-verification.md): one row per code sent to a mobile (stored hashed), and the SMS outbox
// — one row per text to send, written in the transaction that makes the code, so a crash never loses or doubles one.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';

export function phoneVerificationsMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('phone_verifications')
        .addColumn('id', 'integer', id)
        // A random public id, so one caller cannot walk through another's verifications.
        .addColumn('public_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('phone_number', 'varchar(10)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(100)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('resend_after', timestamp, (c) => c.notNull())
        .addColumn('confirmed_on', timestamp)
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('phone_verifications_public_id')
        .on('phone_verifications')
        .column('public_id')
        .unique()
        .execute();
      await db.schema
        .createIndex('phone_verifications_number')
        .on('phone_verifications')
        .columns(['phone_number', 'created_on'])
        .execute();
      await db.schema
        .createIndex('phone_verifications_ip')
        .on('phone_verifications')
        .columns(['ip', 'created_on'])
        .execute();
      await db.schema
        .createTable('sms_outbox')
        .addColumn('id', 'integer', id)
        .addColumn('idempotency_key', 'varchar(80)', (c) => c.notNull())
        .addColumn('phone_number', 'varchar(10)', (c) => c.notNull())
        .addColumn('body', 'varchar(500)', (c) => c.notNull())
        // 'pending' → 'sent' | 'failed' (gave up).
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
        .createIndex('sms_outbox_key')
        .on('sms_outbox')
        .column('idempotency_key')
        .unique()
        .execute();
      await db.schema
        .createIndex('sms_outbox_due')
        .on('sms_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('sms_outbox').execute();
      await db.schema.dropTable('phone_verifications').execute();
    },
  };
}
