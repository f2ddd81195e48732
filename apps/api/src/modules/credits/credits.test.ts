// Credits on each engine: the one spending rule, the type snapshot, assignments ending in the past, the ledger's
// entries, balance, history and expiry, the Admin's adjustment, and the migration of earlier data into the ledger.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ENDING_SOON_DAYS,
  adjustmentMessages,
  apiMessages,
  creditFlowMessages,
  type CreditsSummary,
  type LedgerEntry,
  type Pagination,
  type UserPackage,
} from '@dealerleads/shared';
import {
  bearer,
  createMember,
  createTestDatabase,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { balanceOf, createPackage, createUserPackage, createLeads } from '../../test/fixtures';
import { addDays, todayInIndia } from '../../lib/calendar';
import { ledgerViolations } from '../../reliability/ledger-check';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import type { NewUser } from '../../db/schema';
import { seedDemoIfEmpty } from '../../db/seed/demo';
import { runWrite } from '../../db/write-batcher';
import { applyEntry } from './credit-ledger';

describe.each(testEngines())('credits on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin } = useMembers(ctx, { admin: { role: 'Admin' } });
  let leads: { id: number; phone: string }[];

  beforeAll(async () => {
    leads = await createLeads(
      ctx,
      Array.from({ length: 20 }, () => ({})),
    );
  });

  const unlock = (who: TestMember, leadId: number) =>
    ctx.app.inject({ method: 'POST', url: `/api/leads/${leadId}/unlock`, headers: bearer(who) });
  const subtract = (who: TestMember, userPackageId: number) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/userpackage/subtractcredit/${userPackageId}`,
      headers: bearer(who),
    });
  const view = (who: TestMember, userPackageId: number, leadId: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/userpackagelead/add',
      headers: bearer(who),
      payload: { userPackageMapId: userPackageId, leadId, creditDebited: 1 },
    });
  const entriesOf = (userId: number) =>
    ctx.database.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const unlockRows = (userId: number) =>
    ctx.database.db.selectFrom('lead_unlocks').selectAll().where('user_id', '=', userId).execute();
  const auditOf = (action: string) =>
    ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
  /** Moves a package's dates as the calendar would: `days` later, it ends `days` earlier relative to today. */
  const shiftDates = (userPackageId: number, start: string, end: string) =>
    ctx.database.db
      .updateTable('user_packages')
      .set({ start_date: start, end_date: end })
      .where('id', '=', userPackageId)
      .execute();

  describe('one spending rule for every path', () => {
    it('refuses to spend or record a credit on a package that has not started', async () => {
      const dealer = await createMember(ctx);
      const up = await createUserPackage(ctx, dealer.id, { credits: 5, startOffsetDays: 2 });
      const res = await subtract(dealer, up);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: apiMessages.packageNotStarted });
      const viewed = await view(dealer, up, leads[0]!.id);
      expect(viewed.json()).toMatchObject({ status: 400, message: apiMessages.packageNotStarted });
      const unlocked = await unlock(dealer, leads[0]!.id);
      expect(unlocked.json()).toMatchObject({ status: 400, message: creditFlowMessages.noActivePackage });
      expect(await balanceOf(ctx, up)).toMatchObject({ balance: 5, credit_debited: 0 });
      expect(await unlockRows(dealer.id)).toEqual([]);
      expect(await ledgerViolations(ctx.database.db, { userIds: [dealer.id] })).toEqual([]);
    });

    it('does not let a credit subtracted on the last day be spent after the package ended', async () => {
      const dealer = await createMember(ctx);
      const today = todayInIndia();
      const up = await createUserPackage(ctx, dealer.id, { credits: 5, startOffsetDays: -29 });
      await shiftDates(up, addDays(today, -29), today);
      expect((await subtract(dealer, up)).statusCode).toBe(200);
      // The next day: the package has ended.
      await shiftDates(up, addDays(today, -30), addDays(today, -1));
      const res = await view(dealer, up, leads[1]!.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: apiMessages.packageExpired });
      expect(await unlockRows(dealer.id)).toEqual([]);
      // The package expired on the way: what it had left went with an expiry entry, written once.
      expect(await balanceOf(ctx, up)).toMatchObject({ balance: 0, credit_debited: 5 });
      expect((await view(dealer, up, leads[1]!.id)).json()).toMatchObject({
        status: 400,
        message: apiMessages.userPackageMapInactive,
      });
      const expiries = (await entriesOf(dealer.id)).filter((e) => e.kind === 'expiry');
      expect(expiries.map((e) => e.amount)).toEqual([-4]);
      expect(await ledgerViolations(ctx.database.db, { userIds: [dealer.id] })).toEqual([]);
    });

    it('still lets a subtracted credit open a lead while the package runs', async () => {
      const dealer = await createMember(ctx);
      const up = await createUserPackage(ctx, dealer.id, { credits: 2 });
      expect((await subtract(dealer, up)).json()).toMatchObject({ packageBalanceCredits: 1 });
      expect((await view(dealer, up, leads[2]!.id)).statusCode).toBe(200);
      expect((await view(dealer, up, leads[3]!.id)).json()).toMatchObject({
        status: 400,
        message: apiMessages.spendCreditFirst,
      });
      expect(await ledgerViolations(ctx.database.db, { userIds: [dealer.id] })).toEqual([]);
    });
  });

  it('keeps the type an assignment was made with when the price list changes it to Unlimited', async () => {
    const dealer = await createMember(ctx);
    const packageId = await createPackage(ctx, { credits: 1, validity: 30 });
    const assigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/userpackage/add',
      headers: bearer(admin),
      payload: { userId: dealer.id, packageId, startDate: todayInIndia() },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(json<UserPackage>(assigned).packageType).toBe('Lead');
    expect((await unlock(dealer, leads[4]!.id)).statusCode).toBe(200);
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/packages/update/${packageId}`,
      headers: bearer(admin),
      payload: {
        packageName: 'Now unlimited',
        packageCode: `U${packageId}`,
        packageType: 'Unlimited',
        packageCredits: 1,
        packageUnit: 'Days',
        packageValidity: 30,
        packagePrice: 999,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const refused = await unlock(dealer, leads[5]!.id);
    expect(refused.json()).toMatchObject({ status: 400, message: creditFlowMessages.allCreditsUsed });
    const mine = await ctx.app.inject({
      url: `/api/userpackage/${json<UserPackage>(assigned).id}`,
      headers: bearer(dealer),
    });
    expect(json<UserPackage>(mine).packageType).toBe('Lead');
  });

  it('refuses to assign a package that would already have ended, saving nothing', async () => {
    const dealer = await createMember(ctx);
    const packageId = await createPackage(ctx, { credits: 10, validity: 30 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/userpackage/add',
      headers: bearer(admin),
      payload: { userId: dealer.id, packageId, startDate: addDays(todayInIndia(), -31) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: apiMessages.packageAlreadyEnded });
    const rows = await ctx.database.db
      .selectFrom('user_packages')
      .select('id')
      .where('user_id', '=', dealer.id)
      .execute();
    expect(rows).toEqual([]);
    expect(await entriesOf(dealer.id)).toEqual([]);
    // Ending today is still allowed.
    const lastDay = await ctx.app.inject({
      method: 'POST',
      url: '/api/userpackage/add',
      headers: bearer(admin),
      payload: { userId: dealer.id, packageId, startDate: addDays(todayInIndia(), -30) },
    });
    expect(lastDay.statusCode).toBe(201);
  });

  describe('the ledger', () => {
    it('writes a grant with each assignment and an entry with each unlock, one audit entry per Admin action', async () => {
      const dealer = await createMember(ctx);
      const packageId = await createPackage(ctx, { credits: 10, validity: 30 });
      const before = (await auditOf('assignment.create')).length;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/userpackage/add',
        headers: bearer(admin),
        payload: { userId: dealer.id, packageId, startDate: todayInIndia(), creditDebited: 3 },
      });
      const up = json<UserPackage>(res);
      expect(up).toMatchObject({ packageBalanceCredits: 7, creditDebited: 3 });
      expect((await auditOf('assignment.create')).length).toBe(before + 1);
      await unlock(dealer, leads[6]!.id);
      await unlock(dealer, leads[6]!.id); // a repeat is free and writes nothing
      expect(
        (await entriesOf(dealer.id)).map((e) => [e.kind, e.amount, e.lead_id, e.actor_id]),
      ).toEqual([
        ['grant', 10, null, admin.id],
        ['adjustment', -3, null, admin.id],
        ['unlock', -1, leads[6]!.id, null],
      ]);
      // An Admin edit that changes the balance goes through an adjustment entry too.
      const edited = await ctx.app.inject({
        method: 'PUT',
        url: `/api/userpackage/update/${up.id}`,
        headers: bearer(admin),
        payload: { userId: dealer.id, packageId, startDate: up.startDate, creditDebited: 6 },
      });
      expect(json<UserPackage>(edited)).toMatchObject({ packageBalanceCredits: 4 });
      expect((await entriesOf(dealer.id)).at(-1)).toMatchObject({ kind: 'adjustment', amount: -2 });
      const audits = (await auditOf('assignment.update')).filter(
        (a) => a.target_id === String(up.id),
      );
      expect(audits).toHaveLength(1);
      expect(JSON.parse(audits[0]!.changes)).toMatchObject({
        creditDebited: { before: 4, after: 6 },
        packageBalanceCredits: { before: 6, after: 4 },
      });
      // It cannot move to another member.
      const other = await createMember(ctx);
      const moved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/userpackage/update/${up.id}`,
        headers: bearer(admin),
        payload: { userId: other.id, packageId, startDate: up.startDate, creditDebited: 6 },
      });
      expect(moved.json()).toMatchObject({ status: 400, message: apiMessages.assignmentMemberFixed });
      expect(await ledgerViolations(ctx.database.db, { userIds: [dealer.id] })).toEqual([]);
    });

    it('answers the balance, the active packages and the ones ending soon', async () => {
      const dealer = await createMember(ctx);
      const long = await createUserPackage(ctx, dealer.id, { credits: 4, validity: 60 });
      const soon = await createUserPackage(ctx, dealer.id, {
        credits: 3,
        startOffsetDays: -10,
        validity: 10 + ENDING_SOON_DAYS - 1,
      });
      const future = await createUserPackage(ctx, dealer.id, { credits: 9, startOffsetDays: 3 });
      await createUserPackage(ctx, dealer.id, { credits: 8, active: false });
      const res = await ctx.app.inject({ url: '/api/me/credits', headers: bearer(dealer) });
      expect(res.statusCode).toBe(200);
      const summary = json<CreditsSummary>(res);
      expect(summary.balance).toBe(7);
      expect(summary.unlimitedUntil).toBeNull();
      expect(summary.packages.map((p) => [p.id, p.balance, p.live, p.endingSoon])).toEqual([
        [soon, 3, true, true],
        [future, 9, false, false],
        [long, 4, true, false],
      ]);
    });

    it('lists the history newest first with the running balance, lead links and paging', async () => {
      const dealer = await createMember(ctx);
      await createUserPackage(ctx, dealer.id, { credits: 5 });
      for (const lead of leads.slice(7, 10))
        expect((await unlock(dealer, lead.id)).statusCode).toBe(200);
      const res = await ctx.app.inject({
        url: '/api/me/ledger?pageSize=2',
        headers: bearer(dealer),
      });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.headers.pagination as string) as Pagination).toMatchObject({
        totalItems: 4,
        totalPages: 2,
      });
      const page1 = json<LedgerEntry[]>(res);
      expect(page1.map((e) => [e.kind, e.amount, e.balanceAfter, e.leadId])).toEqual([
        ['unlock', -1, 2, leads[9]!.id],
        ['unlock', -1, 3, leads[8]!.id],
      ]);
      expect(page1[0]!.leadTitle).toBe('2019 Maruti Suzuki Swift');
      const page2 = json<LedgerEntry[]>(
        await ctx.app.inject({
          url: '/api/me/ledger?pageSize=2&pageNumber=2',
          headers: bearer(dealer),
        }),
      );
      expect(page2.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
        ['unlock', -1, 4],
        ['grant', 5, 5],
      ]);
      // Another dealer's ledger is not theirs to read; Admin reads any.
      const other = await createMember(ctx);
      const theirs = await ctx.app.inject({
        url: `/api/members/${dealer.id}/ledger`,
        headers: bearer(other),
      });
      expect(theirs.statusCode).toBe(403);
      const asAdmin = await ctx.app.inject({
        url: `/api/members/${dealer.id}/ledger`,
        headers: bearer(admin),
      });
      expect(json<LedgerEntry[]>(asAdmin)).toHaveLength(4);
      // The Admin's view of the member's credits names the member (the screen shows who, not 'member #3').
      const summary = await ctx.app.inject({
        url: `/api/members/${dealer.id}/credits`,
        headers: bearer(admin),
      });
      expect(summary.json()).toMatchObject({
        member: { id: dealer.id, userName: dealer.userName, name: `Member ${dealer.userName}` },
      });
      const nobody = await ctx.app.inject({
        url: '/api/members/999999/credits',
        headers: bearer(admin),
      });
      expect(nobody.json()).toMatchObject({ member: null });
    });

    it('writes an expiry entry once, whichever of many requests notices it first', async () => {
      const dealer = await createMember(ctx);
      const ended = await createUserPackage(ctx, dealer.id, { credits: 6, startOffsetDays: -31 });
      const live = await createUserPackage(ctx, dealer.id, { credits: 2 });
      const results = await Promise.all([
        ...leads.slice(10, 13).map((l) => unlock(dealer, l.id)),
        ...Array.from({ length: 3 }, () =>
          ctx.app.inject({ url: '/api/me/credits', headers: bearer(dealer) }),
        ),
        subtract(dealer, ended),
      ]);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
      const entries = await entriesOf(dealer.id);
      expect(
        entries.filter((e) => e.kind === 'expiry').map((e) => [e.user_package_id, e.amount]),
      ).toEqual([[ended, -6]]);
      expect(await balanceOf(ctx, ended)).toMatchObject({ balance: 0, credit_debited: 6 });
      expect((await balanceOf(ctx, live)).balance).toBe(0);
      expect(await ledgerViolations(ctx.database.db, { userIds: [dealer.id] })).toEqual([]);
    });

    it('moves a balance with its entry, or neither when it would drop below 0 (one statement on PostgreSQL)', async () => {
      const dealer = await createMember(ctx);
      const up = await createUserPackage(ctx, dealer.id, { credits: 1 });
      const spend = (amount: number) =>
        runWrite(ctx.database.db, engine, (tx) =>
          applyEntry(tx, {
            userId: dealer.id,
            userPackageId: up,
            kind: 'unlock',
            amount,
            leadId: leads[3]!.id,
          }),
        );
      expect(await spend(-2)).toBeUndefined();
      expect(await balanceOf(ctx, up)).toMatchObject({ balance: 1, credit_debited: 0 });
      expect((await entriesOf(dealer.id)).map((e) => e.kind)).toEqual(['grant']);
      expect(await spend(-1)).toBe(0);
      expect(await balanceOf(ctx, up)).toMatchObject({ balance: 0, credit_debited: 1 });
      const entries = await entriesOf(dealer.id);
      expect(entries.map((e) => [e.kind, e.amount, e.lead_id, e.reason])).toEqual([
        ['grant', 1, null, null],
        ['unlock', -1, leads[3]!.id, null],
      ]);
      expect(new Date(entries[1]!.created_on).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('refuses any change to an entry', async () => {
      const [entry] = await ctx.database.db
        .selectFrom('credit_ledger')
        .select('id')
        .limit(1)
        .execute();
      await expect(
        ctx.database.db
          .updateTable('credit_ledger')
          .set({ amount: 100 })
          .where('id', '=', entry!.id)
          .execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        ctx.database.db.deleteFrom('credit_ledger').where('id', '=', entry!.id).execute(),
      ).rejects.toThrow(/append-only/);
    });
  });

  describe("the Admin's adjustment", () => {
    const adjust = (userId: number, payload: Record<string, unknown>, who: TestMember = admin) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/members/${userId}/credits/adjustments`,
        headers: bearer(who),
        payload,
      });

    it('adds or takes credits with a reason, in one entry and one audit entry', async () => {
      const dealer = await createMember(ctx);
      const up = await createUserPackage(ctx, dealer.id, { credits: 2 });
      const before = (await auditOf('credits.adjust')).length;
      const added = await adjust(dealer.id, { userPackageId: up, amount: 3, reason: 'Goodwill' });
      expect(added.statusCode, added.body).toBe(200);
      expect(json<CreditsSummary>(added).balance).toBe(5);
      const taken = await adjust(dealer.id, { userPackageId: up, amount: -4, reason: 'Duplicate' });
      expect(json<CreditsSummary>(taken).balance).toBe(1);
      expect(
        (await entriesOf(dealer.id)).slice(1).map((e) => [e.kind, e.amount, e.reason, e.actor_id]),
      ).toEqual([
        ['adjustment', 3, 'Goodwill', admin.id],
        ['adjustment', -4, 'Duplicate', admin.id],
      ]);
      const audits = (await auditOf('credits.adjust')).slice(before);
      expect(audits).toHaveLength(2);
      expect(JSON.parse(audits[0]!.changes)).toEqual({
        balance: { before: 2, after: 5 },
        reason: { before: null, after: 'Goodwill' },
      });
      expect(await ledgerViolations(ctx.database.db, { userIds: [dealer.id] })).toEqual([]);
    });

    it('refuses no reason, 0, going below 0 and another member’s package, changing nothing', async () => {
      const dealer = await createMember(ctx);
      const other = await createMember(ctx);
      const up = await createUserPackage(ctx, dealer.id, { credits: 2 });
      const theirs = await createUserPackage(ctx, other.id, { credits: 2 });
      const before = (await auditOf('credits.adjust')).length;
      const noReason = await adjust(dealer.id, { userPackageId: up, amount: 1, reason: ' ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json<{ errors: Record<string, string[]> }>().errors.reason).toBeDefined();
      const zero = await adjust(dealer.id, { userPackageId: up, amount: 0, reason: 'Nothing' });
      expect(zero.json<{ errors: Record<string, string[]> }>().errors.amount).toEqual([
        adjustmentMessages.amountRequired,
      ]);
      const below = await adjust(dealer.id, { userPackageId: up, amount: -3, reason: 'Too much' });
      expect(below.json()).toMatchObject({ status: 400, message: adjustmentMessages.belowZero(2) });
      const foreign = await adjust(dealer.id, {
        userPackageId: theirs,
        amount: 1,
        reason: 'Wrong',
      });
      expect(foreign.json()).toMatchObject({ status: 400, message: adjustmentMessages.notTheirs });
      const ended = await createUserPackage(ctx, dealer.id, { credits: 2, startOffsetDays: -31 });
      const late = await adjust(dealer.id, { userPackageId: ended, amount: 1, reason: 'Late' });
      expect(late.json()).toMatchObject({ status: 400, message: adjustmentMessages.notRunning });
      const byDealer = await adjust(
        dealer.id,
        { userPackageId: up, amount: 5, reason: 'Myself' },
        dealer,
      );
      expect(byDealer.statusCode).toBe(403);
      expect((await balanceOf(ctx, up)).balance).toBe(2);
      expect((await balanceOf(ctx, theirs)).balance).toBe(2);
      expect((await entriesOf(dealer.id)).map((e) => e.kind)).toEqual(['grant', 'grant']);
      expect((await auditOf('credits.adjust')).length).toBe(before);
    });
  });

  it('migrates earlier data into the ledger without changing a balance', async () => {
    const testDb = await createTestDatabase(engine, { migrated: false });
    try {
      const { db } = testDb.handle;
      await migrateTo(db, engine, '2026-11-24-0001-settings-and-audit', testDb.handle.schema);
      const now = new Date().toISOString();
      const [user] = await db
        .insertInto('users')
        // A row as the schema of that time had it: user_name_key came later (migration 0101).
        .values({
          user_name: 'legacy',
          name: 'Legacy Dealer',
          email: 'legacy@example.in',
          city: 'Noida',
          role: 'Dealer',
          password_hash: 'x',
          status: 1,
          created_on: now,
        } as NewUser)
        .returning('id')
        .execute();
      const [pkg] = await db
        .insertInto('packages')
        .values({
          package_name: 'Legacy',
          package_code: 'LEG',
          package_type: 'Lead',
          package_credits: 10,
          package_unit: 'Leads',
          package_validity: 30,
          package_price: 1,
          is_active: 1,
        })
        .returning('id')
        .execute();
      const [lead] = await db
        .insertInto('leads')
        .values({
          full_name: 'Owner',
          phone_number: '9811111111',
          city: 'Noida',
          brand: 'kia',
          model: 'Seltos',
          year: 2021,
          fuel_type: 'petrol',
          owner_name: 'first',
          transmission: 'manual',
          seats: 5,
          price: 1,
          status: 1,
          created_on: now,
        })
        .returning('id')
        .execute();
      const base = {
        user_id: user!.id,
        package_id: pkg!.id,
        package_credits: 10,
        package_unit: 'Leads',
        package_validity: 30,
        start_date: todayInIndia(),
        end_date: addDays(todayInIndia(), 30),
        is_active: 1 as const,
        created_on: now,
      };
      // One package with an unlock and two subtract-credit debits, one an Admin set to 10 spent with no rows.
      const [used, spent] = await db
        .insertInto('user_packages')
        .values([
          { ...base, package_balance_credits: 7, credit_debited: 3, unattributed_debits: 2 },
          {
            ...base,
            package_balance_credits: 0,
            credit_debited: 10,
            unattributed_debits: 0,
            is_active: 0,
          },
        ])
        .returning('id')
        .execute();
      await db
        .insertInto('lead_unlocks')
        .values({
          user_id: user!.id,
          user_package_id: used!.id,
          lead_id: lead!.id,
          credit_debited: 1,
          ip_address: null,
          created_on: now,
        })
        .execute();
      await migrateToLatest(db, engine, testDb.handle.schema);

      const balances = await db
        .selectFrom('user_packages')
        .select(['id', 'package_balance_credits', 'package_type'])
        .orderBy('id')
        .execute();
      expect(balances.map((b) => [b.package_balance_credits, b.package_type])).toEqual([
        [7, 'Lead'],
        [0, 'Lead'],
      ]);
      const entries = await db.selectFrom('credit_ledger').selectAll().orderBy('id').execute();
      expect(entries.map((e) => [e.user_package_id, e.kind, e.amount, e.lead_id])).toEqual([
        [used!.id, 'grant', 10, null],
        [spent!.id, 'grant', 10, null],
        [used!.id, 'unlock', -1, lead!.id],
        [used!.id, 'unlock', -2, null],
        [spent!.id, 'adjustment', -10, null],
      ]);
      expect(await ledgerViolations(db)).toEqual([]);
    } finally {
      await testDb.drop();
    }
  });

  it("seeds a demo whose balances are its ledger's", async () => {
    const testDb = await createTestDatabase(engine);
    try {
      await seedDemoIfEmpty(testDb.handle.db);
      const entries = await testDb.handle.db
        .selectFrom('credit_ledger')
        .select(['kind', 'amount'])
        .orderBy('id')
        .execute();
      expect(entries).toEqual([
        { kind: 'grant', amount: 10 },
        { kind: 'expiry', amount: -10 },
        { kind: 'grant', amount: 50 },
      ]);
      expect(await ledgerViolations(testDb.handle.db)).toEqual([]);
    } finally {
      await testDb.drop();
    }
  });
});
