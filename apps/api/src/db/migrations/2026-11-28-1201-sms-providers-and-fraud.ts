// SMS through providers and fraud signals (docs/phone-verification.md): an outbox row names its template and the
// template's variables (MSG91 sends DLT-registered templates, not free text), and each stored lead leaves its submitter's
// hashed IP for a day, so many submissions from one network go to moderation.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';

export function smsProvidersAndFraudMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // 'verify' (a code) or 'owner-link' (the private link of an existing listing); older rows are codes.
      await db.schema
        .alterTable('sms_outbox')
        .addColumn('template', 'varchar(20)', (c) => c.notNull().defaultTo('verify'))
        .execute();
      await db.schema.alterTable('sms_outbox').addColumn('vars', 'varchar(500)').execute();
      await db.schema
        .createTable('lead_submission_ips')
        .addColumn('id', 'integer', id)
        .addColumn('ip_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lead_submission_ips_hash')
        .on('lead_submission_ips')
        .columns(['ip_hash', 'created_on'])
        .execute();
      await db.schema
        .createIndex('lead_submission_ips_created')
        .on('lead_submission_ips')
        .column('created_on')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('lead_submission_ips').execute();
      await db.schema.alterTable('sms_outbox').dropColumn('vars').execute();
      await db.schema.alterTable('sms_outbox').dropColumn('template').execute();
    },
  };
}
