// Security round 3 (docs/hardening.md): a confusable skeleton per user name (uniquely indexed, so no two names look
// alike), whether a member's e-mail address is verified (no alert or digest goes to it before), and the notification
// streams that are open and the stream tickets that were used, shared by every API process.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import unhomoglyph from 'unhomoglyph';
import type { Engine } from '../database';

/**
 * The skeleton as of this migration (UTS #39: NFD, the confusables mapping, lower case, NFD, over the folded name). A
 * migration is frozen history, so it keeps its own copy of the live function (apps/api/src/lib/user-name-skeleton.ts).
 */
function skeletonOf(userNameKey: string): string {
  return unhomoglyph(userNameKey.normalize('NFD')).toLowerCase().normalize('NFD');
}

export function securityBMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';
  const bool = engine === 'sqlite' ? 'integer' : 'boolean';
  const no = engine === 'sqlite' ? sql`0` : sql`false`;

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql.raw('alter table users add column user_name_skeleton text').execute(db);
      const { rows } = await sql<{
        id: number;
        user_name_key: string;
      }>`select id, user_name_key from users order by id`.execute(db);
      const taken = new Set<string>();
      for (const row of rows) {
        let skeleton = skeletonOf(row.user_name_key);
        // Look-alike names that exist already both stay: the older one keeps the skeleton (so a new name like either
        // is refused), the newer one gets a key no name can have (user names hold no space).
        if (taken.has(skeleton)) skeleton = `${skeleton} ${row.id}`;
        taken.add(skeleton);
        await sql`update users set user_name_skeleton = ${skeleton} where id = ${row.id}`.execute(
          db,
        );
      }
      await sql
        .raw('create unique index users_user_name_skeleton_unique on users (user_name_skeleton)')
        .execute(db);

      // Every address starts unverified: its owner must click the link before any alert goes to it.
      await db.schema
        .alterTable('users')
        .addColumn('email_verified', bool, (c) => c.notNull().defaultTo(no))
        .execute();
      // A catch-all saved search (no filter) mails the daily digest only.
      await sql
        .raw(
          `update saved_searches set email_mode = 'daily' where email_mode = 'instant' and filters = '{}'`,
        )
        .execute(db);
      // Accounts per address are counted at registration.
      await sql.raw('create index users_email_lower on users (lower(email))').execute(db);

      await db.schema
        .createTable('notification_streams')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('opened_on', timestamp, (c) => c.notNull())
        // Renewed by the process holding the stream; a row past it belongs to a process that died.
        .addColumn('alive_until', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notification_streams_user')
        .on('notification_streams')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('notification_streams_ip')
        .on('notification_streams')
        .column('ip')
        .execute();

      await db.schema
        .createTable('stream_ticket_uses')
        .addColumn('nonce', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('expires_on', timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('stream_ticket_uses').execute();
      await db.schema.dropTable('notification_streams').execute();
      await sql.raw('drop index users_email_lower').execute(db);
      await db.schema.alterTable('users').dropColumn('email_verified').execute();
      await sql.raw('drop index users_user_name_skeleton_unique').execute(db);
      await db.schema.alterTable('users').dropColumn('user_name_skeleton').execute();
    },
  };
}
