// Kysely code for the packages table and its mapping to the Package shape of the API.
import { sql, type Updateable } from 'kysely';
import type { Package, PackageSearch, PackageType, PackageUnit } from '@dealerleads/shared';
import { dbBool, fromDbBool, type Queryable } from '../../db/database';
import type { NewPackage, PackageRow, PackagesTable } from '../../db/schema';
import { offsetOf } from '../../plugins/pagination';
import { anyColumnContains } from '../../db/text-search';

export function toPackage(row: PackageRow): Package {
  return {
    id: row.id,
    packageName: row.package_name,
    packageCode: row.package_code,
    packageType: row.package_type as PackageType,
    packageCredits: row.package_credits,
    packageUnit: row.package_unit as PackageUnit,
    packageValidity: row.package_validity,
    packagePrice: row.package_price,
    isActive: fromDbBool(row.is_active),
  };
}

export function findPackageById(db: Queryable, id: number): Promise<PackageRow | undefined> {
  return db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another package holding this code, compared as the unique index does: lower(package_code). */
export async function packageCodeTaken(
  db: Queryable,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('packages')
    .select('id')
    .where(sql<string>`lower(package_code)`, '=', code.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function insertPackage(db: Queryable, values: NewPackage): Promise<PackageRow> {
  return db.insertInto('packages').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePackage(
  db: Queryable,
  id: number,
  changes: Updateable<PackagesTable>,
): Promise<PackageRow | undefined> {
  return db
    .updateTable('packages')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A page of packages by id; `searchterm` is a case-insensitive "contains" over name, code and type. */
export async function searchPackages(
  db: Queryable,
  search: PackageSearch,
  options: { includeInactive: boolean },
): Promise<{ rows: PackageRow[]; total: number }> {
  let query = db.selectFrom('packages');
  if (!options.includeInactive) query = query.where('is_active', '=', dbBool(true));
  if (search.searchterm) {
    const text = search.searchterm;
    query = query.where((eb) =>
      anyColumnContains(eb, ['package_name', 'package_code', 'package_type'], text),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'asc')
      .limit(search.pageSize)
      .offset(offsetOf(search.pageNumber, search.pageSize))
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function listActivePackagesForDropdown(db: Queryable) {
  return db
    .selectFrom('packages')
    .select(['id', 'package_name'])
    .where('is_active', '=', dbBool(true))
    .orderBy('id')
    .execute();
}
