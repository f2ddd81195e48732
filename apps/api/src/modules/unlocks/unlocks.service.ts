// The atomic unlock of docs/api.md, and the spec's legacy subtract-credit / record-view calls, all ledger-safe.
import {
  apiMessages,
  creditFlowMessages,
  type Lead,
  type UnlockResult,
  type UserPackage,
} from '@dealerleads/shared';
import { sql } from 'kysely';
import type { Db, Engine, Tx } from '../../db/database';
import { fromDbBool } from '../../db/database';
import type { LeadRow } from '../../db/schema';
import { todayInIndia } from '../../lib/calendar';
import { runWrite } from '../../db/write-batcher';
import { runWriteInSet } from '../../db/write-sets';
import { isAdmin, type Caller } from '../../plugins/auth';
import { HttpError, badRequest, forbidden, notFound } from '../../plugins/errors';
import { findLeadById, toLead } from '../leads/leads.repository';
import { lockMember } from '../members/members.repository';
import { findUserPackage, toUserPackage } from '../user-packages/user-packages.repository';
import {
  activePackagesOfMembers,
  chargeUnlock,
  findUnlock,
  insertUnlock,
  leadsByIds,
  lockMembers,
  recordUnlockSet,
  unlockedPairs,
  unlockStateOf,
  type DecidedUnlock,
} from './unlocks.repository';
import { claimDealerPlace } from '../credits/lead-cap';
import { readSettings } from '../settings/settings.service';
import {
  appendEntry,
  applyEntry,
  expireEnded,
  spendRefusal,
  type SpendablePackage,
  type SpendRefusal,
} from '../credits/credit-ledger';

/** A transaction's answer: either a value, or an error to raise after the commit (expiry marks must persist). */
type Outcome<T> = { ok: T } | { error: HttpError };

async function settle<T>(outcome: Promise<Outcome<T>>): Promise<T> {
  const result = await outcome;
  if ('error' in result) throw result.error;
  return result.ok;
}

/** Whether a package has ended (before `today`) but is still marked active: the unlock's read expires it. */
function endedButActive(pkg: SpendablePackage, today: string): boolean {
  return fromDbBool(pkg.is_active) && pkg.end_date < today;
}

/** What the spending rule makes of one unlock: an answer with no charge, a refusal, or the package to draw on. */
type Choice = Outcome<UnlockResult> | { lead: Lead; pkg: SpendablePackage; unlimited: boolean };

/**
 * The spending rule for a member's unlock, from what was read (the member's active packages, soonest ending first;
 * `expired` when some of them ended and were just expired).
 */
function chooseCharge(
  row: LeadRow | undefined,
  unlocked: boolean,
  packages: readonly SpendablePackage[],
  expired: boolean,
  maxDealersPerLead: number,
  today: string,
): Choice {
  if (!row || !fromDbBool(row.status)) return { error: notFound(apiMessages.leadNotFound) };
  const lead: Lead = toLead(row, true, maxDealersPerLead);
  if (unlocked) return { ok: { lead, charged: false, creditsRemaining: null } };
  const inDates = packages.filter((p) => {
    const refusal = spendRefusal(p, today, 'credit');
    return refusal === undefined || refusal === 'noBalance';
  });
  if (inDates.length === 0) {
    return {
      error: badRequest(expired ? creditFlowMessages.expired : creditFlowMessages.noActivePackage),
    };
  }
  // An Unlimited package covers the unlock for free, so it goes before any credit is spent.
  const usable = inDates.filter((p) => spendRefusal(p, today, 'credit') === undefined);
  const unlimited = usable.find((p) => p.package_type === 'Unlimited');
  const pkg = unlimited ?? usable[0];
  if (!pkg) return { error: badRequest(creditFlowMessages.allCreditsUsed) };
  return { lead, pkg, unlimited: unlimited !== undefined };
}

/**
 * Times an unlock reads again after chargeUnlock found its read stale (on PostgreSQL, when the member's lock was
 * waited for): once suffices, as the lock is then held; more only if a package changes without it.
 */
const UNLOCK_READS = 3;

/**
 * A member's unlock on its own: read (unlockStateOf), decide (chooseCharge), charge (chargeUnlock). Throws once it
 * has written and the charge fails: the writes go back with its transaction or savepoint.
 */
