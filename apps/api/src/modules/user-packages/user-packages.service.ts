// Assigning packages to members: the server derives credits, unit, validity, end date and balance from the package.
import { apiMessages, userPackageInputSchema, type UserPackage } from '@dealerleads/shared';
import type { z } from 'zod';
import { dbBool, fromDbBool, type Engine, type Queryable, type Tx } from '../../db/database';
import { addDays } from '../../lib/calendar';
import { badRequest, notFound } from '../../plugins/errors';
import { recordAudit, withoutId, type AuditActor } from '../audit/audit.service';
import { lockMember } from '../unlocks/unlocks.repository';
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
    package_credits: pkg.package_credits,
    package_unit: pkg.package_unit,
    package_validity: pkg.package_validity,
    package_balance_credits: pkg.package_credits - input.creditDebited,
    credit_debited: input.creditDebited,
    start_date: input.startDate,
    end_date: endDate,
  };
}

export async function addUserPackage(
  db: Queryable,
  input: Input,
  actor: AuditActor,
): Promise<UserPackage> {
  const values = await derive(db, input);
  const id = await insertUserPackage(db, {
    ...values,
    is_active: dbBool(input.isActive ?? true),
    created_on: new Date().toISOString(),
  });
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
  const existing = await findUserPackage(db, id);
  if (!existing) throw notFound(apiMessages.userPackageMapNotFound);
  await lockMember(db, engine, existing.user_id);
  const used = await creditsRecorded(db, id);
  if (input.creditDebited < used) throw badRequest(creditDebitedBelowUsed(used));
  const values = await derive(db, input, existing.package_id);
  await updateUserPackageRow(db, id, {
    ...values,
    ...(input.isActive === undefined ? {} : { is_active: dbBool(input.isActive) }),
  });
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
