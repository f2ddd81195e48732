// Dealers and their packages written straight to a database in a few statements, for the reliability tests and scripts.
import { randomBytes } from 'node:crypto';
import { userNameKey } from '@dealerleads/shared';
import type { Db } from '../db/database';
import { addDays, todayInIndia } from '../lib/calendar';
import type { Caller } from '../plugins/auth';
import { userNameSkeleton } from '../lib/user-name-skeleton';

/** What a dealer's user package looks like today: usable with credits, Unlimited, or one an unlock must skip. */
export type PackageKind = 'credits' | 'unlimited' | 'expired' | 'inactive' | 'future';

export interface PackageSpec {
  userId: number;
  kind: PackageKind;
  credits: number;
}

export interface WorldPackage extends PackageSpec {
  id: number;
  packageId: number;
  startDate: string;
}

/** A well-formed argon2id hash no password matches: for members the tests never log in. */
const NO_LOGIN_HASH = '$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtbG9naW4$bm90LWEtbG9naW4';

let counter = 0;
const unique = () => `${(counter += 1)}${randomBytes(3).toString('hex')}`;

export async function addDealers(
  db: Db,
  count: number,
  options: { role?: Caller['role']; passwordHash?: string } = {},
): Promise<Caller[]> {
  const role = options.role ?? 'Dealer';
  const names = Array.from({ length: count }, () => `rel${unique()}`);
  const rows = await db
    .insertInto('users')
    .values(
      names.map((userName) => ({
        user_name: userName,
        user_name_key: userNameKey(userName),
        user_name_skeleton: userNameSkeleton(userName),
        email_verified: 1 as const,
        name: `Reliability ${userName}`,
        email: `${userName}@example.in`,
        city: 'Noida',
        role,
        password_hash: options.passwordHash ?? NO_LOGIN_HASH,
        status: 1 as const,
        created_on: new Date().toISOString(),
      })),
    )
    .returning(['id', 'user_name'])
    .execute();
  return rows.map((r) => ({ id: r.id, userName: r.user_name, role, unlocksRevision: 0 }));
}

function datesOf(kind: PackageKind): { start: string; end: string } {
  const today = todayInIndia();
  if (kind === 'expired') return { start: addDays(today, -40), end: addDays(today, -10) };
  if (kind === 'future') return { start: addDays(today, 5), end: addDays(today, 35) };
  return { start: today, end: addDays(today, 30) };
}

/** One catalogue package per assignment (so an Admin edit re-derives the same credits), then the assignments. */
export async function addUserPackages(db: Db, specs: PackageSpec[]): Promise<WorldPackage[]> {
  if (specs.length === 0) return [];
  const catalogue = await db
    .insertInto('packages')
    .values(
      specs.map((s) => ({
        package_name: `Reliability ${s.kind}`,
        package_code: `R${unique()}`.slice(0, 20),
        package_type: s.kind === 'unlimited' ? 'Unlimited' : 'Lead',
        package_credits: Math.max(s.credits, 1),
        package_unit: s.kind === 'unlimited' ? 'Days' : 'Leads',
        package_validity: 30,
        package_price: 999,
        is_active: 1 as const,
      })),
    )
    .returning('id')
    .execute();
  const rows = await db
    .insertInto('user_packages')
    .values(
      specs.map((s, i) => {
        const { start, end } = datesOf(s.kind);
        return {
          user_id: s.userId,
          package_id: catalogue[i]!.id,
          package_type: s.kind === 'unlimited' ? 'Unlimited' : 'Lead',
          package_credits: s.credits,
          package_unit: s.kind === 'unlimited' ? 'Days' : 'Leads',
          package_validity: 30,
          package_balance_credits: s.credits,
          credit_debited: 0,
          start_date: start,
          end_date: end,
          is_active: s.kind === 'inactive' ? (0 as const) : (1 as const),
          created_on: new Date().toISOString(),
        };
      }),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('credit_ledger')
    .values(
      specs.map((s, i) => ({
        user_id: s.userId,
        user_package_id: rows[i]!.id,
        kind: 'grant' as const,
        amount: s.credits,
        created_on: new Date().toISOString(),
      })),
    )
    .execute();
  return specs.map((s, i) => ({
    ...s,
    id: rows[i]!.id,
    packageId: catalogue[i]!.id,
    startDate: datesOf(s.kind).start,
  }));
}

/** Leads every dealer may unlock (`active`), and one an Admin has hidden. */
export async function addLeads(db: Db, count: number, status: 0 | 1 = 1): Promise<number[]> {
  const rows = await db
    .insertInto('leads')
    .values(
      Array.from({ length: count }, () => ({
        full_name: 'Reliability Owner',
        phone_number: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
        city: 'Noida',
        brand: 'kia',
        model: 'Seltos',
        varient: 'HTK',
        rto: 'UP16',
        year: 2021,
        fuel_type: 'petrol',
        owner_name: 'first',
        transmission: 'manual',
        seats: 5,
        price: 900_000,
        km_driven: 20_000,
        status,
        created_on: new Date().toISOString(),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
