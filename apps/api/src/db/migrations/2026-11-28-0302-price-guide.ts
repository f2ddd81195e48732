// The market price guide's verdict on each lead (docs/price-guide.md): the guide's low, median and high for its car
// when it was submitted, or null where the guide had too few comparables. The list shows them and filters
// `belowMarket=true` on them like any column.
import type { Kysely } from 'kysely';

const COLUMNS = ['market_low', 'market_median', 'market_high'] as const;

export function priceGuideMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of COLUMNS)
        await db.schema.alterTable('leads').addColumn(column, 'integer').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const column of COLUMNS)
        await db.schema.alterTable('leads').dropColumn(column).execute();
    },
  };
}
