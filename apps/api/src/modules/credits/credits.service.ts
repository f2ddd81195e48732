// A member's credits as they see them (balance, packages, ledger with running balance) and the Admin's adjustment.
import {
  ENDING_SOON_DAYS,
  adjustmentMessages,
  type CreditAdjustment,
  type CreditPackage,
  type CreditsSummary,
  type LedgerEntry,
} from '@dealerleads/shared';
import { findBrand } from '@dealerleads/shared/catalogues';
import { fromDbBool, runLongRead, type Db, type Engine, type LongReads } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { addDays, todayInIndia } from '../../lib/calendar';
import { badRequest } from '../../plugins/errors';
import { offsetOf } from '../../plugins/pagination';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { lockMember } from '../members/members.repository';
import { activePackagesOf, applyEntry, expireEnded } from './credit-ledger';

/** Expires the member's ended packages if any request has not yet: a read that notices an expiry records it. */
async function expireNoticed(db: Db, engine: Engine, userId: number): Promise<void> {
  const today = todayInIndia();
  const active = await activePackagesOf(db, userId);
  if (!active.some((p) => p.end_date < today)) return;
  await runWrite(db, engine, async (tx) => {
    await lockMember(tx, engine, userId);
    await expireEnded(tx, await activePackagesOf(tx, userId), today);
  });
}

export async function creditsSummary(
  db: Db,
  engine: Engine,
  userId: number,
): Promise<CreditsSummary> {
  await expireNoticed(db, engine, userId);
  const today = todayInIndia();
  const soon = addDays(today, ENDING_SOON_DAYS - 1);
  const rows = await db
    .selectFrom('user_packages as up')
    .leftJoin('packages as p', 'p.id', 'up.package_id')
    .select([
      'up.id',
      'p.package_name',
      'up.package_type',
      'up.package_credits',
      'up.package_balance_credits',
      'up.start_date',
      'up.end_date',
    ])
    .where('up.user_id', '=', userId)
    .where('up.is_active', '=', 1)
    .where('up.end_date', '>=', today)
    .orderBy('up.end_date', 'asc')
    .orderBy('up.id', 'asc')
    .execute();
  const packages: CreditPackage[] = rows.map((r) => {
    const live = r.start_date <= today;
    return {
      id: r.id,
      packageName: r.package_name,
      packageType: r.package_type,
      credits: r.package_credits,
      balance: r.package_balance_credits,
      startDate: r.start_date,
      endDate: r.end_date,
      live,
      endingSoon: live && r.end_date <= soon,
    };
  });
  const live = packages.filter((p) => p.live);
  const unlimited = live.filter((p) => p.packageType === 'Unlimited');
  return {
    balance: live
      .filter((p) => p.packageType !== 'Unlimited')
      .reduce((sum, p) => sum + p.balance, 0),
    unlimitedUntil: unlimited.length > 0 ? unlimited.at(-1)!.endDate : null,
    packages,
  };
}

/** 'year brand model' of a lead (such as '2019 Maruti Suzuki Swift'), null when a part is missing. */
export function leadTitle(lead: {
  year: number | null;
  brand: string | null;
  model: string | null;
}): string | null {
  if (lead.year === null || lead.brand === null || lead.model === null) return null;
  return `${lead.year} ${findBrand(lead.brand)?.label ?? lead.brand} ${lead.model}`;
}

/** A member's entries newest first, each with the member's running total after it. */
export async function ledgerPage(
  database: LongReads,
  userId: number,
  paging: { pageNumber: number; pageSize: number },
): Promise<{ entries: LedgerEntry[]; total: number }> {
  const { db } = database;
  const [rows, [count]] = await Promise.all([
    runLongRead(
      database,
      db
        .selectFrom('credit_ledger as c')
        .leftJoin('user_packages as up', 'up.id', 'c.user_package_id')
        .leftJoin('packages as p', 'p.id', 'up.package_id')
        .leftJoin('leads as l', 'l.id', 'c.lead_id')
        .select([
          'c.id',
          'c.kind',
          'c.amount',
          'c.user_package_id',
          'p.package_name',
          'c.lead_id',
          'l.year',
          'l.brand',
          'l.model',
          'c.order_id',
          'c.dispute_id',
          'c.reason',
          'c.created_on',
        ])
        .where('c.user_id', '=', userId)
        .orderBy('c.id', 'desc')
        .limit(paging.pageSize)
        .offset(offsetOf(paging.pageNumber, paging.pageSize)),
    ),
    runLongRead(
      database,
      db
        .selectFrom('credit_ledger')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId),
    ),
  ]);
  let running = 0;
  if (rows.length > 0) {
    const [upTo] = await runLongRead(
      database,
      db
        .selectFrom('credit_ledger')
        .select((eb) => eb.fn.sum<number | null>('amount').as('total'))
        .where('user_id', '=', userId)
        .where('id', '<=', rows[0]!.id),
    );
    running = Number(upTo?.total ?? 0);
  }
  const entries = rows.map((r): LedgerEntry => {
    const entry: LedgerEntry = {
      id: r.id,
      kind: r.kind,
      amount: r.amount,
      balanceAfter: running,
      userPackageId: r.user_package_id,
      packageName: r.package_name,
      leadId: r.lead_id,
      leadTitle: leadTitle(r),
      orderId: r.order_id,
      disputeId: r.dispute_id,
      reason: r.reason,
      createdOn: new Date(r.created_on).toISOString(),
    };
    running -= r.amount;
    return entry;
  });
  return { entries, total: Number(count?.n ?? 0) };
}

/** Admin: moves one of the member's package balances by `amount`, with the reason on the entry and the audit log. */
export async function adjustCredits(
  db: Db,
  engine: Engine,
  actor: AuditActor,
  userId: number,
  input: CreditAdjustment,
): Promise<CreditsSummary> {
  await runWrite(db, engine, async (tx) => {
    await lockMember(tx, engine, userId);
    const pkg = await tx
      .selectFrom('user_packages')
      .select(['id', 'user_id', 'package_balance_credits', 'end_date', 'is_active'])
      .where('id', '=', input.userPackageId)
      .executeTakeFirst();
    if (!pkg || pkg.user_id !== userId) throw badRequest(adjustmentMessages.notTheirs);
    // Credits on an ended or inactive package could never be spent, and would outlive its expiry entry.
    if (!fromDbBool(pkg.is_active) || pkg.end_date < todayInIndia())
      throw badRequest(adjustmentMessages.notRunning);
    const balance = await applyEntry(tx, {
      userId,
      userPackageId: pkg.id,
      kind: 'adjustment',
      amount: input.amount,
      reason: input.reason,
      actorId: actor.id,
    });
    if (balance === undefined)
      throw badRequest(adjustmentMessages.belowZero(pkg.package_balance_credits));
    await recordAudit(tx, actor, {
      action: 'credits.adjust',
      targetType: 'user_package',
      targetId: pkg.id,
      before: { userId, balance: pkg.package_balance_credits, reason: null },
      after: { userId, balance, reason: input.reason },
    });
  });
  return creditsSummary(db, engine, userId);
}