async function unlockOne(
  tx: Tx,
  engine: Engine,
  { userId, leadId, ipAddress }: UnlockInput,
): Promise<Outcome<UnlockResult>> {
  const { maxDealersPerLead } = await readSettings(tx);
  for (let read = 1; ; read++) {
    const state = await unlockStateOf(tx, engine, userId, leadId);
    const today = todayInIndia();
    const expired = await expireEnded(tx, state.packages, today);
    const choice = chooseCharge(
      state.lead,
      state.unlocked,
      state.packages,
      expired.length > 0,
      maxDealersPerLead,
      today,
    );
    if (!('pkg' in choice)) return choice;
    const { lead, pkg, unlimited } = choice;
    const charge = await chargeUnlock(tx, engine, { userId, leadId, pkg, unlimited, ipAddress });
    if (charge === 'stale') {
      if (read < UNLOCK_READS) continue;
      throw new Error(`unlock of lead ${leadId}: the member's packages kept changing`);
    }
    if (charge === 'soldOut') return { error: badRequest(creditFlowMessages.soldOut) };
    // Thrown, not returned: the dealer place and the unlock row go back with the rest.
    if (charge === 'noBalance') throw badRequest(creditFlowMessages.allCreditsUsed);
    return {
      ok: {
        lead: { ...lead, unlockCount: charge.unlockCount },
        charged: !unlimited,
        creditsRemaining: charge.balance,
      },
    };
  }
}

interface UnlockInput {
  userId: number;
  leadId: number;
  ipAddress: string;
}

/**
 * PostgreSQL: the unlocks that arrived together, as one set (write-sets.ts): the members locked and everything the
 * unlocks decide on read in 4 statements, the spending rule run for each unlock in turn (each seeing the ones before
 * it), and every place, unlock row, debit and ledger entry written in one statement. Falls back to unlocking one by
 * one, each in a savepoint, when a package has ended (its expiry is written first) or the set's statement finds a
 * lead's places or a package's balance taken meanwhile.
 */
async function unlockSet(tx: Tx, inputs: readonly UnlockInput[]): Promise<Outcome<UnlockResult>[]> {
  if (inputs.length === 1) return [await unlockOne(tx, 'postgres', inputs[0]!)];
  return (await unlockAsSet(tx, inputs)) ?? unlockEachInSavepoint(tx, inputs);
}

/** The set's unlocks decided and written as a set; undefined (nothing written) when they must go one by one. */
async function unlockAsSet(
  tx: Tx,
  inputs: readonly UnlockInput[],
): Promise<Outcome<UnlockResult>[] | undefined> {
  const userIds = [...new Set(inputs.map((input) => input.userId))];
  const leadIds = [...new Set(inputs.map((input) => input.leadId))];
  await lockMembers(tx, userIds);
  const { maxDealersPerLead } = await readSettings(tx);
  const leads = await leadsByIds(tx, leadIds);
  const unlocked = await unlockedPairs(tx, userIds, leadIds);
  const packagesOf = await activePackagesOfMembers(tx, userIds);
  const today = todayInIndia();
  if ([...packagesOf.values()].some((packages) => packages.some((p) => endedButActive(p, today))))
    return undefined;

  // Each unlock sees the ones before it: their balances spent, their places taken, their pairs unlocked.
  const placesTaken = new Map<number, number>();
  const decided: DecidedUnlock[] = [];
  const outcomes: Outcome<UnlockResult>[] = [];
  for (const { userId, leadId, ipAddress } of inputs) {
    const row = leads.get(leadId);
    const taken = placesTaken.get(leadId) ?? 0;
    const choice = chooseCharge(
      row && { ...row, unlock_count: row.unlock_count + taken },
      unlocked.has(`${userId}:${leadId}`),
      packagesOf.get(userId) ?? [],
      false,
      maxDealersPerLead,
      today,
    );
    if (!('pkg' in choice)) {
      outcomes.push(choice);
      continue;
    }
    const { lead, pkg, unlimited } = choice;
    if (lead.unlockCount >= maxDealersPerLead) {
      outcomes.push({ error: badRequest(creditFlowMessages.soldOut) });
      continue;
    }
    placesTaken.set(leadId, taken + 1);
    unlocked.add(`${userId}:${leadId}`);
    if (!unlimited) pkg.package_balance_credits -= 1;
    decided.push({ userId, leadId, userPackageId: pkg.id, credits: unlimited ? 0 : 1, ipAddress });
    outcomes.push({
      ok: {
        lead: { ...lead, unlockCount: lead.unlockCount + 1 },
        charged: !unlimited,
        creditsRemaining: pkg.package_balance_credits,
      },
    });
  }
  if (decided.length === 0) return outcomes;
  await sql`savepoint unlock_set`.execute(tx);
  if (await recordUnlockSet(tx, decided, maxDealersPerLead)) return outcomes;
  await sql`rollback to unlock_set`.execute(tx);
  return undefined;
}

