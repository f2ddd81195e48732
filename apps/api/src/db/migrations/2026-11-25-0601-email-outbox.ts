// The e-mail outbox (docs/my-leads-and-alerts.md, "E-mail"): one row per mail to send, written in the transaction
// that creates its notification (instant) or by the digest builder (daily), and worked off by every API process's
// worker under a lease.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';

export function emailOutboxMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('email_outbox')
        .addColumn('id', 'integer', id)
        // 'lead-<leadId>-search-<searchId>' or 'digest-<userId>-<YYYY-MM-DD>': a mail is queued once, ever.
        .addColumn('idempotency_key', 'varchar(80)', (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('saved_search_id', 'integer', (c) =>
          c.references('saved_searches.id').onDelete('cascade'),
        )
        .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('cascade'))
        // A digest's India day and its matches (JSON [[savedSearchId, leadId], …]).
        .addColumn('digest_date', 'varchar(10)')
        .addColumn('payload', 'text')
        // 'pending' → 'sent' | 'failed' (gave up) | 'skipped' (unsubscribed, gone or nothing to say).
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
        .createIndex('email_outbox_key')
        .on('email_outbox')
        .column('idempotency_key')
        .unique()
        .execute();
      await db.schema
        .createIndex('email_outbox_due')
        .on('email_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('email_outbox').execute();
    },
  };
}
