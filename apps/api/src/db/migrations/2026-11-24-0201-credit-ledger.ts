// The credit ledger (docs/credits.md): one append-only row per change of a package's balance, today's data moved
// into it without changing any balance; and the package type snapshotted into each assignment.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database';

export function creditLedgerMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // An assignment keeps the type it was sold with: a later price-list edit never turns it Unlimited.
      await sql
        .raw(
          `alter table user_packages add column package_type varchar(50) not null default 'Lead'`,
        )
        .execute(db);
      await sql
        .raw(
          `update user_packages set package_type =
             (select p.package_type from packages p where p.id = user_packages.package_id)`,
        )
        .execute(db);

      await db.schema
        .createTable('credit_ledger')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('user_package_id', 'integer', (c) => c.notNull().references('user_packages.id'))
        .addColumn('kind', 'varchar(16)', (c) =>
          c.notNull().check(sql`kind in ('grant', 'unlock', 'refund', 'expiry', 'adjustment')`),
        )
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('lead_id', 'integer')
        .addColumn('order_id', 'integer')
        .addColumn('dispute_id', 'integer')
        .addColumn('reason', 'varchar(500)')
        .addColumn('actor_id', 'integer')
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('credit_ledger_user')
        .on('credit_ledger')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('credit_ledger_package')
        .on('credit_ledger')
        .columns(['user_package_id', 'id'])
        .execute();
      // Written once whichever request notices first: the database refuses a second expiry, grant or refund.
      for (const [name, column, kind] of [
        ['credit_ledger_one_expiry', 'user_package_id', 'expiry'],
        ['credit_ledger_one_grant_per_order', 'order_id', 'grant'],
        ['credit_ledger_one_refund_per_dispute', 'dispute_id', 'refund'],
      ] as const) {
        await sql
          .raw(
            `create unique index ${name} on credit_ledger (${column}) where kind = '${kind}'` +
              (column === 'user_package_id' ? '' : ` and ${column} is not null`),
          )
          .execute(db);
      }

      const now = new Date().toISOString();
      const stamp = engine === 'sqlite' ? `'${now}'` : `'${now}'::timestamptz`;
      // Today's data: every assignment a grant, every paid unlock row an unlock entry, the legacy subtract-credit
      // debits not yet tied to a lead, and whatever else the balance says was used (an Admin-set "credits debited").
      await sql
        .raw(
          `insert into credit_ledger (user_id, user_package_id, kind, amount, reason, created_on)
           select user_id, id, 'grant', package_credits, 'Package assigned', created_on from user_packages`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into credit_ledger (user_id, user_package_id, kind, amount, lead_id, created_on)
           select user_id, user_package_id, 'unlock', -1, lead_id, created_on from lead_unlocks
           where credit_debited > 0 order by id`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into credit_ledger (user_id, user_package_id, kind, amount, reason, created_on)
           select user_id, id, 'unlock', -unattributed_debits, 'Credit subtracted (spec call)', ${stamp}
           from user_packages where unattributed_debits > 0`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into credit_ledger (user_id, user_package_id, kind, amount, reason, created_on)
           select user_id, id, 'adjustment', amount, 'Credits used before the ledger', ${stamp} from (
             select up.user_id, up.id, up.package_balance_credits - up.package_credits + up.unattributed_debits
               + (select count(*) from lead_unlocks l where l.user_package_id = up.id and l.credit_debited > 0)
               as amount
             from user_packages up
           ) gaps where amount <> 0`,
        )
        .execute(db);

      if (engine === 'sqlite') {
        for (const event of ['update', 'delete']) {
          await sql
            .raw(
              `create trigger credit_ledger_no_${event} before ${event} on credit_ledger begin
                 select raise(abort, 'the credit ledger is append-only');
               end`,
            )
            .execute(db);
        }
        return;
      }
      await sql
        .raw(
          `create function refuse_credit_ledger_change() returns trigger language plpgsql as $$
           begin
             raise exception 'the credit ledger is append-only';
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger credit_ledger_append_only before update or delete on credit_ledger
           for each row execute function refuse_credit_ledger_change()`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('credit_ledger').execute();
      if (engine === 'postgres') {
        await sql.raw('drop function if exists refuse_credit_ledger_change()').execute(db);
      }
      await sql.raw('alter table user_packages drop column package_type').execute(db);
    },
  };
}