/** The set's unlocks one by one, each in a savepoint, so that one refused after writing undoes only its own writes. */
async function unlockEachInSavepoint(
  tx: Tx,
  inputs: readonly UnlockInput[],
): Promise<Outcome<UnlockResult>[]> {
  const outcomes: Outcome<UnlockResult>[] = [];
  await sql`savepoint unlock_one`.execute(tx);
  for (const input of inputs) {
    try {
      outcomes.push(await unlockOne(tx, 'postgres', input));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // Only this unlock's writes are undone; the savepoint stays for the next one.
      await sql`rollback to unlock_one`.execute(tx);
      outcomes.push({ error });
      continue;
    }
    // One round trip (no parameters: the simple protocol); savepoints are not left nested one inside the other.
    await sql.raw('release unlock_one; savepoint unlock_one').execute(tx);
  }
  return outcomes;
}

/**
 * docs/api.md `POST /api/leads/{id}/unlock`: one credit (none from an Unlimited package) for the lead's contact, never
 * twice for one lead, within the lead's dealer places. Admin sees any lead without a charge. On PostgreSQL the
 * unlocks that arrive together run as a set (unlockSet).
 */
export async function unlockLead(
  db: Db,
  engine: Engine,
  caller: Caller,
  leadId: number,
  ipAddress: string,
): Promise<UnlockResult> {
  if (isAdmin(caller)) {
    return settle(
      runWrite(db, engine, async (tx): Promise<Outcome<UnlockResult>> => {
        const row = await findLeadById(tx, leadId);
        if (!row) return { error: notFound(apiMessages.leadNotFound) };
        const { maxDealersPerLead } = await readSettings(tx);
        return {
          ok: {
            lead: toLead(row, true, maxDealersPerLead),
            charged: false,
            creditsRemaining: null,
          },
        };
      }),
    );
  }
  const input = { userId: caller.id, leadId, ipAddress };
  if (engine === 'postgres') return runWriteInSet(db, engine, unlockSet, input);
  return settle(runWrite(db, engine, (tx) => unlockOne(tx, engine, input)));
}

async function ownPackage(tx: Tx, caller: Caller, userPackageId: number) {
  const pkg = await findUserPackage(tx, userPackageId);
  if (!pkg) return undefined;
  if (pkg.user_id !== caller.id) throw forbidden();
  return pkg;
}

/** The refusal of the spending rule for a package the caller named, expiring it when it has ended. */
async function refusalFor(
  tx: Tx,
  pkg: NonNullable<Awaited<ReturnType<typeof findUserPackage>>>,
  draws: 'credit' | 'subtracted',
): Promise<SpendRefusal | undefined> {
  const today = todayInIndia();
  const refusal = spendRefusal(pkg, today, draws);
  if (refusal === 'expired') await expireEnded(tx, [pkg], today);
  return refusal;
}

/** docs/api.md `PUT userpackage/subtractcredit/{id}`: the caller's own package loses one credit. */
export async function subtractCredit(
  db: Db,
  engine: Engine,
  caller: Caller,
  userPackageId: number,
): Promise<UserPackage> {
  const messages: Record<SpendRefusal, string> = {
    inactive: apiMessages.packageInactiveSubtract,
    expired: apiMessages.packageExpired,
    notStarted: apiMessages.packageNotStarted,
    noBalance: apiMessages.noCreditsToSubtract,
  };
  return settle(
    runWrite(db, engine, async (tx): Promise<Outcome<UserPackage>> => {
      await lockMember(tx, engine, caller.id);
      const pkg = await ownPackage(tx, caller, userPackageId);
      if (!pkg) return { error: notFound(apiMessages.userPackageMapNotFound) };
      const refusal = await refusalFor(tx, pkg, 'credit');
      if (refusal) return { error: badRequest(messages[refusal]) };
      if (pkg.package_type !== 'Unlimited') {
        const balance = await applyEntry(tx, {
          userId: caller.id,
          userPackageId: pkg.id,
          kind: 'unlock',
          amount: -1,
          reason: 'Credit subtracted (spec call)',
          unattributed: true,
        });
        if (balance === undefined) return { error: badRequest(apiMessages.noCreditsToSubtract) };
      }
      return { ok: toUserPackage((await findUserPackage(tx, pkg.id))!) };
    }),
  );
}

