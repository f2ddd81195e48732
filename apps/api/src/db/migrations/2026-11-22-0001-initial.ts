// The first schema: users, leads, packages, user packages and the unlock ledger, identical on SQLite and PostgreSQL.
import { sql, type Kysely, type ColumnDefinitionBuilder } from 'kysely';
import type { Engine } from '../database';

export function initialMigration(engine: Engine) {
  /** SQLite's rowid alias vs. a PostgreSQL identity column: autoIncrement() is not portable. */
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';
  const date = engine === 'sqlite' ? 'text' : 'date';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('user_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('phone', 'varchar(10)')
        .addColumn('city', 'varchar(100)', (c) => c.notNull())
        .addColumn('pincode', 'varchar(6)')
        .addColumn('state', 'varchar(100)')
        .addColumn('role', 'varchar(20)', (c) =>
          c.notNull().check(sql`role in ('Admin', 'User', 'Dealer', 'Seller', 'Buyer')`),
        )
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('users_user_name_lower_unique')
        .unique()
        .on('users')
        .expression(sql`lower(user_name)`)
        .execute();

      await db.schema
        .createTable('leads')
        .addColumn('id', 'integer', id)
        .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('phone_number', 'varchar(20)', (c) => c.notNull())
        .addColumn('city', 'varchar(100)', (c) => c.notNull())
        .addColumn('brand', 'varchar(50)', (c) => c.notNull())
        .addColumn('model', 'varchar(100)', (c) => c.notNull())
        .addColumn('varient', 'varchar(100)')
        .addColumn('rto', 'varchar(20)')
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('fuel_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('owner_name', 'varchar(20)', (c) => c.notNull())
        .addColumn('transmission', 'varchar(20)', (c) => c.notNull())
        .addColumn('seats', 'integer', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
        .addColumn('km_driven', 'integer', (c) => c.check(sql`km_driven >= 0`))
        .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      // Newest-first pages of active leads, and each single filter followed by the same order.
      for (const column of [
        'city',
        'brand',
        'fuel_type',
        'owner_name',
        'transmission',
        'rto',
        'year',
        'seats',
        'price',
        'km_driven',
      ]) {
        await db.schema
          .createIndex(`leads_status_${column}_id`)
          .on('leads')
          .columns(['status', column, 'id'])
          .execute();
      }
      await db.schema
        .createIndex('leads_status_brand_model_id')
        .on('leads')
        .columns(['status', 'brand', 'model', 'id'])
        .execute();
      await db.schema
        .createIndex('leads_status_id')
        .on('leads')
        .columns(['status', 'id'])
        .execute();
      await db.schema
        .createIndex('leads_phone_brand_model')
        .on('leads')
        .columns(['phone_number', 'brand', 'model'])
        .execute();

      await db.schema
        .createTable('packages')
        .addColumn('id', 'integer', id)
        .addColumn('package_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('package_code', 'varchar(20)', (c) => c.notNull())
        .addColumn('package_type', 'varchar(50)', (c) => c.notNull())
        .addColumn('package_credits', 'integer', (c) =>
          c.notNull().check(sql`package_credits >= 1`),
        )
        .addColumn('package_unit', 'varchar(20)', (c) => c.notNull())
        .addColumn('package_validity', 'integer', (c) =>
          c.notNull().check(sql`package_validity >= 1`),
        )
        .addColumn('package_price', 'integer', (c) => c.notNull().check(sql`package_price >= 0`))
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        .execute();
      await db.schema
        .createIndex('packages_code_lower_unique')
        .unique()
        .on('packages')
        .expression(sql`lower(package_code)`)
        .execute();

      await db.schema
        .createTable('user_packages')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id'))
        .addColumn('package_credits', 'integer', (c) =>
          c.notNull().check(sql`package_credits >= 0`),
        )
        .addColumn('package_unit', 'varchar(20)', (c) => c.notNull())
        .addColumn('package_validity', 'integer', (c) => c.notNull())
        .addColumn('package_balance_credits', 'integer', (c) =>
          c.notNull().check(sql`package_balance_credits >= 0`),
        )
        .addColumn('credit_debited', 'integer', (c) => c.notNull().check(sql`credit_debited >= 0`))
        .addColumn('unattributed_debits', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`unattributed_debits >= 0`),
        )
        .addColumn('start_date', date, (c) => c.notNull())
        .addColumn('end_date', date, (c) => c.notNull())
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_packages_user_id')
        .on('user_packages')
        .columns(['user_id', 'is_active'])
        .execute();

      await db.schema
        .createTable('lead_unlocks')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('user_package_id', 'integer', (c) => c.notNull().references('user_packages.id'))
        .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id'))
        .addColumn('credit_debited', 'integer', (c) =>
          c.notNull().check(sql`credit_debited in (0, 1)`),
        )
        .addColumn('ip_address', 'varchar(255)')
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .addUniqueConstraint('lead_unlocks_user_lead_unique', ['user_id', 'lead_id'])
        .execute();
      await db.schema
        .createIndex('lead_unlocks_user_package_id')
        .on('lead_unlocks')
        .column('user_package_id')
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['lead_unlocks', 'user_packages', 'packages', 'leads', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
