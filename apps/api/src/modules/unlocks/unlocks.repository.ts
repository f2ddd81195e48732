// Kysely code for the unlock ledger (lead_unlocks) and the package rows an unlock may draw on.
import { sql, type SqlBool } from 'kysely';
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import type { Queryable, Tx, Engine } from '../../db/database';
import type { LeadRow, NewLeadUnlock } from '../../db/schema';
import { fromDbBool } from '../../db/database';
import {
  appendEntry,
  applyEntry,
  debitsCte,
  entriesCte,
  ledgerEntryCtes,
  SPENDABLE_COLUMNS,
  type SpendablePackage,
} from '../credits/credit-ledger';
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

export async function unlockedLeadIdsOf(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('lead_unlocks')
    .select('lead_id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.lead_id);
}

/** What a member's unlock decides on. */
export interface UnlockState {
  /** The lead's row; undefined when there is no such lead. */
  lead: LeadRow | undefined;
  /** Whether the member unlocked the lead before. */
  unlocked: boolean;
  /** The member's packages still marked active, soonest ending first. */
  packages: SpendablePackage[];
}

/**
 * What a member's unlock decides on, in one statement: the lead, whether the member unlocked it, and their active
 * packages. On PostgreSQL it also locks the member's row as lockMember does, which serialises the member's unlocks
 * (SQLite's single writer already does); no lock when the lead does not exist. A statement that waited for that lock
 * still reads with the snapshot it started with and may miss what the lock's last holder committed: chargeUnlock
 * checks what was decided on again and answers `stale`; read again then (the lock is held, so the second read is
 * current).
 */
export async function unlockStateOf(
  tx: Tx,
  engine: Engine,
  userId: number,
  leadId: number,
): Promise<UnlockState> {
  const jsonArrayFrom = engine === 'postgres' ? postgresJsonArray : sqliteJsonArray;
  const row = await tx
    .selectFrom(['leads', 'users'])
    .selectAll('leads')
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
      jsonArrayFrom(
        eb
          .selectFrom('user_packages')
          .select(['user_id', ...SPENDABLE_COLUMNS])
          .where('user_id', '=', userId)
          .where('is_active', '=', 1),
      ).as('packages'),
    ])
    .where('leads.id', '=', leadId)
    .where('users.id', '=', userId)
    .$if(engine === 'postgres', (query) => query.forUpdate('users'))
    .executeTakeFirst();
  if (!row) return NO_LEAD;
  const { unlocked, packages, ...lead } = row;
  // PostgreSQL's driver parses JSON; SQLite's answers its text.
  const list = (
    typeof packages === 'string' ? JSON.parse(packages) : packages
  ) as SpendablePackage[];
  return {
    lead,
    unlocked: fromDbBool(unlocked),
    packages: list.sort((a, b) =>
      a.end_date < b.end_date ? -1 : a.end_date > b.end_date ? 1 : a.id - b.id,
    ),
  };
}

const NO_LEAD: UnlockState = { lead: undefined, unlocked: false, packages: [] };

/** What chargeUnlock did. */
export type UnlockCharge =
  | { unlockCount: number; balance: number }
  /** PostgreSQL: the package or the member's unlocks changed since unlockStateOf read them; nothing was written. */
  | 'stale'
  /** Every dealer place of the lead is taken; nothing was written. */
  | 'soldOut'
  /** The package's balance is spent. The place and the unlock row were written: throw, so they go back. */
  | 'noBalance';

/**
 * The member's unlock of the lead with the package chosen from unlockStateOf's read: takes one of the lead's dealer
 * places (claimDealerPlace; a refusal costs nothing), records the unlock and writes the ledger entry (one credit, or
 * none from an Unlimited package). PostgreSQL: one statement, which first checks that the package and the member's
 * unlocks of the lead are as they were read (`stale` when not, see unlockStateOf).
 */
