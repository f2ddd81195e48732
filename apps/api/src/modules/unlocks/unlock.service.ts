// The atomic unlock of docs/api.md, and the spec's legacy subtract-credit / record-view calls, all ledger-safe.
import {
  apiMessages,
  creditFlowMessages,
  type Lead,
  type UnlockResult,
  type UserPackage,
} from '@dealerleads/shared';
import type { Db, Engine, Tx } from '../../db/database';
import { fromDbBool } from '../../db/database';
import { todayInIndia } from '../../lib/calendar';
import { runWrite } from '../../db/write-batcher';
import { isAdmin, type Caller } from '../../plugins/auth';
import { badRequest, forbidden, notFound, type HttpError } from '../../plugins/errors';
import { findLeadById, toLead } from '../leads/leads.repository';
import { findUserPackage, toUserPackage } from '../user-packages/user-packages.repository';
import {
  claimPlaceRecordingUnlock,
  findLeadLockingMember,
  findUnlock,
  insertUnlock,
  lockMember,
  unlockAndPackagesOf,
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

/** The member's usable packages today under the spending rule; ended ones are expired on the way. */
async function livePackages(tx: Tx, packages: SpendablePackage[]) {
  const today = todayInIndia();
  const expired = await expireEnded(tx, packages, today);
  const inDates = packages.filter((p) => {
    const refusal = spendRefusal(p, today, 'credit');
    return refusal === undefined || refusal === 'noBalance';
  });
  return { expired, inDates, today };
}

export async function unlockLead(
  db: Db,
  engine: Engine,
  caller: Caller,
  leadId: number,
  ipAddress: string,
): Promise<UnlockResult> {
  return settle(
    runWrite(db, engine, async (tx): Promise<Outcome<UnlockResult>> => {
      const admin = isAdmin(caller);
      // A member's unlocks run one at a time: on PostgreSQL their row is locked with the lead's read (lockMember;
      // SQLite has one writer).
      const row =
        !admin && engine === 'postgres'
          ? await findLeadLockingMember(tx, leadId, caller.id)
          : await findLeadById(tx, leadId);
      if (!row || (!fromDbBool(row.status) && !admin))
        return { error: notFound(apiMessages.leadNotFound) };
      const { maxDealersPerLead } = await readSettings(tx);
      const lead: Lead = toLead(row, true, maxDealersPerLead);
      if (admin) return { ok: { lead, charged: false, creditsRemaining: null } };

      const { unlocked, packages } = await unlockAndPackagesOf(tx, caller.id, leadId);
      if (unlocked) return { ok: { lead, charged: false, creditsRemaining: null } };

      const { expired, inDates, today } = await livePackages(tx, packages);
      if (inDates.length === 0) {
        return {
          error: badRequest(
            expired.length > 0 ? creditFlowMessages.expired : creditFlowMessages.noActivePackage,
          ),
        };
      }
      // An Unlimited package covers the unlock for free, so it goes before any credit is spent.
      const usable = inDates.filter((p) => spendRefusal(p, today, 'credit') === undefined);
      const unlimited = usable.find((p) => p.package_type === 'Unlimited');
      const chosen = unlimited ?? usable[0];
      if (!chosen) return { error: badRequest(creditFlowMessages.allCreditsUsed) };
      // The place and the unlock row first: a refusal then costs nothing, and a failed charge below throws, so the
      // place and the row go back with the rest.
      const unlockCount = await claimPlaceRecordingUnlock(tx, engine, {
        user_id: caller.id,
        user_package_id: chosen.id,
        lead_id: leadId,
        credit_debited: unlimited ? 0 : 1,
        ip_address: ipAddress,
        created_on: new Date().toISOString(),
      });
      if (unlockCount === undefined) return { error: badRequest(creditFlowMessages.soldOut) };

      const entry = {
        userId: caller.id,
        userPackageId: chosen.id,
        kind: 'unlock' as const,
        leadId,
      };
      let remaining = chosen.package_balance_credits;
      if (unlimited) {
        // Nothing is spent, but the unlock is on the dealer's history all the same.
        await appendEntry(tx, { ...entry, amount: 0 });
      } else {
        const balance = await applyEntry(tx, { ...entry, amount: -1 });
        // Thrown, not returned: the dealer place and the unlock row above go back with the rest.
        if (balance === undefined) throw badRequest(creditFlowMessages.allCreditsUsed);
        remaining = balance;
      }
      return {
        ok: { lead: { ...lead, unlockCount }, charged: !unlimited, creditsRemaining: remaining },
      };
    }),
  );
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
      if (!lead || !fromDbBool(lead.status)) return { error: notFound(apiMessages.leadNotFound) };
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
      if ((await claimDealerPlace(tx, input.leadId)) === undefined)
        return { error: badRequest(creditFlowMessages.soldOut) };
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
