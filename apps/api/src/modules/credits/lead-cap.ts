// The cap per lead (docs/credits.md): at most `maxDealersPerLead` dealers unlock one lead, counted in
// `leads.unlock_count` by the unlock's own transaction.
import type { QueryCreator } from 'kysely';
import type { Queryable } from '../../db/database';
import type { Database } from '../../db/schema';
import { readSettings } from '../settings/settings.service';

/**
 * Takes one of the lead's dealer places: answers the lead's dealer count after it, or undefined when they are all taken. One conditional UPDATE of the
 * lead's row: PostgreSQL re-checks the condition on the row a concurrent unlock just committed, SQLite has one
 * writer, so the cap holds however many unlock at once, from however many processes. Call it before charging:
 * a refusal then costs nothing; a later failure must throw, so that the place is given back with the rest.
 */
export async function claimDealerPlace(tx: Queryable, leadId: number): Promise<number | undefined> {
  const { maxDealersPerLead } = await readSettings(tx);
  const row = await claimPlaceQuery(tx, leadId, maxDealersPerLead).executeTakeFirst();
  return row?.unlock_count;
}

/** claimDealerPlace's conditional UPDATE, for a statement that writes more with the place it takes. */
export function claimPlaceQuery(
  db: QueryCreator<Database>,
  leadId: number,
  maxDealersPerLead: number,
) {
  return db
    .updateTable('leads')
    .set((eb) => ({ unlock_count: eb('unlock_count', '+', 1) }))
    .where('id', '=', leadId)
    .where('unlock_count', '<', maxDealersPerLead)
    .returning(['id', 'unlock_count']);
}
