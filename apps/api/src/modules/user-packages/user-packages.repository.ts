// Kysely code for user packages (a package assigned to a member) and their API shape.
import type { PackageUnit, UserPackage } from '@dealerleads/shared';
import { fromDbBool, runLongRead, type LongReads, type Queryable } from '../../db/database';
import type { NewUserPackage, UserPackageRow } from '../../db/schema';
import { offsetOf } from '../../plugins/pagination';
import { anyColumnContains } from '../../db/text-search';

export type UserPackageWithNames = UserPackageRow & {
  user_name: string | null;
  package_name: string | null;
};

export function toUserPackage(row: UserPackageWithNames): UserPackage {
  return {
    id: row.id,
    userId: row.user_id,
    userName: row.user_name,
    packageId: row.package_id,
    packageName: row.package_name,
    packageType: row.package_type,
    packageCredits: row.package_credits,
    packageUnit: row.package_unit as PackageUnit,
    packageValidity: row.package_validity,
    packageBalanceCredits: row.package_balance_credits,
    creditDebited: row.credit_debited,
    startDate: row.start_date,
    endDate: row.end_date,
    isActive: fromDbBool(row.is_active),
  };
}

function withNames(db: Queryable) {
  return db
    .selectFrom('user_packages as up')
    .leftJoin('users as u', 'u.id', 'up.user_id')
    .leftJoin('packages as p', 'p.id', 'up.package_id')
    .selectAll('up')
    .select(['u.user_name as user_name', 'p.package_name as package_name']);
}

export function findUserPackage(
  db: Queryable,
  id: number,
): Promise<UserPackageWithNames | undefined> {
  return withNames(db).where('up.id', '=', id).executeTakeFirst();
}

/** A page of assignments and their count: Admin's search scans them all (long reads, see runLongRead). */
export async function listUserPackages(
  database: LongReads,
  options: {
    pageNumber: number;
    pageSize: number;
    searchterm?: string | undefined;
    userId?: number;
  },
): Promise<{ rows: UserPackageWithNames[]; total: number }> {
  let query = withNames(database.db);
  let count = database.db
    .selectFrom('user_packages as up')
    .leftJoin('users as u', 'u.id', 'up.user_id')
    .leftJoin('packages as p', 'p.id', 'up.package_id');
  if (options.userId !== undefined) {
    query = query.where('up.user_id', '=', options.userId);
    count = count.where('up.user_id', '=', options.userId);
  }
  if (options.searchterm) {
    const text = options.searchterm;
    const columns = ['u.user_name', 'u.name', 'p.package_name'];
    query = query.where((eb) => anyColumnContains(eb, columns, text));
    count = count.where((eb) => anyColumnContains(eb, columns, text));
  }
  const [rows, [total]] = await Promise.all([
    runLongRead(
      database,
      query
        .orderBy('up.id', 'desc')
        .limit(options.pageSize)
        .offset(offsetOf(options.pageNumber, options.pageSize)),
    ),
    runLongRead(
      database,
      count.select((eb) => eb.fn.countAll<number>().as('n')),
    ),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function insertUserPackage(db: Queryable, values: NewUserPackage): Promise<number> {
  const row = await db
    .insertInto('user_packages')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserPackageRow(
  db: Queryable,
  id: number,
  values: Partial<NewUserPackage>,
): Promise<boolean> {
  const result = await db
    .updateTable('user_packages')
    .set(values)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
