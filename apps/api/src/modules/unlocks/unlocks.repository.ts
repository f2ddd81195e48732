// Kysely code for the unlock ledger (lead_unlocks) and the package rows an unlock may draw on.
import type { Queryable, Tx, Engine } from '../../db/database';
import type { NewLeadUnlock } from '../../db/schema';

export function findUnlock(db: Queryable, userId: number, leadId: number) {
  return db
    .selectFrom('lead_unlocks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
}

export async function insertUnlock(db: Queryable, row: NewLeadUnlock): Promise<void> {
  await db.insertInto('lead_unlocks').values(row).execute();
}

export async function unlockedLeadIdsOf(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('lead_unlocks')
    .select('lead_id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.lead_id);
}

/**
 * Serialises one member's unlocks: on PostgreSQL the member's row is locked until the transaction ends;
 * SQLite transactions already start with BEGIN IMMEDIATE, which holds the single writer lock.
 */
export async function lockMember(tx: Tx, engine: Engine, userId: number): Promise<void> {
  if (engine === 'postgres') {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
}

/** The member's packages still marked active, soonest ending first, as the spending rule reads them. */
export function activePackagesOf(tx: Queryable, userId: number) {
  return tx
    .selectFrom('user_packages')
    .select([
      'id',
      'user_id',
      'package_type',
      'package_balance_credits',
      'unattributed_debits',
      'start_date',
      'end_date',
      'is_active',
    ])
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .orderBy('end_date', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
