// Marketplace settings (key → JSON value) and the append-only audit log of Admin actions; the database itself refuses
// to update or delete an audit entry (docs/operations.md).
import { sql, type Kysely, type ColumnDefinitionBuilder } from 'kysely';
import type { Engine } from '../database';

export function settingsAndAuditMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', id)
        .addColumn('actor_id', 'integer')
        .addColumn('actor_user_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('ip_address', 'varchar(64)')
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('target_id', 'varchar(64)')
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_created').on('audit_log').column('id').execute();
      await db.schema
        .createIndex('audit_log_actor')
        .on('audit_log')
        .columns(['actor_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_action')
        .on('audit_log')
        .columns(['action', 'id'])
        .execute();

      if (engine === 'sqlite') {
        for (const event of ['update', 'delete']) {
          await sql
            .raw(
              `create trigger audit_log_no_${event} before ${event} on audit_log begin
                 select raise(abort, 'the audit log is append-only');
               end`,
            )
            .execute(db);
        }
        return;
      }
      await sql
        .raw(
          `create function refuse_audit_log_change() returns trigger language plpgsql as $$
           begin
             raise exception 'the audit log is append-only';
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger audit_log_append_only before update or delete on audit_log
           for each row execute function refuse_audit_log_change()`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('audit_log').execute();
      if (engine === 'postgres') {
        await sql.raw('drop function if exists refuse_audit_log_change()').execute(db);
      }
      await db.schema.dropTable('settings').execute();
    },
  };
}
