// The demo data of design.md §6: an admin, dealers, a price list, user packages and 5,000 leads. Deterministic.
import type { Db, Queryable } from '../database';
import { dbBool } from '../database';
import type { NewPackage } from '../schema';
import { hashPassword } from '../../modules/account/passwords';
import { generateLeads } from './leads';
import { createRandom } from './random';

export const DEMO_SEED = 20261122;
export const DEMO_LEAD_COUNT = 5000;

/** The demo logins, printed at start and listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: { userName: 'admin', password: 'Admin@2026', role: 'Admin' },
  /** Holds "Pro 50" with 50 credits. */
  dealer: { userName: 'dealer', password: 'Dealer@2026', role: 'Dealer' },
  /** A dealer with no package. */
  newDealer: { userName: 'newdealer', password: 'Dealer@2026', role: 'Dealer' },
  /** An inactive member: cannot log in. */
  inactive: { userName: 'inactive', password: 'Dealer@2026', role: 'Dealer' },
} as const;

export const DEMO_PACKAGES: readonly Omit<NewPackage, 'id'>[] = [
  {
    package_name: 'Trial 7 Days',
    package_code: 'TRIAL7',
    package_type: 'LimitedTime',
    package_credits: 5,
    package_unit: 'Days',
    package_validity: 7,
    package_price: 0,
    is_active: 1,
  },
  {
    package_name: 'Starter 10 Leads',
    package_code: 'STARTER10',
    package_type: 'Lead',
    package_credits: 10,
    package_unit: 'Leads',
    package_validity: 30,
    package_price: 999,
    is_active: 1,
  },
  {
    package_name: 'Pro 50 Leads',
    package_code: 'PRO50',
    package_type: 'Lead',
    package_credits: 50,
    package_unit: 'Leads',
    package_validity: 60,
    package_price: 3999,
    is_active: 1,
  },
  {
    package_name: 'Business 200 Leads',
    package_code: 'BIZ200',
    package_type: 'Lead',
    package_credits: 200,
    package_unit: 'Leads',
    package_validity: 90,
    package_price: 12999,
    is_active: 1,
  },
  {
    package_name: 'Unlimited 30 Days',
    package_code: 'UNL30',
    package_type: 'Unlimited',
    package_credits: 30,
    package_unit: 'Days',
    package_validity: 30,
    package_price: 14999,
    is_active: 1,
  },
  {
    package_name: 'Festive 25 Leads (retired)',
    package_code: 'FEST25',
    package_type: 'Lead',
    package_credits: 25,
    package_unit: 'Leads',
    package_validity: 30,
    package_price: 1999,
    is_active: 0,
  },
];

const DAY_MS = 86_400_000;

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

async function insertDemoMembers(db: Queryable, now: number) {
  const adminHash = await hashPassword(DEMO_ACCOUNTS.admin.password);
  const dealerHash = await hashPassword(DEMO_ACCOUNTS.dealer.password);
  const created = new Date(now).toISOString();
  const base = { city: 'New Delhi', state: 'Delhi', created_on: created };
  const rows = await db
    .insertInto('users')
    .values([
      {
        ...base,
        user_name: 'admin',
        user_name_key: 'admin',
        name: 'Aditi Sharma',
        email: 'admin@dealerleads.in',
        phone: '9810000001',
        pincode: '110001',
        role: 'Admin',
        password_hash: adminHash,
        status: 1,
      },
      {
        ...base,
        user_name: 'dealer',
        user_name_key: 'dealer',
        name: 'Rajesh Motors',
        email: 'rajesh@rajeshmotors.in',
        phone: '9810000002',
        pincode: '122001',
        city: 'Gurugram',
        state: 'Haryana',
        role: 'Dealer',
        password_hash: dealerHash,
        status: 1,
      },
      {
        ...base,
        user_name: 'newdealer',
        user_name_key: 'newdealer',
        name: 'Noida Car Bazaar',
        email: 'hello@noidacarbazaar.in',
        phone: '9810000003',
        pincode: '201301',
        city: 'Noida',
        state: 'Uttar Pradesh',
        role: 'Dealer',
        password_hash: dealerHash,
        status: 1,
      },
      {
        ...base,
        user_name: 'inactive',
        user_name_key: 'inactive',
        name: 'Old Wheels Faridabad',
        email: 'contact@oldwheels.in',
        phone: '9810000004',
        pincode: '121001',
        city: 'Faridabad',
        state: 'Haryana',
        role: 'Dealer',
        password_hash: dealerHash,
        status: 0,
      },
    ])
    .returning(['id', 'user_name'])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.user_name, r.id])) as Record<string, number>;
}