/**
 * Gives back a credit the spec's subtract-credit took, for a lead view that cannot be recorded (the lead is gone or
 * sold out), as a `refund` entry without a dispute: no path keeps a credit without an unlock. False when the package
 * holds no subtracted credit (an Unlimited package, or none taken).
 */
async function returnSubtractedCredit(
  tx: Tx,
  userId: number,
  userPackageId: number,
  leadId: number,
  why: string,
): Promise<boolean> {
  const released = await tx
    .updateTable('user_packages')
    .set((eb) => ({ unattributed_debits: eb('unattributed_debits', '-', 1) }))
    .where('id', '=', userPackageId)
    .where('unattributed_debits', '>', 0)
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) === 0) return false;
  const balance = await applyEntry(tx, {
    userId,
    userPackageId,
    kind: 'refund',
    amount: 1,
    leadId,
    reason: `Subtracted credit returned: ${why}`,
  });
  return balance !== undefined;
}

export interface LeadViewRecord {
  userPackageMapId: number;
  leadId: number;
  creditDebited: number;
  ipAddress: string | null;
}

/**
 * docs/api.md `POST userpackagelead/add`: records a lead view against the caller's package. It only opens a
 * contact that was paid for: a credit taken by subtract-credit and not yet used, or an Unlimited package.
 */
export async function recordLeadView(
  db: Db,
  engine: Engine,
  caller: Caller,
  input: { userPackageMapId: number; leadId: number },
  ipAddress: string,
): Promise<LeadViewRecord> {
  return settle(
    runWrite(db, engine, async (tx): Promise<Outcome<LeadViewRecord>> => {
      await lockMember(tx, engine, caller.id);
      const pkg = await ownPackage(tx, caller, input.userPackageMapId);
      if (!pkg) return { error: badRequest(apiMessages.userPackageMapNotFound) };
      const refusal = await refusalFor(tx, pkg, 'subtracted');
      if (refusal === 'inactive') return { error: badRequest(apiMessages.userPackageMapInactive) };
      if (refusal === 'expired') return { error: badRequest(apiMessages.packageExpired) };
      if (refusal === 'notStarted') return { error: badRequest(apiMessages.packageNotStarted) };
      const lead = await findLeadById(tx, input.leadId);
      if (!lead || !fromDbBool(lead.status)) {
        const returned = await returnSubtractedCredit(
          tx,
          caller.id,
          pkg.id,
          input.leadId,
          'lead not found',
        );
        return {
          error: notFound(
            returned ? creditFlowMessages.leadNotFoundCreditReturned : apiMessages.leadNotFound,
          ),
        };
      }
      const existing = await findUnlock(tx, caller.id, input.leadId);
      if (existing) {
        return {
          ok: {
            userPackageMapId: existing.user_package_id,
            leadId: existing.lead_id,
            creditDebited: existing.credit_debited,
            ipAddress: existing.ip_address,
          },
        };
      }
      if (refusal === 'noBalance') return { error: badRequest(apiMessages.spendCreditFirst) };
      if ((await claimDealerPlace(tx, input.leadId)) === undefined) {
        const returned = await returnSubtractedCredit(
          tx,
          caller.id,
          pkg.id,
          input.leadId,
          'the lead was sold out',
        );
        return {
          error: badRequest(
            returned ? creditFlowMessages.soldOutCreditReturned : creditFlowMessages.soldOut,
          ),
        };
      }
      const unlimited = pkg.package_type === 'Unlimited';
      if (unlimited) {
        await appendEntry(tx, {
          userId: caller.id,
          userPackageId: pkg.id,
          kind: 'unlock',
          amount: 0,
          leadId: input.leadId,
        });
      } else {
        // The credit and its ledger entry were taken by subtract-credit; this view uses it up.
        const taken = await tx
          .updateTable('user_packages')
          .set((eb) => ({ unattributed_debits: eb('unattributed_debits', '-', 1) }))
          .where('id', '=', pkg.id)
          .where('unattributed_debits', '>', 0)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) throw badRequest(apiMessages.spendCreditFirst);
      }
      const record = {
        userPackageMapId: pkg.id,
        leadId: input.leadId,
        creditDebited: unlimited ? 0 : 1,
        ipAddress,
      };
      await insertUnlock(tx, {
        user_id: caller.id,
        user_package_id: pkg.id,
        lead_id: input.leadId,
        credit_debited: record.creditDebited,
        ip_address: ipAddress,
        created_on: new Date().toISOString(),
      });
      return { ok: record };
    }),
  );
}
