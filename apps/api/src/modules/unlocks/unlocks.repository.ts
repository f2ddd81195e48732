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

/** The member's packages still marked active, with their package type. */
export function activePackagesOf(tx: Queryable, userId: number) {
  return tx
    .selectFrom('user_packages as up')
    .innerJoin('packages as p', 'p.id', 'up.package_id')
    .select([
      'up.id',
      'up.package_balance_credits as balance',
      'up.start_date',
      'up.end_date',
      'up.unattributed_debits',
      'p.package_type',
    ])
    .where('up.user_id', '=', userId)
    .where('up.is_active', '=', 1)
    .orderBy('up.end_date', 'asc')
    .orderBy('up.id', 'asc')
    .execute();
}

export async function deactivateUserPackages(tx: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.updateTable('user_packages').set({ is_active: 0 }).where('id', 'in', ids).execute();
}

/** Takes one credit if there is one; answers the new balance, or undefined when none was left. */
export async function debitOneCredit(
  tx: Queryable,
  userPackageId: number,
  options: { unattributed: boolean },
): Promise<number | undefined> {
  const row = await tx
    .updateTable('user_packages')
    .set((eb) => ({
      package_balance_credits: eb('package_balance_credits', '-', 1),
      credit_debited: eb('credit_debited', '+', 1),
      ...(options.unattributed ? { unattributed_debits: eb('unattributed_debits', '+', 1) } : {}),
    }))
    .where('id', '=', userPackageId)
    .where('package_balance_credits', '>', 0)
    .returning('package_balance_credits')
    .executeTakeFirst();
  return row?.package_balance_credits;
}