export interface SeedSummary {
  summary: string;
}

/** Seeds the demo into an empty database; does nothing (and returns undefined) when members exist. */
export async function seedDemoIfEmpty(db: Db): Promise<SeedSummary | undefined> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return undefined;
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    const members = await insertDemoMembers(tx, now);
    const packages = await tx
      .insertInto('packages')
      .values([...DEMO_PACKAGES])
      .returning(['id', 'package_code'])
      .execute();
    const packageId = (code: string) => packages.find((p) => p.package_code === code)!.id;
    // The demo dealer's live package, and an older one that ended with its 10 credits unused: each balance is
    // the sum of its ledger entries (a grant, and for the old one the expiry that took what was left).
    const pro = await tx
      .insertInto('user_packages')
      .values({
        user_id: members.dealer!,
        package_id: packageId('PRO50'),
        package_type: 'Lead',
        package_credits: 50,
        package_unit: 'Leads',
        package_validity: 60,
        package_balance_credits: 50,
        credit_debited: 0,
        start_date: isoDay(now - 5 * DAY_MS),
        end_date: isoDay(now + 55 * DAY_MS),
        is_active: dbBool(true),
        created_on: new Date(now - 5 * DAY_MS).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const starter = await tx
      .insertInto('user_packages')
      .values({
        user_id: members.dealer!,
        package_id: packageId('STARTER10'),
        package_type: 'Lead',
        package_credits: 10,
        package_unit: 'Leads',
        package_validity: 30,
        package_balance_credits: 0,
        credit_debited: 10,
        start_date: isoDay(now - 90 * DAY_MS),
        end_date: isoDay(now - 60 * DAY_MS),
        is_active: dbBool(false),
        created_on: new Date(now - 90 * DAY_MS).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('credit_ledger')
      .values([
        {
          user_id: members.dealer!,
          user_package_id: starter.id,
          kind: 'grant',
          amount: 10,
          reason: 'Package assigned',
          created_on: new Date(now - 90 * DAY_MS).toISOString(),
        },
        {
          user_id: members.dealer!,
          user_package_id: starter.id,
          kind: 'expiry',
          amount: -10,
          reason: `Package ended on ${isoDay(now - 60 * DAY_MS)}`,
          created_on: new Date(now - 59 * DAY_MS).toISOString(),
        },
        {
          user_id: members.dealer!,
          user_package_id: pro.id,
          kind: 'grant',
          amount: 50,
          reason: 'Package assigned',
          created_on: new Date(now - 5 * DAY_MS).toISOString(),
        },
      ])
      .execute();
    await insertLeads(tx, createRandom(DEMO_SEED), DEMO_LEAD_COUNT, now);
  });
  const a = DEMO_ACCOUNTS;
  return {
    summary:
      `Seeded demo data (${DEMO_LEAD_COUNT} leads). Logins: ` +
      `admin ${a.admin.userName}/${a.admin.password}, dealer with credits ${a.dealer.userName}/${a.dealer.password}, ` +
      `dealer without a package ${a.newDealer.userName}/${a.newDealer.password}, ` +
      `inactive member (login refused) ${a.inactive.userName}/${a.inactive.password}`,
  };
}

export const LEAD_BATCH = 1000;

/** Inserts `count` generated leads ending at `endMs`, a batch per statement. */
export async function insertLeads(
  db: Queryable,
  random: ReturnType<typeof createRandom>,
  count: number,
  endMs: number,
  onBatch?: (inserted: number) => void,
): Promise<void> {
  const stepMs = Math.max(1000, Math.floor((120 * DAY_MS) / Math.max(count, 1)));
  const first = endMs - count * stepMs;
  for (let done = 0; done < count; done += LEAD_BATCH) {
    const size = Math.min(LEAD_BATCH, count - done);
    const batch = generateLeads(random, size, first + done * stepMs, stepMs);
    await db.insertInto('leads').values(batch).execute();
    onBatch?.(done + size);
  }
}