export async function chargeUnlock(
  tx: Tx,
  engine: Engine,
  unlock: {
    userId: number;
    leadId: number;
    pkg: SpendablePackage;
    unlimited: boolean;
    ipAddress: string;
  },
): Promise<UnlockCharge> {
  const { userId, leadId, pkg, unlimited, ipAddress } = unlock;
  const row: NewLeadUnlock = {
    user_id: userId,
    user_package_id: pkg.id,
    lead_id: leadId,
    credit_debited: unlimited ? 0 : 1,
    ip_address: ipAddress,
    created_on: new Date().toISOString(),
  };
  const entry = {
    userId,
    userPackageId: pkg.id,
    kind: 'unlock' as const,
    leadId,
    // An Unlimited package spends nothing, but the unlock is on the dealer's history all the same.
    amount: unlimited ? 0 : -1,
  };
  if (engine !== 'postgres') {
    const unlockCount = await claimDealerPlace(tx, leadId);
    if (unlockCount === undefined) return 'soldOut';
    await insertUnlock(tx, row);
    if (unlimited) {
      await appendEntry(tx, entry);
      return { unlockCount, balance: pkg.package_balance_credits };
    }
    const balance = await applyEntry(tx, entry);
    return balance === undefined ? 'noBalance' : { unlockCount, balance };
  }
  const { maxDealersPerLead } = await readSettings(tx);
  const { rows } = await sql<{
    decided: boolean;
    unlock_count: number | null;
    balance: number | null;
  }>`with decided as (
      select 1 from user_packages
      where id = ${pkg.id} and is_active and package_balance_credits = ${pkg.package_balance_credits}
        and not exists (select 1 from lead_unlocks where user_id = ${userId} and lead_id = ${leadId})
    ),
    claim as (${claimPlaceQuery(tx, leadId, maxDealersPerLead).where(sql<SqlBool>`exists (select 1 from decided)`)}),
    recorded as (
      insert into lead_unlocks (user_id, user_package_id, lead_id, credit_debited, ip_address, created_on)
      select cast(${row.user_id} as integer), cast(${row.user_package_id} as integer), claim.id,
        cast(${row.credit_debited} as integer), cast(${row.ip_address} as text),
        cast(${row.created_on} as timestamptz) from claim
      returning lead_id
    ),
    ${ledgerEntryCtes(tx, entry, sql<SqlBool>`exists (select 1 from recorded)`)}
    select exists (select 1 from decided) as decided, (select unlock_count from claim) as unlock_count,
      (select package_balance_credits from moved) as balance`.execute(tx);
  const result = rows[0];
  if (!result?.decided) return 'stale';
  if (result.unlock_count === null) return 'soldOut';
  if (result.balance === null) return 'noBalance';
  return { unlockCount: result.unlock_count, balance: result.balance };
}

/**
 * PostgreSQL, for a set of unlocks (unlocks.service.ts): locks the members' rows in id order (two sets never wait
 * for each other in a cycle), as lockMember does for one. The reads that follow, in statements of their own, are
 * current.
 */
export async function lockMembers(tx: Tx, userIds: readonly number[]): Promise<void> {
  await sql`select id from users where id = any(cast(${[...userIds]} as integer[])) order by id for update`.execute(
    tx,
  );
}

