// The demo data: an admin, dealers, a price list, user packages and 5,000 believable leads (docs/catalogue-and-demo-data.md). Deterministic.
import type { Db, Queryable } from '../database';
import { dbBool } from '../database';
import type { NewPackage } from '../schema';
import { hashPassword } from '../../modules/members/passwords';
import { userNameSkeleton } from '../../lib/user-name-skeleton';
import { refreshAllFigures } from '../../modules/price-guide/market-refresh';
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
  // Demo addresses count as verified, so the demo shows alert mails without a verification click.
  const base = {
    city: 'New Delhi',
    state: 'Delhi',
    created_on: created,
    email_verified: dbBool(true),
  };
  const rows = await db
    .insertInto('users')
    .values([
      {
        ...base,
        user_name: 'admin',
        user_name_key: 'admin',
        user_name_skeleton: userNameSkeleton('admin'),
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
        user_name_skeleton: userNameSkeleton('dealer'),
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
        user_name_skeleton: userNameSkeleton('newdealer'),
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
        user_name_skeleton: userNameSkeleton('inactive'),
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

/** The demo's leads were created over the 120 days before its newest lead. */
export const DEMO_LEAD_SPAN_MS = 120 * DAY_MS;

/**
 * Seeds the demo into an empty database; does nothing (and returns undefined) when members exist. The newest demo lead
 * is created at `leadsEndMs` (now by default; the seed tool moves it back to make room for the leads it adds after).
 */
export async function seedDemoIfEmpty(
  db: Db,
  { now = Date.now(), leadsEndMs = now }: { now?: number; leadsEndMs?: number } = {},
): Promise<SeedSummary | undefined> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return undefined;
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
    const stepMs = Math.floor(DEMO_LEAD_SPAN_MS / DEMO_LEAD_COUNT);
    await createLeads(tx, createRandom(DEMO_SEED), DEMO_LEAD_COUNT, {
      firstMs: leadsEndMs - (DEMO_LEAD_COUNT - 1) * stepMs,
      stepMs,
      now: new Date(now),
    });
    // The market guide's figures on every demo lead, as a submission keeps them: the chips and belowMarket show.
    await refreshAllFigures(tx, new Date(now));
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

/** When generated leads are created: the first at `firstMs`, each next one `stepMs` later; `now` dates their cars. */
export interface LeadTimeline {
  firstMs: number;
  stepMs: number;
  now: Date;
}

/** Inserts `count` generated leads along the timeline, a batch per statement. */
export async function createLeads(
  db: Queryable,
  random: ReturnType<typeof createRandom>,
  count: number,
  { firstMs, stepMs, now }: LeadTimeline,
  onBatch?: (inserted: number) => void,
): Promise<void> {
  for (let done = 0; done < count; done += LEAD_BATCH) {
    const size = Math.min(LEAD_BATCH, count - done);
    const batch = generateLeads(random, size, firstMs + done * stepMs, stepMs, now);
    await db.insertInto('leads').values(batch).execute();
    onBatch?.(done + size);
  }
}

/** Leads added to an existing database are created at most this far apart, up to now. */
export const TOP_UP_STEP_MS = 1000;

/**
 * Adds generated leads until the database holds `target` (the seed tool). New leads come after the newest one, spread
 * up to `now` at most TOP_UP_STEP_MS apart, so createdOn keeps rising with id; when there is no room they are 1 ms
 * apart, the last ones up to one ms per lead ahead of the clock. Transactions of `transactionLeads` (50 batches by
 * default: few fsyncs, bounded memory), `betweenTransactions` awaited after each, outside it (a tool's rest holds no
 * lock).
 */
export async function addLeadsUpTo(
  db: Db,
  target: number,
  {
    now,
    onStart,
    onProgress,
    transactionLeads = LEAD_BATCH * 50,
    betweenTransactions,
  }: {
    now: number;
    onStart?: (missing: number) => void;
    onProgress?: (done: number) => void;
    transactionLeads?: number;
    betweenTransactions?: () => Promise<void>;
  },
): Promise<{ before: number; added: number }> {
  const { n, latest } = await db
    .selectFrom('leads')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_on').as('latest')])
    .executeTakeFirstOrThrow();
  const before = Number(n);
  const missing = target - before;
  if (missing <= 0) return { before, added: 0 };
  onStart?.(missing);
  const random = createRandom(before + 1);
  const after = latest ? new Date(latest).getTime() : now - missing * TOP_UP_STEP_MS;
  const stepMs = Math.max(1, Math.min(TOP_UP_STEP_MS, Math.floor((now - after) / (missing + 1))));
  const firstMs = latest ? after + stepMs : after;
  for (let done = 0; done < missing; done += transactionLeads) {
    const size = Math.min(transactionLeads, missing - done);
    await db
      .transaction()
      .execute((tx) =>
        createLeads(
          tx,
          random,
          size,
          { firstMs: firstMs + done * stepMs, stepMs, now: new Date(now) },
          (k) => onProgress?.(done + k),
        ),
      );
    await betweenTransactions?.();
  }
  return { before, added: missing };
}
