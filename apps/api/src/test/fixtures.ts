// Test data written straight to the database: leads with chosen fields, packages and assignments.
import type { NewLead } from '../db/schema';
import { todayInIndia, addDays } from '../lib/calendar';
import type { TestAppFixture } from './test-app';

let phoneCounter = 0;

export function makeLead(overrides: Partial<NewLead> = {}): NewLead {
  phoneCounter += 1;
  return {
    full_name: 'Amit Verma',
    phone_number: `98${String(10_000_000 + phoneCounter * 7919).slice(-8)}`,
    city: 'Gurugram',
    brand: 'maruti_suzuki',
    model: 'Swift',
    varient: 'VXi',
    rto: 'HR',
    year: 2019,
    fuel_type: 'petrol',
    owner_name: 'first',
    transmission: 'manual',
    seats: 5,
    price: 550_000,
    km_driven: 42_000,
    status: 1,
    created_on: new Date().toISOString(),
    // Stated, so rows of one insert that differ here still each get a value (SQLite has no DEFAULT in a list).
    phone_verified: 0,
    verified_on: null,
    ...overrides,
  };
}

export async function createLeads(
  ctx: TestAppFixture,
  leads: Partial<NewLead>[],
): Promise<{ id: number; phone: string }[]> {
  const rows = await ctx.database.db
    .insertInto('leads')
    .values(leads.map((l) => makeLead(l)))
    .returning(['id', 'phone_number'])
    .execute();
  return rows.map((r) => ({ id: r.id, phone: r.phone_number }));
}

let packageCounter = 0;

export async function createPackage(
  ctx: TestAppFixture,
  options: {
    type?: 'Lead' | 'LimitedTime' | 'Unlimited';
    credits?: number;
    validity?: number;
    active?: boolean;
  } = {},
): Promise<number> {
  packageCounter += 1;
  const row = await ctx.database.db
    .insertInto('packages')
    .values({
      package_name: `Package ${packageCounter}`,
      package_code: `P${packageCounter}${Math.random().toString(36).slice(2, 6)}`,
      package_type: options.type ?? 'Lead',
      package_credits: options.credits ?? 10,
      package_unit: options.type === 'Unlimited' ? 'Days' : 'Leads',
      package_validity: options.validity ?? 30,
      package_price: 999,
      is_active: options.active === false ? 0 : 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives a member a package with `credits` left, valid from `startOffsetDays` for `validity` days. */
export async function createUserPackage(
  ctx: TestAppFixture,
  userId: number,
  options: {
    credits?: number;
    type?: 'Lead' | 'LimitedTime' | 'Unlimited';
    startOffsetDays?: number;
    validity?: number;
    active?: boolean;
  } = {},
): Promise<number> {
  const credits = options.credits ?? 10;
  const validity = options.validity ?? 30;
  const packageId = await createPackage(ctx, {
    type: options.type ?? 'Lead',
    credits: Math.max(credits, 1),
    validity,
  });
  const start = addDays(todayInIndia(), options.startOffsetDays ?? 0);
  const row = await ctx.database.db
    .insertInto('user_packages')
    .values({
      user_id: userId,
      package_id: packageId,
      package_type: options.type ?? 'Lead',
      package_credits: credits,
      package_unit: options.type === 'Unlimited' ? 'Days' : 'Leads',
      package_validity: validity,
      package_balance_credits: credits,
      credit_debited: 0,
      start_date: start,
      end_date: addDays(start, validity),
      is_active: options.active === false ? 0 : 1,
      created_on: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createGrantEntry(ctx, userId, row.id, credits);
  return row.id;
}

/** The `grant` ledger entry an assignment written straight to the database needs (docs/credits.md). */
export async function createGrantEntry(
  ctx: TestAppFixture,
  userId: number,
  userPackageId: number,
  credits: number,
): Promise<void> {
  await ctx.database.db
    .insertInto('credit_ledger')
    .values({
      user_id: userId,
      user_package_id: userPackageId,
      kind: 'grant',
      amount: credits,
      created_on: new Date().toISOString(),
    })
    .execute();
}

export async function balanceOf(ctx: TestAppFixture, userPackageId: number) {
  return ctx.database.db
    .selectFrom('user_packages')
    .select(['package_balance_credits as balance', 'credit_debited', 'is_active'])
    .where('id', '=', userPackageId)
    .executeTakeFirstOrThrow();
}

export async function ledgerOf(ctx: TestAppFixture, userId: number) {
  return ctx.database.db
    .selectFrom('lead_unlocks')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
}

/** An unlock written past the API (a tool, another system): a ledger row on the member's package, nothing else. */
export async function recordUnlockOutsideApi(
  ctx: TestAppFixture,
  userId: number,
  leadId: number,
): Promise<void> {
  const { db } = ctx.database;
  const { id: userPackageId } = await db
    .selectFrom('user_packages')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('lead_unlocks')
    .values({
      user_id: userId,
      user_package_id: userPackageId,
      lead_id: leadId,
      credit_debited: 1,
      ip_address: null,
      created_on: new Date().toISOString(),
    })
    .execute();
}
