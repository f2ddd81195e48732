// The credit ledger's write side (docs/credits.md): the one spending rule, and every balance change as an entry
// written with the package's balance in the same transaction.
import { sql, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
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

/** What the spending rule reads of a package (SpendablePackage, besides its member). */
export const SPENDABLE_COLUMNS = [
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

type LedgerEntry = EntryInput & { unattributed?: boolean };

/**
 * An entry's balance move: one conditional UPDATE of the package answering its new balance, or no row when the balance
 * would drop below 0 (or `onlyIf` is false). `package_credits − balance = credit_debited` stays true: a credit taken out
 * (unlock, expiry, negative adjustment) counts as debited, a refund puts a debited credit back, and a positive
 * adjustment is a top-up that raises the package's credits.
 */
function balanceMove(db: QueryCreator<Database>, entry: LedgerEntry, onlyIf?: RawBuilder<SqlBool>) {
  const { amount } = entry;
  const topUp = entry.kind === 'adjustment' && amount > 0;
  return db
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
    .$if(onlyIf !== undefined, (update) => update.where(onlyIf!))
    .returning('package_balance_credits');
}

/**
 * PostgreSQL: an entry as two CTEs of one statement: `moved`, the package's balance after the move (a row only if it
 * moved; a 0-credit entry reads the balance instead of rewriting the row), and the ledger row, written only then.
 * `onlyIf` holds both back: a statement that writes more with the entry (the unlock's) makes it depend on the rest.
 */
export function ledgerEntryCtes(
  db: QueryCreator<Database>,
  entry: LedgerEntry,
  onlyIf?: RawBuilder<SqlBool>,
): RawBuilder<unknown> {
  const move =
    entry.amount === 0
      ? db
          .selectFrom('user_packages')
          .select('package_balance_credits')
          .where('id', '=', entry.userPackageId)
          .$if(onlyIf !== undefined, (read) => read.where(onlyIf!))
      : balanceMove(db, entry, onlyIf);
  const row = Object.entries(entryRow(entry)) as [keyof EntryRow, unknown][];
  return sql`moved as (${move}), entry as (insert into credit_ledger (${sql.join(row.map(([column]) => sql.ref(column)))})
    select ${sql.join(row.map(([column, value]) => sql`cast(${value} as ${sql.raw(ENTRY_TYPES[column])})`))} from moved)`;
}

/**
 * PostgreSQL, for a statement that writes many entries at once: debits of several packages as the CTE `name`, each
 * package's balance down by its `credits` (balanceMove's debit, as a set) unless that would take it below 0; a row
 * per package that moved.
 */
export function debitsCte(
  name: string,
  debits: readonly { userPackageId: number; credits: number }[],
): RawBuilder<unknown> {
  return sql`${sql.id(name)} as (
    update user_packages set package_balance_credits = package_balance_credits - d.credits,
      credit_debited = credit_debited + d.credits
    from unnest(cast(${debits.map((d) => d.userPackageId)} as integer[]),
      cast(${debits.map((d) => d.credits)} as integer[])) as d(id, credits)
    where user_packages.id = d.id and package_balance_credits >= d.credits
    returning user_packages.id)`;
}

/** PostgreSQL: ledger entries as the CTE `name` that inserts them all (appendEntry, as a set). */
export function entriesCte(name: string, entries: readonly EntryInput[]): RawBuilder<unknown> {
  const rows = entries.map(entryRow);
  const columns = Object.keys(ENTRY_TYPES) as (keyof EntryRow)[];
  return sql`${sql.id(name)} as (insert into credit_ledger (${sql.join(columns.map((column) => sql.ref(column)))})
    select * from unnest(${sql.join(columns.map((column) => sql`cast(${rows.map((row) => row[column])} as ${sql.raw(`${ENTRY_TYPES[column]}[]`)})`))}))`;
}

/**
 * Moves a package's balance by the entry's amount (balanceMove) and appends the entry, or does nothing and answers
 * undefined when the balance would drop below 0. Answers the new balance.
 */
export async function applyEntry(tx: Queryable, entry: LedgerEntry): Promise<number | undefined> {
  if (isPostgres(tx)) {
    // One round trip (a write batch runs its writes one after another).
    const { rows } = await sql<{ balance: number | null }>`with ${ledgerEntryCtes(tx, entry)}
      select (select package_balance_credits from moved) as balance`.execute(tx);
    return rows[0]?.balance ?? undefined;
  }
  const row = await balanceMove(tx, entry).executeTakeFirst();
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
