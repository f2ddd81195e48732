// Member rules: Admins manage everyone; a member reads and edits only their own profile, never their role or status.
import {
  MAX_ACCOUNTS_PER_EMAIL,
  apiMessages,
  sameUserName,
  type Member,
  type MemberDropdownItem,
  type MemberFilter,
  type MemberUpdate,
} from '@dealerleads/shared';
import {
  dbBool,
  fromDbBool,
  type Db,
  type Engine,
  type LongReads,
  type Queryable,
} from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import type { UserUpdate } from '../../db/schema';
import { isAdmin, type Caller } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import type { PasswordHasher } from './passwords';
import { queueVerificationMail } from '../alerts/email-verification.service';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import {
  accountsWithEmail,
  findUserById,
  findUserByName,
  listUsersForDropdown,
  searchUsers,
  toMember,
  updateUser,
} from './members.repository';

export async function listMembers(
  database: LongReads,
  filter: MemberFilter,
): Promise<{ members: Member[]; total: number }> {
  const { rows, total } = await searchUsers(database, filter);
  return { members: rows.map(toMember), total };
}

export async function memberDropdown(db: Queryable): Promise<MemberDropdownItem[]> {
  const rows = await listUsersForDropdown(db);
  return rows.map((row) => ({
    id: row.id,
    userName: row.user_name,
    name: row.name,
    phone: row.phone ?? null,
  }));
}

/** Admin: any member (404 if unknown). Anyone else: only themselves, so another name is 403 whether it exists or not. */
export async function getMember(db: Queryable, caller: Caller, userName: string): Promise<Member> {
  const self = sameUserName(caller.userName, userName);
  if (!isAdmin(caller) && !self) throw forbidden();
  const row = await findUserByName(db, userName);
  if (!row) throw notFound(apiMessages.memberNotFound);
  return toMember(row);
}

/**
 * Admin: every field of the edit form, role and status included. The member themselves: their profile only;
 * sending role or status at all is refused, so a client cannot believe a change went through.
 * An Admin editing their own record may resend their role and status but not change them: that would
 * let the last Admin lock everyone out of member management.
 */
export async function updateMember(
  database: { db: Db; engine: Engine },
  passwords: PasswordHasher,
  caller: Caller,
  id: number,
  input: MemberUpdate,
  actor: AuditActor,
): Promise<Member> {
  const admin = isAdmin(caller);
  const self = caller.id === id;
  if (!admin && !self) throw forbidden();
  if (!admin && (input.role !== undefined || input.status !== undefined)) {
    throw forbidden(apiMessages.ownRoleOrStatus);
  }
  // argon2 takes tens of milliseconds: hash before the write transaction, which other writes may be waiting on.
  const passwordHash = input.password ? await passwords.hash(input.password) : undefined;
  return runWrite(database.db, database.engine, async (db) => {
    const row = await findUserById(db, id);
    if (!row) throw notFound(apiMessages.memberNotFound);
    if (
      self &&
      ((input.role !== undefined && input.role !== row.role) ||
        (input.status !== undefined && input.status !== fromDbBool(row.status)))
    ) {
      throw forbidden(apiMessages.ownRoleOrStatus);
    }

    // userName is never part of the update: memberUpdateSchema drops it.
    const changes: UserUpdate = { name: input.name, city: input.city, email: input.email };
    // '' clears an optional field; leaving it out keeps the stored value.
    if (input.phone !== undefined) changes.phone = input.phone || null;
    if (input.pincode !== undefined) changes.pincode = input.pincode || null;
    if (admin && input.role !== undefined) changes.role = input.role;
    if (admin && input.status !== undefined) changes.status = dbBool(input.status);
    if (passwordHash) changes.password_hash = passwordHash;
    // A new address is unverified until its owner clicks the link mailed to it.
    const emailChanged = input.email.toLowerCase() !== row.email.toLowerCase();
    // The same few-accounts-per-address limit as sign-up, or a change would get round it.
    if (emailChanged && (await accountsWithEmail(db, input.email)) >= MAX_ACCOUNTS_PER_EMAIL)
      throw badRequest(apiMessages.tooManyAccountsForEmail);
    if (emailChanged) changes.email_verified = 0;

    // A new password, a status change (deactivation or reactivation) or a role change ends every session of the
    // member issued before, the caller's own included (docs/hardening.md, "Sessions").
    const endSessions =
      changes.password_hash !== undefined ||
      (changes.status !== undefined && fromDbBool(changes.status) !== fromDbBool(row.status)) ||
      (changes.role !== undefined && changes.role !== row.role);
    const updated = await updateUser(db, id, changes, { endSessions });
    if (!updated) throw notFound(apiMessages.memberNotFound);
    if (emailChanged) await queueVerificationMail(db, id, updated.email);
    // An Admin's edit is audited (a member's edit of their own profile is not an Admin action); the hash is redacted.
    if (admin) {
      await recordAudit(db, actor, {
        action: passwordHash ? 'member.password' : 'member.update',
        targetType: 'member',
        targetId: id,
        before: { ...toMember(row), password_hash: row.password_hash },
        after: { ...toMember(updated), password_hash: updated.password_hash },
      });
    }
    return toMember(updated);
  });
}
