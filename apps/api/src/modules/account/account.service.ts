// Sign-up and login rules: unique user names that look like no other, a few accounts per e-mail address, no self-made
// admins, argon2id, inactive members refused.
import { MAX_ACCOUNTS_PER_EMAIL, apiMessages, type Registration } from '@dealerleads/shared';
import { dbBool, fromDbBool, type Queryable } from '../../db/database';
import { uniqueViolationMessage } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { badRequest, unauthorized } from '../../plugins/errors';
import {
  accountsWithEmail,
  findUserByName,
  findUserLookingLike,
  insertUser,
} from '../members/members.repository';
import type { PasswordHasher } from '../members/passwords';
import { queueVerificationMail } from '../alerts/email-verification.service';

export async function register(
  db: Queryable,
  passwords: PasswordHasher,
  input: Registration,
): Promise<UserRow> {
  if (await findUserByName(db, input.userName)) throw badRequest(apiMessages.usernameTaken);
  if (await findUserLookingLike(db, input.userName))
    throw badRequest(apiMessages.usernameLookAlike);
  if ((await accountsWithEmail(db, input.email)) >= MAX_ACCOUNTS_PER_EMAIL)
    throw badRequest(apiMessages.tooManyAccountsForEmail);
  const passwordHash = await passwords.hash(input.password);
  let user: UserRow;
  try {
    user = await insertUser(db, {
      user_name: input.userName,
      name: input.Name,
      email: input.email,
      phone: input.phone || null,
      city: input.City,
      pincode: input.pincode || null,
      state: input.state,
      role: input.role,
      password_hash: passwordHash,
      status: dbBool(true),
      created_on: new Date().toISOString(),
    });
  } catch (error) {
    const message = uniqueViolationMessage(error);
    if (message) throw badRequest(message);
    throw error;
  }
  // No alert goes to the address until its owner clicks the link this mail carries.
  await queueVerificationMail(db, user.id, user.email);
  return user;
}

export async function authenticate(
  db: Queryable,
  passwords: PasswordHasher,
  userName: string,
  password: string,
): Promise<UserRow> {
  const user = await findUserByName(db, userName);
  const ok = await passwords.verify(user?.password_hash, password);
  if (!user || !ok) throw unauthorized(apiMessages.invalidCredentials);
  if (!fromDbBool(user.status)) throw unauthorized(apiMessages.inactiveMember);
  return user;
}