/** The rows of the leads, by id. */
export async function leadsByIds(
  tx: Tx,
  leadIds: readonly number[],
): Promise<Map<number, LeadRow>> {
  const rows = await tx
    .selectFrom('leads')
    .selectAll()
    .where(sql<SqlBool>`id = any(cast(${[...leadIds]} as integer[]))`)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Which of the members have unlocked which of the leads, as `member:lead` keys. */
export async function unlockedPairs(
  tx: Tx,
  userIds: readonly number[],
  leadIds: readonly number[],
): Promise<Set<string>> {
  const rows = await tx
    .selectFrom('lead_unlocks')
    .select(['user_id', 'lead_id'])
    .where(sql<SqlBool>`user_id = any(cast(${[...userIds]} as integer[]))`)
    .where(sql<SqlBool>`lead_id = any(cast(${[...leadIds]} as integer[]))`)
    .execute();
  return new Set(rows.map((row) => `${row.user_id}:${row.lead_id}`));
}

/** activePackagesOf for several members: each member's packages still marked active, soonest ending first. */
export async function activePackagesOfMembers(
  tx: Tx,
  userIds: readonly number[],
): Promise<Map<number, SpendablePackage[]>> {
  const rows = await tx
    .selectFrom('user_packages')
    .select(['user_id', ...SPENDABLE_COLUMNS])
    .where(sql<SqlBool>`user_id = any(cast(${[...userIds]} as integer[]))`)
    .where('is_active', '=', 1)
    .orderBy('end_date', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const packages = new Map<number, SpendablePackage[]>(userIds.map((id) => [id, []]));
  for (const row of rows) packages.get(row.user_id)?.push(row);
  return packages;
}

/** One unlock of a set, decided: the member, the lead, the package it draws on and whether that costs a credit. */
export interface DecidedUnlock {
  userId: number;
  leadId: number;
  userPackageId: number;
  credits: 0 | 1;
  ipAddress: string;
}

/**
 * PostgreSQL: a set of decided unlocks in one statement: the leads' dealer places (each lead's count up by its
 * unlocks, only while within `maxDealersPerLead`), the unlock rows, the packages' debits and the ledger entries.
 * Answers whether every lead took its places and every debit moved; when not, the caller rolls the statement back
 * (another process took the last places, or changed a package without the member's lock) and unlocks one by one.
 */
export async function recordUnlockSet(
  tx: Tx,
  unlocks: readonly DecidedUnlock[],
  maxDealersPerLead: number,
): Promise<boolean> {
  const places = countBy(unlocks.map((u) => u.leadId));
  const debits = countBy(unlocks.filter((u) => u.credits > 0).map((u) => u.userPackageId));
  const now = new Date().toISOString();
  const { rows } = await sql<{ claimed: number; debited: number }>`with claim as (
      update leads set unlock_count = leads.unlock_count + p.places
      from unnest(cast(${[...places.keys()]} as integer[]), cast(${[...places.values()]} as integer[]))
        as p(id, places)
      where leads.id = p.id and leads.unlock_count + p.places <= ${maxDealersPerLead}
      returning leads.id
    ),
    recorded as (
      insert into lead_unlocks (user_id, user_package_id, lead_id, credit_debited, ip_address, created_on)
      select u.user_id, u.user_package_id, u.lead_id, u.credits, u.ip_address, cast(${now} as timestamptz)
      from unnest(cast(${unlocks.map((u) => u.userId)} as integer[]),
        cast(${unlocks.map((u) => u.userPackageId)} as integer[]),
        cast(${unlocks.map((u) => u.leadId)} as integer[]), cast(${unlocks.map((u) => u.credits)} as integer[]),
        cast(${unlocks.map((u) => u.ipAddress)} as text[]))
        as u(user_id, user_package_id, lead_id, credits, ip_address)
    ),
    ${debitsCte(
      'debited',
      [...debits].map(([userPackageId, credits]) => ({ userPackageId, credits })),
    )},
    ${entriesCte(
      'entries',
      unlocks.map((u) => ({
        userId: u.userId,
        userPackageId: u.userPackageId,
        kind: 'unlock' as const,
        amount: -u.credits,
        leadId: u.leadId,
      })),
    )}
    select (select count(*) from claim)::int as claimed, (select count(*) from debited)::int as debited`.execute(
    tx,
  );
  const counts = rows[0];
  return counts !== undefined && counts.claimed === places.size && counts.debited === debits.size;
}

/** How often each value occurs, in ascending order of value (the order rows are locked in). */
function countBy(values: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const value of [...values].sort((a, b) => a - b))
    counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
