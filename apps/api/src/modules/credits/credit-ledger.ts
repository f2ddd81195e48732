// The credit ledger's write side (docs/credits.md): the one spending rule, and every balance change as an entry
// written with the package's balance in the same transaction.
import { sql, type QueryCreator } from 'kysely';
import type { Queryable } from '../../db/database';
import { fromDbBool, isPostgres } from '../../db/database';
import type { Database } from '../../db/schema';
import type { LedgerKind } from '@dealerleads/shared';

/** What the spending rule needs to know about an assignment. */
export interface SpendablePackage {
  id: number;
  user_id: number;
  package_type: string;
  package_balance_credits: number;
  unattributed_debits: number;
  start_date: string;
  end_date: string;
  is_active: boolean | number;
}

export type SpendRefusal = 'inactive' | 'expired' | 'notStarted' | 'noBalance';

/**
 * The one rule of every path that spends or records a credit: the package is active, today lies within its start
 * and end dates (India's calendar), and it has what the call draws on: a credit of its balance (`credit`), or a
 * credit already taken by the spec's subtract-credit call (`subtracted`). An Unlimited package needs neither.
 */
export function spendRefusal(
  pkg: SpendablePackage,
  today: string,
  draws: 'credit' | 'subtracted',
): SpendRefusal | undefined {
  if (!fromDbBool(pkg.is_active)) return 'inactive';
  if (pkg.end_date < today) return 'expired';
  if (pkg.start_date > today) return 'notStarted';
  if (pkg.package_type === 'Unlimited') return undefined;
  const available = draws === 'credit' ? pkg.package_balance_credits : pkg.unattributed_debits;
  return available > 0 ? undefined : 'noBalance';
}

export interface EntryInput {
  userId: number;
  userPackageId: number;
  kind: LedgerKind;
  amount: number;
  leadId?: number | null;
  orderId?: number | null;
  disputeId?: number | null;
  reason?: string | null;
  actorId?: number | null;
}

/** The ledger row of an entry. */
function entryRow(entry: EntryInput) {
  return {
    user_id: entry.userId,
    user_package_id: entry.userPackageId,
    kind: entry.kind,
    amount: entry.amount,
    lead_id: entry.leadId ?? null,
    order_id: entry.orderId ?? null,
    dispute_id: entry.disputeId ?? null,
    reason: entry.reason ?? null,
    actor_id: entry.actorId ?? null,
    created_on: new Date().toISOString(),
  };
}

type EntryRow = ReturnType<typeof entryRow>;

/** PostgreSQL's type of each ledger column, for an entry written by `INSERT … SELECT` (parameters there need one). */
const ENTRY_TYPES: Record<keyof EntryRow, string> = {
  user_id: 'integer',
  user_package_id: 'integer',
  kind: 'text',
  amount: 'integer',
  lead_id: 'integer',
  order_id: 'integer',
  dispute_id: 'integer',
  reason: 'text',
  actor_id: 'integer',
  created_on: 'timestamptz',
};

/** Appends an entry alone: for a grant written with its new package, or a free (0-credit) unlock. */
export async function appendEntry(tx: Queryable, entry: EntryInput): Promise<void> {
  await tx.insertInto('credit_ledger').values(entryRow(entry)).execute();
}

/**
 * Moves a package's balance by the entry's amount and appends the entry, or does nothing and answers undefined when
 * the balance would drop below 0. `package_credits − balance = credit_debited` stays true: a credit taken out
 * (unlock, expiry, negative adjustment) counts as debited, a refund puts a debited credit back, and a positive
 * adjustment is a top-up that raises the package's credits. Answers the new balance.
 */
export async function applyEntry(
  tx: Queryable,
  entry: EntryInput & { unattributed?: boolean },
): Promise<number | undefined> {
  const { amount } = entry;
  const topUp = entry.kind === 'adjustment' && amount > 0;
  const move = (db: QueryCreator<Database>) =>
    db
      .updateTable('user_packages')
      .set((eb) => ({
        package_balance_credits: eb('package_balance_credits', '+', amount),
        ...(topUp
          ? { package_credits: eb('package_credits', '+', amount) }
          : { credit_debited: eb('credit_debited', '-', amount) }),
        ...(entry.unattributed ? { unattributed_debits: eb('unattributed_debits', '+', 1) } : {}),
      }))
      .where('id', '=', entry.userPackageId)
      .where('package_balance_credits', '>=', -amount)
      .returning('package_balance_credits');
  if (isPostgres(tx)) {
    // One round trip (a write batch runs its writes one after another): the entry is written only if the balance
    // moved.
    const row = Object.entries(entryRow(entry)) as [keyof EntryRow, unknown][];
    const moved = await tx
      .with('moved', move)
      .insertInto('credit_ledger')
      .columns(row.map(([column]) => column))
      .expression(
        sql`select ${sql.join(row.map(([column, value]) => sql`cast(${value} as ${sql.raw(ENTRY_TYPES[column])})`))} from moved`,
      )
      .returning(sql<number>`(select package_balance_credits from moved)`.as('balance'))
      .executeTakeFirst();
    return moved?.balance;
  }
  const row = await move(tx).executeTakeFirst();
  if (!row) return undefined;
  await appendEntry(tx, entry);
  return row.package_balance_credits;
}

/**
 * Marks the given packages that ended before today inactive and writes each one's `expiry` entry (the balance
 * left) once: the conditional update lets only the first request that notices an expiry write it.
 */
export async function expireEnded(
  tx: Queryable,
  packages: readonly Pick<SpendablePackage, 'id' | 'user_id' | 'end_date' | 'is_active'>[],
  today: string,
): Promise<number[]> {
  const expired: number[] = [];
  for (const pkg of packages) {
    if (!fromDbBool(pkg.is_active) || pkg.end_date >= today) continue;
    const row = await tx
      .updateTable('user_packages')
      .set({ is_active: 0 })
      .where('id', '=', pkg.id)
      .where('is_active', '=', 1)
      .returning('package_balance_credits')
      .executeTakeFirst();
    if (!row) continue;
    expired.push(pkg.id);
    if (row.package_balance_credits > 0) {
      await applyEntry(tx, {
        userId: pkg.user_id,
        userPackageId: pkg.id,
        kind: 'expiry',
        amount: -row.package_balance_credits,
        reason: `Package ended on ${pkg.end_date}`,
      });
    } else {
      await appendEntry(tx, {
        userId: pkg.user_id,
        userPackageId: pkg.id,
        kind: 'expiry',
        amount: 0,
        reason: `Package ended on ${pkg.end_date}`,
      });
    }
  }
  return expired;
}
