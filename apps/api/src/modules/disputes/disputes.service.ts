// Disputes and refunds (docs/credits.md "Disputes and refunds"): a dealer reports a problem with an unlock within
// 7 × 24 hours, once; an Admin approves (a `refund` ledger entry) or rejects it, once.
import {
  DEACTIVATING_REASONS,
  DISPUTE_WINDOW_HOURS,
  DISPUTES_TO_DEACTIVATE,
  REFUND_PACKAGE_DAYS,
  REFUND_PACKAGE_NAME,
  disputeMessages,
  type AdminDispute,
  type Dispute,
  type DisputeDecisionResult,
  type DisputeQueueQuery,
  type DisputeReason,
  type DisputeStatus,
} from '@dealerleads/shared';
import { fromDbBool, type Db, type Engine, type Queryable, type Tx } from '../../db/database';
import { pushRefundDecided } from '../push/push.service';
import { runWrite } from '../../db/write-batcher';
import { addDays, todayInIndia } from '../../lib/calendar';
import type { Caller } from '../../plugins/auth';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import { offsetOf } from '../../plugins/pagination';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { appendEntry, applyEntry, expireEnded } from '../credits/credit-ledger';
import { leadTitle } from '../credits/credits.service';
import { setLeadStatus } from '../leads/leads.service';
import { lockMember } from '../members/members.repository';

const conflict = (message: string) => new HttpError(409, message);
const iso = (value: string | Date) => new Date(value).toISOString();
/** The catalogue entry behind every refund package (created on the first refund that needs it, never on sale). */
const REFUND_PACKAGE_CODE = 'REFUND-CREDIT';

function disputeRows(db: Queryable) {
  return db
    .selectFrom('disputes as d')
    .innerJoin('leads as l', 'l.id', 'd.lead_id')
    .innerJoin('lead_unlocks as u', 'u.id', 'd.unlock_id')
    .innerJoin('users as m', 'm.id', 'd.user_id')
    .select([
      'd.id',
      'd.lead_id',
      'd.user_id',
      'd.reason',
      'd.note',
      'd.status',
      'd.admin_note',
      'd.created_on',
      'd.decided_on',
      'd.refund_entry_id',
      'u.created_on as unlocked_on',
      'l.year',
      'l.brand',
      'l.model',
      'l.city',
      'l.status as lead_status',
      'm.user_name',
      'm.name as dealer_name',
    ]);
}
type DisputeRow = Awaited<ReturnType<ReturnType<typeof disputeRows>['execute']>>[number];

function toDispute(r: DisputeRow): Dispute {
  return {
    id: r.id,
    leadId: r.lead_id,
    leadTitle: leadTitle(r) ?? '',
    userId: r.user_id,
    reason: r.reason,
    note: r.note,
    status: r.status,
    adminNote: r.admin_note,
    unlockedOn: iso(r.unlocked_on),
    createdOn: iso(r.created_on),
    decidedOn: r.decided_on === null ? null : iso(r.decided_on),
    refunded: r.refund_entry_id !== null,
  };
}

/** Disputes as the Admin queue shows them: each with the dealer and the lead's other disputes. */
async function toAdminDisputes(db: Queryable, rows: DisputeRow[]): Promise<AdminDispute[]> {
  const leadIds = [...new Set(rows.map((r) => r.lead_id))];
  const siblings =
    leadIds.length === 0
      ? []
      : await db
          .selectFrom('disputes as d')
          .innerJoin('users as m', 'm.id', 'd.user_id')
          .select(['d.id', 'd.lead_id', 'd.reason', 'd.status', 'm.user_name'])
          .where('d.lead_id', 'in', leadIds)
          .orderBy('d.id', 'asc')
          .execute();
  return rows.map((r) => ({
    ...toDispute(r),
    dealerUserName: r.user_name,
    dealerName: r.dealer_name,
    leadCity: r.city,
    leadActive: fromDbBool(r.lead_status),
    otherDisputes: siblings
      .filter((s) => s.lead_id === r.lead_id && s.id !== r.id)
      .map((s) => ({
        id: s.id,
        reason: s.reason,
        status: s.status,
        dealerUserName: s.user_name,
      })),
  }));
}

/**
 * `POST /api/leads/{id}/disputes`: the caller's unlock of the lead, within DISPUTE_WINDOW_HOURS of it (exact hours,
 * not calendar days), not disputed before. Not unlocked → 404, too late → 400, disputed already → 409.
 */
