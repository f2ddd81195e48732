// Kysely code for the users table and its mapping to the Member shape of the API.
import { sql } from 'kysely';
import { anyColumnContains } from '../../db/text-search';
import { userNameKey, type Member, type MemberFilter, type Role } from '@dealerleads/shared';
import {
  fromDbBool,
  runLongRead,
  type Engine,
  type LongReads,
  type Queryable,
  type Tx,
} from '../../db/database';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema';
import { userNameSkeleton } from '../../lib/user-name-skeleton';
import { offsetOf } from '../../plugins/pagination';

export function toMember(row: UserRow): Member {
  return {
    id: row.id,
    userName: row.user_name,
    name: row.name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    pincode: row.pincode,
    state: row.state,
    role: row.role as Role,
    status: fromDbBool(row.status),
    emailVerified: fromDbBool(row.email_verified),
    createdOn: row.created_on,
    language: row.language === 'en' || row.language === 'hi' ? row.language : null,
  };
}

/** The member of that name in its normal form (userNameKey): 'Ömer' and 'ömer' are one name on both engines. */
export function findUserByName(db: Queryable, userName: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('user_name_key', '=', userNameKey(userName))
    .executeTakeFirst();
}

export function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The member whose name looks like this one (the same confusable skeleton), if any. */
export function findUserLookingLike(
  db: Queryable,
  userName: string,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('users')
    .select('id')
    .where('user_name_skeleton', '=', userNameSkeleton(userName))
    .executeTakeFirst();
}

/** How many accounts give this e-mail address (compared without case). */
export async function accountsWithEmail(db: Queryable, email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(
  db: Queryable,
  user: Omit<NewUser, 'user_name_key' | 'user_name_skeleton'>,
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      ...user,
      user_name_key: userNameKey(user.user_name),
      user_name_skeleton: userNameSkeleton(user.user_name),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `endSessions`: bump the member's token version, so every token issued before stops working. */
export async function updateUser(
  db: Queryable,
  id: number,
  changes: UserUpdate,
  options: { endSessions?: boolean } = {},
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set(changes)
    .$if(options.endSessions === true, (q) =>
      q.set((eb) => ({ token_version: eb('token_version', '+', 1) })),
    )
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Admin's member list: a search scans every member (long reads, see runLongRead). */
export async function searchUsers(
  database: LongReads,
  filter: MemberFilter,
): Promise<{ rows: UserRow[]; total: number }> {
  let query = database.db.selectFrom('users');
  if (filter.status !== undefined) query = query.where('status', '=', filter.status ? 1 : 0);
  if (filter.city) query = query.where(sql<string>`lower(city)`, '=', filter.city.toLowerCase());
  if (filter.searchterm) {
    const text = filter.searchterm;
    query = query.where((eb) =>
      anyColumnContains(eb, ['name', 'user_name', 'email', 'phone', 'city'], text),
    );
  }
  const [rows, [count]] = await Promise.all([
    runLongRead(
      database,
      query
        .selectAll()
        .orderBy('id', 'asc')
        .limit(filter.pageSize)
        .offset(offsetOf(filter.pageNumber, filter.pageSize)),
    ),
    runLongRead(
      database,
      query.select((eb) => eb.fn.countAll<number>().as('n')),
    ),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every member by user name; by the normal form so both engines give the same order whatever the collation. */
export function listUsersForDropdown(db: Queryable) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'name', 'phone'])
    .orderBy('user_name_key')
    .orderBy('id')
    .execute();
}

/**
 * Serialises one member's unlocks: on PostgreSQL the member's row is locked until the transaction ends;
 * SQLite transactions already start with BEGIN IMMEDIATE, which holds the single writer lock.
 */
export async function lockMember(tx: Tx, engine: Engine, userId: number): Promise<void> {
  if (engine === 'postgres') {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
}
