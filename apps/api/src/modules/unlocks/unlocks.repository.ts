// Kysely code for the unlock ledger (lead_unlocks) and the package rows an unlock may draw on.
import { sql } from 'kysely';
import type { Queryable, Tx, Engine } from '../../db/database';
import type { LeadRow, NewLeadUnlock } from '../../db/schema';
import { fromDbBool } from '../../db/database';
import type { SpendablePackage } from '../credits/credit-ledger';
import { claimDealerPlace, claimPlaceQuery } from '../credits/lead-cap';
import { readSettings } from '../settings/settings.service';

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

/**
 * Takes one of the lead's dealer places (claimDealerPlace) and records the member's unlock with it: answers the
 * lead's dealer count after it, or undefined when the places were all taken and nothing was written. One statement
 * on PostgreSQL (a write batch runs its unlocks one after another, so each round trip saved counts).
 */
export async function claimPlaceRecordingUnlock(
  tx: Tx,
  engine: Engine,
  row: Omit<NewLeadUnlock, 'id' | 'created_on'> & { created_on: string },
): Promise<number | undefined> {
  if (engine !== 'postgres') {
    const unlockCount = await claimDealerPlace(tx, row.lead_id);
    if (unlockCount !== undefined) await insertUnlock(tx, row);
    return unlockCount;
  }
  const { maxDealersPerLead } = await readSettings(tx);
  const recorded = await tx
    .with('claim', (db) => claimPlaceQuery(db, row.lead_id, maxDealersPerLead))
    .insertInto('lead_unlocks')
    .columns([
      'user_id',
      'user_package_id',
      'lead_id',
      'credit_debited',
      'ip_address',
      'created_on',
    ])
    .expression(
      sql`select cast(${row.user_id} as integer), cast(${row.user_package_id} as integer), claim.id,
        cast(${row.credit_debited} as integer), cast(${row.ip_address} as text),
        cast(${row.created_on} as timestamptz) from claim`,
    )
    .returning(sql<number>`(select unlock_count from claim)`.as('unlock_count'))
    .executeTakeFirst();
  return recorded?.unlock_count;
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

/**
 * PostgreSQL: the lead's row for a member's unlock, with the member's row locked as lockMember does, in one round
 * trip (a write batch runs its unlocks one after the other, so each statement saved counts). No lock when the lead
 * does not exist: the unlock stops there. What the unlock decides on is read by the next statement: one that waited
 * for this lock still reads with the snapshot it started with, and would miss what the lock's last holder committed.
 */
export function findLeadLockingMember(
  tx: Tx,
  leadId: number,
  userId: number,
): Promise<LeadRow | undefined> {
  return tx
    .selectFrom(['leads', 'users'])
    .selectAll('leads')
    .where('leads.id', '=', leadId)
    .where('users.id', '=', userId)
    .forUpdate('users')
    .executeTakeFirst();
}

/**
 * In one statement, once the member is locked: whether they already unlocked the lead, and their packages still
 * marked active as activePackagesOf reads them.
 */
export async function unlockAndPackagesOf(
  tx: Tx,
  userId: number,
  leadId: number,
): Promise<{ unlocked: boolean; packages: SpendablePackage[] }> {
  const rows = await tx
    .selectFrom('users')
    .leftJoin('user_packages', (join) =>
      join.onRef('user_packages.user_id', '=', 'users.id').on('user_packages.is_active', '=', 1),
    )
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('lead_unlocks')
            .select('lead_unlocks.id')
            .where('lead_unlocks.user_id', '=', userId)
            .where('lead_unlocks.lead_id', '=', leadId),
        )
        .as('unlocked'),
      ...SPENDABLE_COLUMNS.map((column) => `user_packages.${column}` as const),
    ])
    .where('users.id', '=', userId)
    .orderBy('user_packages.end_date', 'asc')
    .orderBy('user_packages.id', 'asc')
    .execute();
  // A member without active packages is one row of NULL package columns (the left join).
  const packages = rows
    .filter((r) => r.id !== null)
    .map(
      ({ unlocked: _, ...spendable }) => ({ ...spendable, user_id: userId }) as SpendablePackage,
    );
  return { unlocked: rows.some((r) => fromDbBool(r.unlocked)), packages };
}

/** What the spending rule reads of a package (SpendablePackage, besides its member). */
const SPENDABLE_COLUMNS = [
  'id',
  'package_type',
  'package_balance_credits',
  'unattributed_debits',
  'start_date',
  'end_date',
  'is_active',
] as const;

/** The member's packages still marked active, soonest ending first, as the spending rule reads them. */
export function activePackagesOf(tx: Queryable, userId: number) {
  return tx
    .selectFrom('user_packages')
    .select(['user_id', ...SPENDABLE_COLUMNS])
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .orderBy('end_date', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
