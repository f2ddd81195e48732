// Covering indexes for the two most used leading filters (city; brand and model): every other filter column is in
// the index, so a filter mix is checked without reading lead rows, in newest-first order, for page and count alike.
import { sql, type Kysely } from 'kysely';

const FILTER_COLUMNS = [
  'city',
  'brand',
  'model',
  'varient',
  'fuel_type',
  'owner_name',
  'transmission',
  'rto',
  'year',
  'seats',
  'price',
  'km_driven',
];

/** `status, <leading…>, id, <every other filter column>`: newest first within the leading filters, rows never read. */
function covering(leading: string[]): string {
  const rest = FILTER_COLUMNS.filter((c) => !leading.includes(c));
  return ['status', ...leading, 'id', ...rest].join(', ');
}

export function coveringLeadIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql
        .raw(`create index leads_city_covering on leads (${covering(['city'])})`)
        .execute(db);
      await sql
        .raw(`create index leads_brand_model_covering on leads (${covering(['brand', 'model'])})`)
        .execute(db);
      // The covering indexes start with the same columns, so these narrower ones only cost writes now.
      for (const name of [
        'leads_status_city_id',
        'leads_status_brand_id',
        'leads_status_brand_model_id',
      ]) {
        await sql.raw(`drop index ${name}`).execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('create index leads_status_city_id on leads (status, city, id)').execute(db);
      await sql.raw('create index leads_status_brand_id on leads (status, brand, id)').execute(db);
      await sql
        .raw('create index leads_status_brand_model_id on leads (status, brand, model, id)')
        .execute(db);
      await sql.raw('drop index leads_city_covering').execute(db);
      await sql.raw('drop index leads_brand_model_covering').execute(db);
    },
  };
}
