// The ledger's invariants, read straight from the database: what every reliability test and the crash run check.
import type { Db } from '../db/database';

export interface LedgerCheckOptions {
  /** Only these members' packages and ledger rows (a test's own dealers); every member when left out. */
  userIds?: number[];
}

/**
 * Everything wrong with the credits, as readable lines (empty when they are sound):
 * - a balance below 0 or above the package's credits, or a negative debit counter;
 * - a package whose balance and debit counter disagree (credits − balance ≠ credits debited);
 * - a package whose balance is not the sum of its `credit_ledger` entries (docs/credits.md);
 * - a package whose paid unlock rows (plus the spec's subtract-credit calls not yet tied to a lead view) are not
 *   exactly the credits its `unlock` entries took, less the subtracted credits returned when their lead view could not
 *   be recorded (refunds without a dispute): no free and no lost credit;
 * - an unlock row without its entry, or an unlock entry naming a lead the member has no unlock row for;
 * - two unlock rows for one (dealer, lead): a dealer never pays twice;
 * - an unlock row or ledger entry drawn on another member's package;
 * - a grant written twice for one order;
 * - a confirmed order without exactly its grant (the order's snapshot credits, on the package the order names, of
 *   the member who ordered), a grant for an order that is not confirmed, or a grant naming no order that exists;
 * - a refund naming a dispute that is not an approved dispute of that member and lead, a refund of another amount
 *   than one credit or naming no lead, two refunds for one dispute, and an approved dispute of a paid unlock without
 *   its refund.
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
  let unlockRowsQuery = db
    .selectFrom('lead_unlocks')
    .select((eb) => [
      'user_package_id',
      eb.fn.sum<number>('credit_debited').as('paid'),
      eb.fn.countAll<number>().as('rows'),
    ])
    .groupBy('user_package_id');
  let entriesQuery = db
    .selectFrom('credit_ledger')
    .select((eb) => [
      'user_package_id',
      eb.fn.sum<number>('amount').as('total'),
      eb.fn
        .sum<number>(eb.case().when('kind', '=', 'unlock').then(eb.ref('amount')).else(0).end())
        .as('unlocked'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('kind', '=', 'refund'), eb('dispute_id', 'is', null)]))
            .then(eb.ref('amount'))
            .else(0)
            .end(),
        )
        .as('returned'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([
                eb('kind', '=', 'unlock'),
                eb('lead_id', 'is not', null),
                eb('amount', '=', 0),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('free'),
    ])
    .groupBy('user_package_id');
  let freeRowsQuery = db
    .selectFrom('lead_unlocks')
    .select((eb) => ['user_package_id', eb.fn.countAll<number>().as('n')])
    .where('credit_debited', '=', 0)
    .groupBy('user_package_id');
  let strayEntriesQuery = db
    .selectFrom('credit_ledger as c')
    .leftJoin('lead_unlocks as l', (join) =>
      join.onRef('l.user_id', '=', 'c.user_id').onRef('l.lead_id', '=', 'c.lead_id'),
    )
    .select(['c.id', 'c.user_id', 'c.lead_id'])
    .where('c.kind', '=', 'unlock')
    .where('c.lead_id', 'is not', null)
    .where('l.id', 'is', null);
  let foreignEntriesQuery = db
    .selectFrom('credit_ledger as c')
    .innerJoin('user_packages as up', 'up.id', 'c.user_package_id')
    .select(['c.id', 'c.user_id', 'up.user_id as owner'])
    .whereRef('c.user_id', '<>', 'up.user_id');
  let twiceGrantedQuery = db
    .selectFrom('credit_ledger')
    .select((eb) => ['order_id', eb.fn.countAll<number>().as('n')])
    .where('kind', '=', 'grant')
    .where('order_id', 'is not', null)
    .groupBy('order_id')
    .having((eb) => eb.fn.countAll(), '>', 1);
  let orderGrantsQuery = db
    .selectFrom('orders as o')
    .leftJoin('credit_ledger as c', (join) =>
      join.onRef('c.order_id', '=', 'o.id').on('c.kind', '=', 'grant'),
    )
    .select([
      'o.id',
      'o.status',
      'o.user_id',
      'o.package_credits',
      'o.user_package_id',
      'c.id as entry',
      'c.amount',
      'c.user_id as entryUser',
      'c.user_package_id as entryPackage',
    ]);
  let orphanGrantsQuery = db
    .selectFrom('credit_ledger as c')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.id', 'c.order_id'])
    .where('c.order_id', 'is not', null)
    .where('o.id', 'is', null);
  let unbackedRefundsQuery = db
    .selectFrom('credit_ledger as c')
    .leftJoin('disputes as d', 'd.id', 'c.dispute_id')
    .select(['c.id', 'c.user_id', 'c.dispute_id'])
    .where('c.kind', '=', 'refund')
    .where((eb) =>
      eb.or([
        eb.and([eb('c.dispute_id', 'is not', null), eb('d.id', 'is', null)]),
        eb('d.status', '<>', 'approved'),
        eb('d.user_id', '<>', eb.ref('c.user_id')),
        eb('d.lead_id', '<>', eb.ref('c.lead_id')),
        eb('c.lead_id', 'is', null),
        eb('c.amount', '<>', 1),
      ]),
    );
  let twiceRefundedQuery = db
    .selectFrom('credit_ledger')
    .select((eb) => ['dispute_id', eb.fn.countAll<number>().as('n')])
    .where('kind', '=', 'refund')
    .where('dispute_id', 'is not', null)
    .groupBy('dispute_id')
    .having((eb) => eb.fn.countAll(), '>', 1);
  let unrefundedQuery = db
    .selectFrom('disputes as d')
    .innerJoin('lead_unlocks as l', 'l.id', 'd.unlock_id')
    .leftJoin('credit_ledger as c', (join) =>
      join.onRef('c.dispute_id', '=', 'd.id').on('c.kind', '=', 'refund'),
    )
    .select(['d.id', 'd.user_id'])
    .where('d.status', '=', 'approved')
    .where('l.credit_debited', '>', 0)
    .where('c.id', 'is', null);
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
    unlockRowsQuery = unlockRowsQuery.where('user_id', 'in', userIds);
    entriesQuery = entriesQuery.where('user_id', 'in', userIds);
    freeRowsQuery = freeRowsQuery.where('user_id', 'in', userIds);
    strayEntriesQuery = strayEntriesQuery.where('c.user_id', 'in', userIds);
    foreignEntriesQuery = foreignEntriesQuery.where('c.user_id', 'in', userIds);
    twiceGrantedQuery = twiceGrantedQuery.where('user_id', 'in', userIds);
    orderGrantsQuery = orderGrantsQuery.where('o.user_id', 'in', userIds);
    orphanGrantsQuery = orphanGrantsQuery.where('c.user_id', 'in', userIds);
    unbackedRefundsQuery = unbackedRefundsQuery.where('c.user_id', 'in', userIds);
    twiceRefundedQuery = twiceRefundedQuery.where('user_id', 'in', userIds);
    unrefundedQuery = unrefundedQuery.where('d.user_id', 'in', userIds);
    duplicatesQuery = duplicatesQuery.where('user_id', 'in', userIds);
    foreignQuery = foreignQuery.where('l.user_id', 'in', userIds);
  }
  const [
    packages,
    unlockRows,
    entries,
    freeRows,
    stray,
    foreignEntries,
    twice,
    orderGrants,
    orphanGrants,
    duplicates,
    foreign,
    unbackedRefunds,
    twiceRefunded,
    unrefunded,
  ] = await Promise.all([
    packagesQuery.execute(),
    unlockRowsQuery.execute(),
    entriesQuery.execute(),
    freeRowsQuery.execute(),
    strayEntriesQuery.execute(),
    foreignEntriesQuery.execute(),
    twiceGrantedQuery.execute(),
    orderGrantsQuery.execute(),
    orphanGrantsQuery.execute(),
    duplicatesQuery.execute(),
    foreignQuery.execute(),
    unbackedRefundsQuery.execute(),
    twiceRefundedQuery.execute(),
    unrefundedQuery.execute(),
  ]);

  const problems: string[] = [];
  const paid = new Map(unlockRows.map((r) => [r.user_package_id, Number(r.paid ?? 0)]));
  const free = new Map(freeRows.map((r) => [r.user_package_id, Number(r.n)]));
  const sums = new Map(entries.map((r) => [r.user_package_id, r]));
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
    const sum = sums.get(p.id);
    const total = Number(sum?.total ?? 0);
    if (total !== p.package_balance_credits)
      problems.push(
        `${name}: its ledger entries sum to ${total}, its balance is ${p.package_balance_credits}`,
      );
    const taken = -Number(sum?.unlocked ?? 0) - Number(sum?.returned ?? 0);
    const recorded = (paid.get(p.id) ?? 0) + p.unattributed_debits;
    if (recorded !== taken)
      problems.push(
        `${name}: unlock rows and subtract-credit calls account for ${recorded} credits, its unlock entries took ${taken}`,
      );
    const freeEntries = Number(sum?.free ?? 0);
    if (freeEntries !== (free.get(p.id) ?? 0))
      problems.push(
        `${name}: ${free.get(p.id) ?? 0} free unlock rows but ${freeEntries} free unlock entries`,
      );
  }
  for (const e of stray)
    problems.push(
      `unlock entry ${e.id} of member ${e.user_id} names lead ${e.lead_id} they never unlocked`,
    );
  for (const f of foreignEntries)
    problems.push(`ledger entry ${f.id} of member ${f.user_id} is on member ${f.owner}'s package`);
  for (const t of twice) problems.push(`order ${t.order_id} was granted ${Number(t.n)} times`);
  for (const o of orderGrants) {
    const name = `order ${o.id} (member ${o.user_id}, ${o.status})`;
    if (o.status !== 'confirmed') {
      if (o.entry !== null) problems.push(`${name}: granted though not confirmed`);
      continue;
    }
    if (o.entry === null) problems.push(`${name}: confirmed without its grant`);
    else if (
      Number(o.amount) !== o.package_credits ||
      o.entryUser !== o.user_id ||
      o.entryPackage !== o.user_package_id
    )
      problems.push(
        `${name}: its grant of ${o.amount} on package ${o.entryPackage} of member ${o.entryUser} is not the order's ${o.package_credits} credits on package ${o.user_package_id}`,
      );
  }
  for (const g of orphanGrants)
    problems.push(`ledger entry ${g.id} names order ${g.order_id}, which does not exist`);
  for (const d of duplicates)
    problems.push(`member ${d.user_id} has ${Number(d.n)} ledger rows for lead ${d.lead_id}`);
  for (const f of foreign)
    problems.push(`ledger row ${f.id} of member ${f.user_id} drew on member ${f.owner}'s package`);
  for (const r of unbackedRefunds)
    problems.push(
      `refund entry ${r.id} of member ${r.user_id} has no approved dispute of theirs for its lead (dispute ${r.dispute_id ?? 'none'})`,
    );
  for (const t of twiceRefunded)
    problems.push(`dispute ${t.dispute_id} was refunded ${Number(t.n)} times`);
  for (const u of unrefunded)
    problems.push(
      `approved dispute ${u.id} of member ${u.user_id} has no refund for its paid unlock`,
    );
  return problems;
}
