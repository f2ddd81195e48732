// Orders (docs/credits.md, "Buying a package"): a member's order of a package, with a snapshot of what the package was
// when ordered, the amount in whole rupees, the UPI payment reference (UTR) and the Admin's decision.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database';

export function ordersMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'integer', id)
        .addColumn('reference', 'varchar(24)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id'))
        .addColumn('package_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('package_type', 'varchar(50)', (c) => c.notNull())
        .addColumn('package_credits', 'integer', (c) => c.notNull())
        .addColumn('package_unit', 'varchar(50)', (c) => c.notNull())
        .addColumn('package_validity', 'integer', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('status', 'varchar(16)', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'confirmed', 'rejected', 'expired')`),
        )
        .addColumn('utr', 'varchar(12)')
        .addColumn('admin_note', 'varchar(500)')
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .addColumn('expires_on', timestamp, (c) => c.notNull())
        .addColumn('decided_on', timestamp)
        .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
        .addColumn('user_package_id', 'integer', (c) => c.references('user_packages.id'))
        .execute();
      // A member's orders newest first; the Payments queue and the insights' revenue by status and decision time.
      await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();
      await db.schema
        .createIndex('orders_status_decided')
        .on('orders')
        .columns(['status', 'decided_on'])
        .execute();
      // One payment claims one order: a UTR given for a live or confirmed order cannot be given again.
      await sql
        .raw(
          `create unique index orders_one_per_utr on orders (utr)
           where utr is not null and status in ('pending', 'confirmed')`,
        )
        .execute(db);
      // One assignment per order, whatever happens.
      await sql
        .raw(
          `create unique index orders_one_package on orders (user_package_id)
           where user_package_id is not null`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('orders').execute();
    },
  };
}