export async function openDispute(
  db: Db,
  engine: Engine,
  caller: Caller,
  leadId: number,
  input: { reason: DisputeReason; note?: string | null | undefined },
  now: Date = new Date(),
): Promise<Dispute> {
  const { reason } = input;
  const note = input.note ?? null;
  const id = await runWrite(db, engine, async (tx) => {
    // The member's lock (PostgreSQL) orders two reports of one unlock; the unique index is the last word.
    await lockMember(tx, engine, caller.id);
    const unlock = await tx
      .selectFrom('lead_unlocks')
      .select(['id', 'created_on'])
      .where('user_id', '=', caller.id)
      .where('lead_id', '=', leadId)
      .executeTakeFirst();
    if (!unlock) throw notFound(disputeMessages.notUnlocked);
    const existing = await tx
      .selectFrom('disputes')
      .select('id')
      .where('unlock_id', '=', unlock.id)
      .executeTakeFirst();
    if (existing) throw conflict(disputeMessages.alreadyDisputed);
    if (now.getTime() - new Date(unlock.created_on).getTime() > DISPUTE_WINDOW_HOURS * 3_600_000)
      throw badRequest(disputeMessages.tooLate);
    const row = await tx
      .insertInto('disputes')
      .values({
        unlock_id: unlock.id,
        user_id: caller.id,
        lead_id: leadId,
        reason,
        note,
        admin_note: null,
        created_on: now.toISOString(),
        decided_on: null,
        decided_by: null,
        refund_entry_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return toDispute(await disputeRows(db).where('d.id', '=', id).executeTakeFirstOrThrow());
}

/** `GET /api/me/disputes`: the caller's disputes, newest first. */
export async function myDisputes(db: Queryable, userId: number): Promise<Dispute[]> {
  const rows = await disputeRows(db)
    .where('d.user_id', '=', userId)
    .orderBy('d.id', 'desc')
    .execute();
  return rows.map(toDispute);
}

/** `GET /api/disputes?status`: the Admin queue, pending first, then newest first. */
export async function disputeQueue(
  db: Queryable,
  query: DisputeQueueQuery,
): Promise<{ items: AdminDispute[]; total: number }> {
  let rows = disputeRows(db);
  let count = db.selectFrom('disputes').select((eb) => eb.fn.countAll<number>().as('n'));
  if (query.status) {
    rows = rows.where('d.status', '=', query.status);
    count = count.where('status', '=', query.status);
  }
  const [page, total] = await Promise.all([
    rows
      .orderBy((eb) => eb.case().when('d.status', '=', 'pending').then(0).else(1).end())
      .orderBy('d.id', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query.pageNumber, query.pageSize))
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items: await toAdminDisputes(db, page), total: Number(total.n) };
}

/** The hidden catalogue package refund packages are assignments of ('Refund credit', never on the price list). */
async function refundCatalogueId(tx: Tx): Promise<number> {
  await tx
    .insertInto('packages')
    .values({
      package_name: REFUND_PACKAGE_NAME,
      package_code: REFUND_PACKAGE_CODE,
      package_type: 'Lead',
      package_credits: 1,
      package_unit: 'Leads',
      package_validity: REFUND_PACKAGE_DAYS,
      package_price: 0,
      is_active: 0,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await tx
    .selectFrom('packages')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['package_code']), '=', REFUND_PACKAGE_CODE.toLowerCase()))
    .executeTakeFirstOrThrow();
  return row.id;
}

type RefundOutcome = DisputeDecisionResult['refund'];

/**
 * Puts the unlock's credit back: on the package it came from while that one is active and has not ended, else on a
 * new one-credit package valid REFUND_PACKAGE_DAYS days. A free (Unlimited) unlock has nothing to refund.
 */
async function refundCredit(
  tx: Tx,
  dispute: { id: number; user_id: number; lead_id: number; unlock_id: number },
  actor: AuditActor,
): Promise<{ refund: RefundOutcome; entryId: number | null }> {
  const unlock = await tx
    .selectFrom('lead_unlocks')
    .select(['user_package_id', 'credit_debited'])
    .where('id', '=', dispute.unlock_id)
    .executeTakeFirstOrThrow();
  if (unlock.credit_debited === 0) return { refund: 'none', entryId: null };
  const today = todayInIndia();
  const pkg = await tx
    .selectFrom('user_packages')
    .select(['id', 'user_id', 'end_date', 'is_active', 'credit_debited'])
    .where('id', '=', unlock.user_package_id)
    .executeTakeFirstOrThrow();
  // An ended package is expired first (its expiry entry, once), as any request that notices it would.
  const expired = await expireEnded(tx, [pkg], today);
  const entry = {
    userId: dispute.user_id,
    kind: 'refund' as const,
    amount: 1,
    leadId: dispute.lead_id,
    disputeId: dispute.id,
    reason: `Dispute ${dispute.id} approved`,
    actorId: actor.id,
  };
  let refund: RefundOutcome;
  if (
    expired.length === 0 &&
    fromDbBool(pkg.is_active) &&
    pkg.end_date >= today &&
    pkg.credit_debited >= 1
  ) {
    await applyEntry(tx, { ...entry, userPackageId: pkg.id });
    refund = 'original';
  } else {
    const created = await tx
      .insertInto('user_packages')
      .values({
        user_id: dispute.user_id,
        package_id: await refundCatalogueId(tx),
        package_type: 'Lead',
        package_credits: 1,
        package_unit: 'Leads',
        package_validity: REFUND_PACKAGE_DAYS,
        package_balance_credits: 1,
        credit_debited: 0,
        start_date: today,
        end_date: addDays(today, REFUND_PACKAGE_DAYS),
        is_active: 1,
        created_on: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The package's one credit is the refund itself: credits 1, balance 1, nothing debited.
    await appendEntry(tx, { ...entry, userPackageId: created.id });
    refund = 'newPackage';
  }
  const written = await tx
    .selectFrom('credit_ledger')
    .select('id')
    .where('kind', '=', 'refund')
    .where('dispute_id', '=', dispute.id)
    .executeTakeFirstOrThrow();
  return { refund, entryId: written.id };
}

/** Two approved 'wrong_number'/'not_owner' disputes take an active lead off the list (the Admin's lead edit). */
async function deactivateIfDisputed(
  tx: Tx,
  leadId: number,
  reason: DisputeReason,
  actor: AuditActor,
): Promise<boolean> {
  if (!DEACTIVATING_REASONS.includes(reason)) return false;
  const [count, lead] = await Promise.all([
    tx
      .selectFrom('disputes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lead_id', '=', leadId)
      .where('status', '=', 'approved')
      .where('reason', 'in', [...DEACTIVATING_REASONS])
      .executeTakeFirstOrThrow(),
    tx.selectFrom('leads').select('status').where('id', '=', leadId).executeTakeFirstOrThrow(),
  ]);
  if (Number(count.n) < DISPUTES_TO_DEACTIVATE || !fromDbBool(lead.status)) return false;
  await setLeadStatus(tx, leadId, false, actor);
  return true;
}

/**
 * `PUT /api/disputes/{id}/approve|reject`: decided once. A conditional `UPDATE … WHERE status = 'pending'` lets one
 * of two concurrent decisions through; the other gets 409 and changes nothing (and the refund's unique index backs
 * it). Approval refunds, may deactivate the lead, and both append their audit entry, in one transaction.
 */
export async function decideDispute(
  db: Db,
  engine: Engine,
  actor: AuditActor,
  id: number,
  decision: 'approved' | 'rejected',
  input: { note?: string | null | undefined },
): Promise<DisputeDecisionResult> {
  const note = input.note ?? null;
  const outcome = await runWrite(db, engine, async (tx) => {
    const before = await tx
      .selectFrom('disputes')
      .select(['id', 'user_id', 'lead_id', 'unlock_id', 'reason', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound(disputeMessages.notFound);
    if (before.status !== 'pending') throw conflict(disputeMessages.alreadyDecided);
    // The dealer's lock (PostgreSQL): a refund and the dealer's own unlocks or expiries do not interleave.
    await lockMember(tx, engine, before.user_id);
    const decided = await tx
      .updateTable('disputes')
      .set({
        status: decision,
        admin_note: note,
        decided_on: new Date().toISOString(),
        decided_by: actor.id,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!decided) throw conflict(disputeMessages.alreadyDecided);
    let refund: RefundOutcome = 'none';
    let leadDeactivated = false;
    if (decision === 'approved') {
      const refunded = await refundCredit(tx, before, actor);
      refund = refunded.refund;
      if (refunded.entryId !== null) {
        await tx
          .updateTable('disputes')
          .set({ refund_entry_id: refunded.entryId })
          .where('id', '=', id)
          .execute();
      }
      leadDeactivated = await deactivateIfDisputed(tx, before.lead_id, before.reason, actor);
    }
    const status: DisputeStatus = decision;
    await recordAudit(tx, actor, {
      action: decision === 'approved' ? 'dispute.approve' : 'dispute.reject',
      targetType: 'dispute',
      targetId: id,
      before: { status: before.status, adminNote: null, refund: null },
      after: { status, adminNote: note, refund: decision === 'approved' ? refund : null },
    });
    await pushRefundDecided(tx, before, decision);
    return { refund, leadDeactivated };
  });
  const [dispute] = await toAdminDisputes(
    db,
    await disputeRows(db).where('d.id', '=', id).execute(),
  );
  const message =
    decision === 'rejected'
      ? disputeMessages.rejected
      : outcome.refund === 'original'
        ? disputeMessages.approvedRefunded
        : outcome.refund === 'newPackage'
          ? disputeMessages.approvedToNewPackage
          : disputeMessages.approvedUnlimited;
  return {
    dispute: dispute!,
    ...outcome,
    message: outcome.leadDeactivated ? `${message} ${disputeMessages.leadDeactivated}` : message,
  };
}
