// Sign-up and login rules: unique user names, no self-made admins, argon2id, inactive members refused.
import { apiMessages, type Registration } from '@dealerleads/shared';
import { dbBool, fromDbBool, type Queryable } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { badRequest, unauthorized } from '../../plugins/errors';
import { findUserByName, insertUser } from '../members/members.repository';
import type { PasswordHasher } from '../members/passwords';

export async function register(
  db: Queryable,
  passwords: PasswordHasher,
  input: Registration,
): Promise<UserRow> {
  if (await findUserByName(db, input.userName)) throw badRequest(apiMessages.usernameTaken);
  const passwordHash = await passwords.hash(input.password);
  try {
    return await insertUser(db, {
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
    if (isUniqueViolation(error)) throw badRequest(apiMessages.usernameTaken);
    throw error;
  }
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
