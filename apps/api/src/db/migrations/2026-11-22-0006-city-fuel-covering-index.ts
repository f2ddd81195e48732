// City + fuel is the most common pair of dealer filters ("diesel cars in Gurugram"): a covering index that leads with
// both walks a fifth of the city's entries for such mixes (price and kilometre bands included). Mixes without fuel
// keep using the city index.
// The columns are written out, as a migration's SQL stays as it ran: the shape of migration 0004's covering indexes.
import { sql, type Kysely } from 'kysely';

const COLUMNS =
  'status, city, fuel_type, id, brand, model, varient, owner_name, transmission, rto, year, seats, price, km_driven';

export function cityFuelCoveringIndexMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql.raw(`create index leads_city_fuel_covering on leads (${COLUMNS})`).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('drop index leads_city_fuel_covering').execute(db);
    },
  };
}
