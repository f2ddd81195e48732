// The ledger's invariants, read straight from the database: what every reliability test and the crash run check.
import type { Db } from '../db/database';

export interface LedgerCheckOptions {
  /** Only these members' packages and ledger rows (a test's own dealers); every member when left out. */
  userIds?: number[];
}

/**
 * Everything wrong with the credit ledger, as readable lines (empty when it is sound):
 * - a balance below 0 or above the package's credits, or a negative debit counter;
 * - a package whose balance and debit counter disagree (credits − balance ≠ credits debited);
 * - a package whose debits are not all accounted for by ledger rows (plus the spec's subtract-credit calls
 *   not yet tied to a lead view): the ledger sums to exactly the credits used, no free and no lost credit;
 * - two ledger rows for one (dealer, lead): a dealer never pays twice;
 * - a ledger row drawn on another member's package.
 */
export async function ledgerViolations(
  db: Db,
  options: LedgerCheckOptions = {},
): Promise<string[]> {
  const { userIds } = options;
  if (userIds !== undefined && userIds.length === 0) return [];
  let packagesQuery = db
    .selectFrom('user_packages')
    .select([
      'id',
      'user_id',
      'package_credits',
      'package_balance_credits',
      'credit_debited',
      'unattributed_debits',
    ]);
  let ledgerQuery = db
    .selectFrom('lead_unlocks as l')
    .innerJoin('user_packages as up', 'up.id', 'l.user_package_id')
    .select((eb) => [
      'l.user_package_id',
      eb.fn.sum<number>('l.credit_debited').as('debited'),
      eb.fn.countAll<number>().as('rows'),
    ])
    .groupBy('l.user_package_id');
  let duplicatesQuery = db
    .selectFrom('lead_unlocks')
    .select((eb) => ['user_id', 'lead_id', eb.fn.countAll<number>().as('n')])
    .groupBy(['user_id', 'lead_id'])
    .having((eb) => eb.fn.countAll(), '>', 1);
  let foreignQuery = db
    .selectFrom('lead_unlocks as l')
    .innerJoin('user_packages as up', 'up.id', 'l.user_package_id')
    .select(['l.id', 'l.user_id', 'up.user_id as owner'])
    .whereRef('l.user_id', '<>', 'up.user_id');
  if (userIds !== undefined) {
    packagesQuery = packagesQuery.where('user_id', 'in', userIds);
    ledgerQuery = ledgerQuery.where('up.user_id', 'in', userIds);
    duplicatesQuery = duplicatesQuery.where('user_id', 'in', userIds);
    foreignQuery = foreignQuery.where('l.user_id', 'in', userIds);
  }
  const [packages, ledger, duplicates, foreign] = await Promise.all([
    packagesQuery.execute(),
    ledgerQuery.execute(),
    duplicatesQuery.execute(),
    foreignQuery.execute(),
  ]);

  const problems: string[] = [];
  const spent = new Map(ledger.map((r) => [r.user_package_id, Number(r.debited ?? 0)]));
  for (const p of packages) {
    const name = `user package ${p.id} (member ${p.user_id})`;
    if (p.package_balance_credits < 0)
      problems.push(`${name}: negative balance ${p.package_balance_credits}`);
    if (p.package_balance_credits > p.package_credits)
      problems.push(
        `${name}: balance ${p.package_balance_credits} above its ${p.package_credits} credits`,
      );
    if (p.credit_debited < 0 || p.unattributed_debits < 0)
      problems.push(`${name}: negative debit counter`);
    if (p.package_credits - p.package_balance_credits !== p.credit_debited)
      problems.push(
        `${name}: ${p.package_credits} credits − balance ${p.package_balance_credits} ≠ ${p.credit_debited} debited`,
      );
    const recorded = (spent.get(p.id) ?? 0) + p.unattributed_debits;
    if (recorded !== p.credit_debited)
      problems.push(
        `${name}: ledger rows and subtract-credit calls account for ${recorded} credits, the package says ${p.credit_debited} were used`,
      );
  }
  for (const d of duplicates)
    problems.push(`member ${d.user_id} has ${Number(d.n)} ledger rows for lead ${d.lead_id}`);
  for (const f of foreign)
    problems.push(`ledger row ${f.id} of member ${f.user_id} drew on member ${f.owner}'s package`);
  return problems;
}
