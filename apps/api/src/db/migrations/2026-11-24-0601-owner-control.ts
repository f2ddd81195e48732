// Owners in control and moderation (docs/owners-insights-moderation.md): a lead's listing and moderation state, when it
// closed and when it expires, and the owner's private link, kept as the sha-256 of its token.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

export function ownerControlMigration(engine: Engine) {
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Constant defaults: adding the columns rewrites no row on either engine, even at a million leads.
      await db.schema
        .alterTable('leads')
        .addColumn('listing_status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
        .execute();
      await db.schema
        .alterTable('leads')
        .addColumn('moderation_status', 'varchar(16)', (c) => c.notNull().defaultTo('clear'))
        .execute();
      await db.schema.alterTable('leads').addColumn('moderation_flags', 'varchar(64)').execute();
      await db.schema.alterTable('leads').addColumn('moderation_note', 'varchar(500)').execute();
      await db.schema.alterTable('leads').addColumn('closed_on', timestamp).execute();
      await db.schema.alterTable('leads').addColumn('expires_on', timestamp).execute();

      // The lifecycle job's two sweeps and the moderation queue each read one short index range.
      await db.schema
        .createIndex('leads_listing_expires')
        .on('leads')
        .columns(['listing_status', 'expires_on'])
        .execute();
      await db.schema
        .createIndex('leads_listing_closed')
        .on('leads')
        .columns(['listing_status', 'closed_on'])
        .execute();
      await db.schema
        .createIndex('leads_moderation_id')
        .on('leads')
        .columns(['moderation_status', 'id'])
        .execute();
      // How many dealers unlocked a lead (the owner's page) without walking every unlock.
      await db.schema
        .createIndex('lead_unlocks_lead_id')
        .on('lead_unlocks')
        .column('lead_id')
        .execute();

      await db.schema
        .createTable('owner_tokens')
        .addColumn('lead_id', 'integer', (c) =>
          c.primaryKey().references('leads.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('owner_tokens').execute();
      await db.schema.dropIndex('lead_unlocks_lead_id').execute();
      for (const index of ['leads_moderation_id', 'leads_listing_closed', 'leads_listing_expires'])
        await db.schema.dropIndex(index).execute();
      for (const column of [
        'expires_on',
        'closed_on',
        'moderation_note',
        'moderation_flags',
        'moderation_status',
        'listing_status',
      ])
        await sql.raw(`alter table leads drop column ${column}`).execute(db);
    },
  };
}
