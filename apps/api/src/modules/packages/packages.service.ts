// Package rules: the price list is public but shows inactive packages to Admins only; codes are unique in any case.
import {
  apiMessages,
  type Package,
  type PackageDropdownItem,
  type PackageInput,
  type PackageSearch,
} from '@dealerleads/shared';
import { dbBool, type Queryable } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { isAdmin, type Caller } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { recordAudit, withoutId, type AuditActor } from '../audit/audit.service';
import {
  findPackageById,
  insertPackage,
  listActivePackagesForDropdown,
  packageCodeTaken,
  searchPackages,
  toPackage,
  updatePackage,
} from './packages.repository';

export async function listPackages(
  db: Queryable,
  caller: Caller | undefined,
  search: PackageSearch,
): Promise<{ packages: Package[]; total: number }> {
  const { rows, total } = await searchPackages(db, search, { includeInactive: isAdmin(caller) });
  return { packages: rows.map(toPackage), total };
}

export async function packageDropdown(db: Queryable): Promise<PackageDropdownItem[]> {
  const rows = await listActivePackagesForDropdown(db);
  return rows.map((row) => ({ id: row.id, packageName: row.package_name }));
}

/** An inactive package does not exist for anyone but an Admin. */
export async function getPackage(
  db: Queryable,
  caller: Caller | undefined,
  id: number,
): Promise<Package> {
  const row = await findPackageById(db, id);
  if (!row) throw notFound(apiMessages.packageNotFound);
  const pkg = toPackage(row);
  if (!pkg.isActive && !isAdmin(caller)) throw notFound(apiMessages.packageNotFound);
  return pkg;
}

function columnsOf(input: PackageInput) {
  return {
    package_name: input.packageName,
    package_code: input.packageCode,
    package_type: input.packageType,
    package_credits: input.packageCredits,
    package_unit: input.packageUnit,
    package_validity: input.packageValidity,
    package_price: input.packagePrice,
  };
}

/** The check gives the clear message; the unique index still decides when two requests race. */
async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(apiMessages.packageCodeTaken);
    throw error;
  }
}

export async function addPackage(
  db: Queryable,
  input: PackageInput,
  actor: AuditActor,
): Promise<Package> {
  if (await packageCodeTaken(db, input.packageCode)) throw badRequest(apiMessages.packageCodeTaken);
  const row = await withUniqueCode(() =>
    insertPackage(db, { ...columnsOf(input), is_active: dbBool(input.isActive ?? true) }),
  );
  const pkg = toPackage(row);
  await recordAudit(db, actor, {
    action: 'package.create',
    targetType: 'package',
    targetId: pkg.id,
    after: withoutId(pkg),
  });
  return pkg;
}

export async function editPackage(
  db: Queryable,
  id: number,
  input: PackageInput,
  actor: AuditActor,
): Promise<Package> {
  const before = await findPackageById(db, id);
  if (!before) throw notFound(apiMessages.packageNotFound);
  if (await packageCodeTaken(db, input.packageCode, id)) {
    throw badRequest(apiMessages.packageCodeTaken);
  }
  const row = await withUniqueCode(() =>
    updatePackage(db, id, {
      ...columnsOf(input),
      ...(input.isActive === undefined ? {} : { is_active: dbBool(input.isActive) }),
    }),
  );
  if (!row) throw notFound(apiMessages.packageNotFound);
  const pkg = toPackage(row);
  await recordAudit(db, actor, {
    action: 'package.update',
    targetType: 'package',
    targetId: id,
    before: withoutId(toPackage(before)),
    after: withoutId(pkg),
  });
  return pkg;
}

/** Deactivating an inactive package is harmless and answers the same (its audit entry then shows no change). */
export async function deactivatePackage(
  db: Queryable,
  id: number,
  actor: AuditActor,
): Promise<Package> {
  const before = await findPackageById(db, id);
  if (!before) throw notFound(apiMessages.packageNotFound);
  const row = await updatePackage(db, id, { is_active: dbBool(false) });
  if (!row) throw notFound(apiMessages.packageNotFound);
  const pkg = toPackage(row);
  await recordAudit(db, actor, {
    action: 'package.deactivate',
    targetType: 'package',
    targetId: id,
    before: withoutId(toPackage(before)),
    after: withoutId(pkg),
  });
  return pkg;
}
