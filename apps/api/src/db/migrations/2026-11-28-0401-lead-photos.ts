// Photos of a lead's car (docs/photos.md): one row per photo, its files named by the content hash; the lead keeps
// whether it has any and its cover, so the list (and its engine) show the cover without reading the photos.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database';

export function leadPhotosMigration(engine: Engine) {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const timestamp = engine === 'sqlite' ? 'text' : 'timestamptz';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('lead_photos')
        .addColumn('id', 'integer', id)
        .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id'))
        .addColumn('hash', 'varchar(32)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_on', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lead_photos_lead')
        .on('lead_photos')
        .columns(['lead_id', 'position'])
        .execute();
      await db.schema.createIndex('lead_photos_hash').on('lead_photos').columns(['hash']).execute();
      await sql
        .raw('alter table leads add column has_photos integer not null default 0')
        .execute(db);
      await sql.raw('alter table leads add column cover_photo varchar(64)').execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('alter table leads drop column cover_photo').execute(db);
      await sql.raw('alter table leads drop column has_photos').execute(db);
      await db.schema.dropTable('lead_photos').execute();
    },
  };
}
