// Assigning packages to members: the server derives credits, unit, validity, end date and balance from the package.
import { apiMessages, userPackageInputSchema, type UserPackage } from '@dealerleads/shared';
import type { z } from 'zod';
import { dbBool, fromDbBool, type Engine, type Queryable, type Tx } from '../../db/database';
import { addDays, todayInIndia } from '../../lib/calendar';
import { badRequest, notFound } from '../../plugins/errors';
import { lockMember } from '../members/members.repository';
import { appendEntry, applyEntry } from '../credits/credit-ledger';
import { recordAudit, withoutId, type AuditActor } from '../audit/audit.service';
import {
  findUserPackage,
  insertUserPackage,
  toUserPackage,
  updateUserPackageRow,
} from './user-packages.repository';

type Input = z.output<typeof userPackageInputSchema>;

const FIRST_DATE = '1900-01-01';
export const datesOutOfRange =
  'The start date must be in 1900 or later and the package must end by 9999-12-31';

/** Both engines keep and compare these dates as YYYY-MM-DD text: year 10000 would sort as already expired. */
function endDateOf(startDate: string, validityDays: number): string | undefined {
  try {
    const end = addDays(startDate, validityDays);
    return /^\d{4}-\d{2}-\d{2}$/.test(end) ? end : undefined;
  } catch {
    return undefined; // beyond what a Date can hold
  }
}

async function derive(db: Queryable, input: Input, currentPackageId?: number) {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', input.userId)
    .executeTakeFirst();
  if (!user) throw badRequest(apiMessages.userNotFound);
  const pkg = await db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', input.packageId)
    .executeTakeFirst();
  if (!pkg) throw badRequest(apiMessages.packageNotFound);
  // An existing assignment may keep a package that was retired since; a new choice must be active.
  if (!fromDbBool(pkg.is_active) && pkg.id !== currentPackageId)
    throw badRequest(apiMessages.packageInactive);
  if (input.creditDebited > pkg.package_credits) throw badRequest(apiMessages.creditDebitedTooHigh);
  const endDate = endDateOf(input.startDate, pkg.package_validity);
  if (input.startDate < FIRST_DATE || endDate === undefined) throw badRequest(datesOutOfRange);
  return {
    user_id: input.userId,
    package_id: input.packageId,
    package_type: pkg.package_type,
    package_credits: pkg.package_credits,
    package_unit: pkg.package_unit,
    package_validity: pkg.package_validity,
    package_balance_credits: pkg.package_credits - input.creditDebited,
    credit_debited: input.creditDebited,
    start_date: input.startDate,
    end_date: endDate,
  };
}

/** Assigns a package: the assignment, its `grant` entry (and the credits already used, if the Admin says so). */
export async function addUserPackage(
  db: Tx,
  input: Input,
  actor: AuditActor,
): Promise<UserPackage> {
  const values = await derive(db, input);
  if (values.end_date < todayInIndia()) throw badRequest(apiMessages.packageAlreadyEnded);
  const id = await insertUserPackage(db, {
    ...values,
    package_balance_credits: values.package_credits,
    credit_debited: 0,
    is_active: dbBool(input.isActive ?? true),
    created_on: new Date().toISOString(),
  });
  const entry = { userId: values.user_id, userPackageId: id, actorId: actor.id };
  await appendEntry(db, {
    ...entry,
    kind: 'grant',
    amount: values.package_credits,
    reason: 'Package assigned',
  });
  if (values.credit_debited > 0) {
    await applyEntry(db, {
      ...entry,
      kind: 'adjustment',
      amount: -values.credit_debited,
      reason: 'Credits already used when assigned',
    });
  }
  const created = toUserPackage((await findUserPackage(db, id))!);
  await recordAudit(db, actor, {
    action: 'assignment.create',
    targetType: 'userPackage',
    targetId: id,
    after: withoutId(created),
  });
  return created;
}

/** Credits the ledger already holds against an assignment: paid lead views, and subtract-credit calls not yet used. */
async function creditsRecorded(db: Queryable, id: number): Promise<number> {
  const views = await db
    .selectFrom('lead_unlocks')
    .select((eb) => eb.fn.sum<number | null>('credit_debited').as('n'))
    .where('user_package_id', '=', id)
    .executeTakeFirst();
  const pkg = await db
    .selectFrom('user_packages')
    .select('unattributed_debits')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(views?.n ?? 0) + pkg.unattributed_debits;
}

export const creditDebitedBelowUsed = (used: number) =>
  `Credits debited cannot be less than the ${used} credits already used. Reload the package and try again.`;

/**
 * The edit form's creditDebited is what the Admin saw; a dealer may have spent credits since. Under the member's
 * lock (the one every unlock takes), it may not drop below what the ledger records, or those leads become free.
 */
export async function updateUserPackage(
  db: Tx,
  engine: Engine,
  id: number,
  input: Input,
  actor: AuditActor,
): Promise<UserPackage> {
  const found = await findUserPackage(db, id);
  if (!found) throw notFound(apiMessages.userPackageMapNotFound);
  await lockMember(db, engine, found.user_id);
  // Read again under the member's lock: an unlock may have committed since.
  const existing = (await findUserPackage(db, id))!;
  const used = await creditsRecorded(db, id);
  if (input.creditDebited < used) throw badRequest(creditDebitedBelowUsed(used));
  if (input.userId !== existing.user_id) throw badRequest(apiMessages.assignmentMemberFixed);
  const values = await derive(db, input, existing.package_id);
  const active = input.isActive ?? fromDbBool(existing.is_active);
  const redated =
    values.start_date !== existing.start_date || values.package_id !== existing.package_id;
  // Saving an ended package Active is refused when it is new to that state (re-dated or re-activated): it would
  // hold credits no rule lets anyone spend, and its expiry would be written a second time.
  const reactivated = !fromDbBool(existing.is_active);
  if (active && (redated || reactivated) && values.end_date < todayInIndia())
    throw badRequest(apiMessages.packageAlreadyEnded);
  // The balance the form derives (credits − debited) is reached through an adjustment entry, never silently.
  const { package_balance_credits: balance, credit_debited: debited, ...rest } = values;
  await updateUserPackageRow(db, id, {
    ...rest,
    ...(input.isActive === undefined ? {} : { is_active: dbBool(input.isActive) }),
  });
  const change = balance - existing.package_balance_credits;
  // An ended package's credits went with its expiry entry; an edit read before it must not bring them back.
  if (change !== 0 && existing.end_date < todayInIndia())
    throw badRequest(apiMessages.endedPackageCredits);
  if (change !== 0) {
    await db
      .updateTable('user_packages')
      .set({ package_balance_credits: balance, credit_debited: debited })
      .where('id', '=', id)
      .execute();
    await appendEntry(db, {
      userId: existing.user_id,
      userPackageId: id,
      kind: 'adjustment',
      amount: change,
      reason: 'Assignment edited by Admin',
      actorId: actor.id,
    });
  } else if (debited !== existing.credit_debited) {
    await db
      .updateTable('user_packages')
      .set({ credit_debited: debited })
      .where('id', '=', id)
      .execute();
  }
  const updated = toUserPackage((await findUserPackage(db, id))!);
  await recordAudit(db, actor, {
    action: 'assignment.update',
    targetType: 'userPackage',
    targetId: id,
    before: withoutId(toUserPackage(existing)),
    after: withoutId(updated),
  });
  return updated;
}
