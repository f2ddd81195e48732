// Forgot password (docs/accounts.md): one row per reset asked, for a member or not, so the limits, tries and answers
// are the same whether the login exists; the code is stored hashed and the e-mailed link is signed from the row.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';

export function passwordResetsMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('password_resets')
        .addColumn('id', 'integer', id)
        .addColumn('public_id', 'varchar(40)', (c) => c.notNull())
        // A keyed hash of the login in its normal form: the confirm names it and the limits count by it, and the
        // e-mails and mobiles strangers type are not kept in clear.
        .addColumn('login_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'varchar(100)')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('link_expires_at', timestamp)
        .addColumn('used_on', timestamp)
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_resets_public_id')
        .on('password_resets')
        .column('public_id')
        .unique()
        .execute();
      await db.schema
        .createIndex('password_resets_login')
        .on('password_resets')
        .columns(['login_hash', 'created_on'])
        .execute();
      await db.schema
        .createIndex('password_resets_ip')
        .on('password_resets')
        .columns(['ip', 'created_on'])
        .execute();
      await db.schema
        .createIndex('password_resets_user')
        .on('password_resets')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('password_resets').execute();
    },
  };
}
