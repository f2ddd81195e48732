// Disputes (docs/credits.md "Disputes and refunds"): one per unlock, decided once by an Admin; an approval's refund
// is a `refund` ledger entry naming the dispute (its unique index is migration 0201's).
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database';

export function disputesMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('disputes')
        .addColumn('id', 'integer', id)
        // Once per unlock: the unique constraint holds it whatever the requests' timing.
        .addColumn('unlock_id', 'integer', (c) =>
          c.notNull().unique().references('lead_unlocks.id'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id'))
        .addColumn('reason', 'varchar(20)', (c) =>
          c
            .notNull()
            .check(
              sql`reason in ('wrong_number', 'unreachable', 'already_sold', 'not_owner', 'duplicate')`,
            ),
        )
        .addColumn('note', 'varchar(500)')
        .addColumn('status', 'varchar(10)', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'approved', 'rejected')`),
        )
        .addColumn('admin_note', 'varchar(500)')
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .addColumn('decided_on', timestamp)
        .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
        // The refund's ledger entry, when the approval refunded a credit.
        .addColumn('refund_entry_id', 'integer', (c) => c.references('credit_ledger.id'))
        .execute();
      await db.schema
        .createIndex('disputes_status')
        .on('disputes')
        .columns(['status', 'id'])
        .execute();
      await db.schema.createIndex('disputes_lead').on('disputes').columns(['lead_id']).execute();
      await db.schema
        .createIndex('disputes_user')
        .on('disputes')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('disputes_created')
        .on('disputes')
        .columns(['created_on'])
        .execute();
      await db.schema
        .createIndex('credit_ledger_kind_created')
        .on('credit_ledger')
        .columns(['kind', 'created_on'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('credit_ledger_kind_created').execute();
      await db.schema.dropTable('disputes').execute();
    },
  };
}
