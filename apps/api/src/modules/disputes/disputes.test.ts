// Disputes and refunds on each engine: who may report, the 7 × 24 h window, once per unlock, the Admin's queue and
// decisions (once, also under concurrency), refunds to the original or a new package, Unlimited unlocks, the lead
// taken off the list by two approvals, the audit entries, and the ledger check's new invariants.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  REFUND_PACKAGE_DAYS,
  REFUND_PACKAGE_NAME,
  disputeMessages,
  type AdminDispute,
  type CreditsSummary,
  type Dispute,
  type DisputeDecisionResult,
  type MyLead,
  type Pagination,
} from '@dealerleads/shared';
import {
  bearer,
  createMember,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { balanceOf, createUserPackage, createLeads } from '../../test/fixtures';
import { addDays, todayInIndia } from '../../lib/calendar';
import { ledgerViolations } from '../../reliability/ledger-check';
import { openDispute } from './disputes.service';

const HOUR = 3_600_000;

describe.each(testEngines())('disputes on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin } = useMembers(ctx, { admin: { role: 'Admin' } });

  const unlock = async (who: TestMember, leadId: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${leadId}/unlock`,
      headers: bearer(who),
    });
    expect(res.statusCode).toBe(200);
  };
  const report = (who: TestMember, leadId: number, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${leadId}/disputes`,
      headers: bearer(who),
      payload,
    });
  const decide = (id: number, decision: 'approve' | 'reject', note?: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/disputes/${id}/${decision}`,
      headers: bearer(admin),
      payload: note === undefined ? {} : { note },
    });
  /** A dealer with a package of `credits` who unlocked one new lead, and that lead. */
  const dealerWithUnlock = async (options: { credits?: number; unlimited?: boolean } = {}) => {
    const dealer = await createMember(ctx);
    const pkg = await createUserPackage(ctx, dealer.id, {
      credits: options.credits ?? 5,
      ...(options.unlimited ? { type: 'Unlimited' as const } : {}),
    });
    const [lead] = await createLeads(ctx, [{}]);
    await unlock(dealer, lead!.id);
    return { dealer, pkg, lead: lead!.id };
  };
  const reported = async (who: TestMember, leadId: number, reason = 'wrong_number') => {
    const res = await report(who, leadId, { reason, note: 'Switched off for days' });
    expect(res.statusCode).toBe(201);
    return json<Dispute>(res);
  };
  const creditsOf = async (who: TestMember) =>
    json<CreditsSummary>(await ctx.app.inject({ url: '/api/me/credits', headers: bearer(who) }));
  const sound = async (...members: TestMember[]) =>
    expect(await ledgerViolations(ctx.database.db, { userIds: members.map((m) => m.id) })).toEqual(
      [],
    );

  it('lets the dealer who unlocked a lead report it, shows it on My Leads and in their disputes', async () => {
    const { dealer, lead } = await dealerWithUnlock();
    const res = await report(dealer, lead, { reason: 'wrong_number', note: '  Not his number  ' });
    expect(res.statusCode).toBe(201);
    const dispute = json<Dispute>(res);
    expect(dispute).toMatchObject({
      leadId: lead,
      leadTitle: '2019 Maruti Suzuki Swift',
      userId: dealer.id,
      reason: 'wrong_number',
      note: 'Not his number',
      status: 'pending',
      adminNote: null,
      decidedOn: null,
      refunded: false,
    });
    const mine = json<Dispute[]>(
      await ctx.app.inject({ url: '/api/me/disputes', headers: bearer(dealer) }),
    );
    expect(mine.map((d) => d.id)).toEqual([dispute.id]);
    const myLeads = json<MyLead[]>(
      await ctx.app.inject({ url: '/api/me/leads', headers: bearer(dealer) }),
    );
    expect(myLeads[0]!.dispute).toEqual({
      id: dispute.id,
      status: 'pending',
      reason: 'wrong_number',
      adminNote: null,
    });
    expect(Date.parse(myLeads[0]!.disputableUntil) - Date.parse(dispute.unlockedOn)).toBe(
      7 * 24 * HOUR,
    );
    // Without a note is fine too; an empty one is no note.
    const other = await dealerWithUnlock();
    const bare = await report(other.dealer, other.lead, { reason: 'duplicate', note: '' });
    expect(bare.statusCode).toBe(201);
    expect(json<Dispute>(bare).note).toBeNull();
  });

  it('refuses a lead the caller did not unlock, bad input, and a second report, changing nothing', async () => {
    const { dealer, lead } = await dealerWithUnlock();
    const stranger = await createMember(ctx);
    const [notUnlocked] = await createLeads(ctx, [{}]);
    for (const [who, leadId] of [
      [stranger, lead],
      [dealer, notUnlocked!.id],
      [dealer, 2_000_000_000],
      [admin, lead],
    ] as const) {
      const res = await report(who, leadId, { reason: 'wrong_number' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: disputeMessages.notUnlocked });
    }
    expect((await report(dealer, 0, { reason: 'wrong_number' })).statusCode).toBe(400);
    for (const payload of [
      {},
      { reason: 'bad_car' },
      { reason: 'wrong_number', note: 'x'.repeat(501) },
      { reason: 'wrong_number', note: 42 },
    ]) {
      const res = await report(dealer, lead, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('errors');
    }
    expect(
      json<{ errors: Record<string, string[]> }>(await report(dealer, lead, {})).errors.reason,
    ).toEqual([disputeMessages.reasonRequired]);
    const count = async () =>
      (
        await ctx.database.db
          .selectFrom('disputes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('lead_id', '=', lead)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count())).toBe(0);
    await reported(dealer, lead);
    const again = await report(dealer, lead, { reason: 'unreachable' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, message: disputeMessages.alreadyDisputed });
    expect(Number(await count())).toBe(1);
  });

  it('takes one report of an unlock when several arrive at once', async () => {
    const { dealer, lead } = await dealerWithUnlock();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => report(dealer, lead, { reason: 'unreachable' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(7).fill(409)]);
  });

  it('accepts a report up to exactly 7 × 24 hours after the unlock, not a moment later', async () => {
    const { dealer, lead } = await dealerWithUnlock();
    const unlockRow = await ctx.database.db
      .selectFrom('lead_unlocks')
      .select(['id', 'created_on'])
      .where('user_id', '=', dealer.id)
      .where('lead_id', '=', lead)
      .executeTakeFirstOrThrow();
    const unlockedAt = new Date(unlockRow.created_on).getTime();
    const caller = {
      id: dealer.id,
      userName: dealer.userName,
      role: 'Dealer' as const,
      unlocksRevision: 0,
    };
    const { db } = ctx.database;
    // The clock moved one millisecond past the window: refused.
    await expect(
      openDispute(
        db,
        engine,
        caller,
        lead,
        { reason: 'unreachable' },
        new Date(unlockedAt + 168 * HOUR + 1),
      ),
    ).rejects.toMatchObject({ statusCode: 400, message: disputeMessages.tooLate });
    // Over HTTP: the unlock moved 7 days and a minute into the past is too late.
    await ctx.database.db
      .updateTable('lead_unlocks')
      .set({ created_on: new Date(Date.now() - 168 * HOUR - 60_000).toISOString() })
      .where('id', '=', unlockRow.id)
      .execute();
    const late = await report(dealer, lead, { reason: 'unreachable' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ status: 400, message: disputeMessages.tooLate });
    // 7 days less a minute ago: still in time.
    await ctx.database.db
      .updateTable('lead_unlocks')
      .set({ created_on: new Date(Date.now() - 168 * HOUR + 60_000).toISOString() })
      .where('id', '=', unlockRow.id)
      .execute();
    expect((await report(dealer, lead, { reason: 'unreachable' })).statusCode).toBe(201);
    // The service at the window's last instant, for another unlock.
    const second = await dealerWithUnlock();
    const at = await ctx.database.db
      .selectFrom('lead_unlocks')
      .select('created_on')
      .where('user_id', '=', second.dealer.id)
      .executeTakeFirstOrThrow();
    const opened = await openDispute(
      db,
      engine,
      {
        id: second.dealer.id,
        userName: second.dealer.userName,
        role: 'Dealer',
        unlocksRevision: 0,
      },
      second.lead,
      { reason: 'already_sold' },
      new Date(new Date(at.created_on).getTime() + 168 * HOUR),
    );
    expect(opened.status).toBe('pending');
  });

  it('approval refunds the credit to the package it came from, once; the dealer sees the outcome', async () => {
    const { dealer, pkg, lead } = await dealerWithUnlock({ credits: 3 });
    expect((await balanceOf(ctx, pkg)).balance).toBe(2);
    const dispute = await reported(dealer, lead);
    const res = await decide(dispute.id, 'approve', 'Checked: the number is wrong');
    expect(res.statusCode).toBe(200);
    const result = json<DisputeDecisionResult>(res);
    expect(result).toMatchObject({
      refund: 'original',
      leadDeactivated: false,
      message: disputeMessages.approvedRefunded,
      dispute: {
        id: dispute.id,
        status: 'approved',
        adminNote: 'Checked: the number is wrong',
        refunded: true,
        dealerUserName: dealer.userName,
      },
    });
    expect(await balanceOf(ctx, pkg)).toMatchObject({ balance: 3, credit_debited: 0 });
    expect((await creditsOf(dealer)).balance).toBe(3);
    const refunds = await ctx.database.db
      .selectFrom('credit_ledger')
      .select(['user_package_id', 'amount', 'lead_id', 'dispute_id', 'actor_id'])
      .where('kind', '=', 'refund')
      .where('user_id', '=', dealer.id)
      .execute();
    expect(refunds).toEqual([
      {
        user_package_id: pkg,
        amount: 1,
        lead_id: lead,
        dispute_id: dispute.id,
        actor_id: admin.id,
      },
    ]);
    // Decided once: a second approval or a rejection changes nothing.
    for (const decision of ['approve', 'reject'] as const) {
      const again = await decide(dispute.id, decision, 'Again');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ status: 409, message: disputeMessages.alreadyDecided });
    }
    expect((await balanceOf(ctx, pkg)).balance).toBe(3);
    const myLeads = json<MyLead[]>(
      await ctx.app.inject({ url: '/api/me/leads', headers: bearer(dealer) }),
    );
    expect(myLeads[0]!.dispute).toMatchObject({
      status: 'approved',
      adminNote: 'Checked: the number is wrong',
    });
    // The dealer keeps the contact: the unlock stays.
    expect(myLeads[0]!.leadId).toBe(lead);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_type', 'changes'])
      .where('target_type', '=', 'dispute')
      .where('target_id', '=', String(dispute.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'dispute.approve', actor_id: admin.id });
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({
      status: { before: 'pending', after: 'approved' },
      refund: { before: null, after: 'original' },
    });
    await sound(dealer);
  });

  it('refunds to a new 30-day one-credit package when the original one has ended or is inactive', async () => {
    for (const end of ['ended', 'inactive'] as const) {
      const { dealer, pkg, lead } = await dealerWithUnlock({ credits: 2 });
      const dispute = await reported(dealer, lead);
      // The calendar moved past the package's end, or an Admin deactivated it.
      await ctx.database.db
        .updateTable('user_packages')
        .set(
          end === 'ended'
            ? { start_date: addDays(todayInIndia(), -31), end_date: addDays(todayInIndia(), -1) }
            : { is_active: 0 },
        )
        .where('id', '=', pkg)
        .execute();
      const res = await decide(dispute.id, 'approve');
      expect(res.statusCode).toBe(200);
      expect(json<DisputeDecisionResult>(res)).toMatchObject({
        refund: 'newPackage',
        message: disputeMessages.approvedToNewPackage,
        dispute: { adminNote: null, refunded: true },
      });
      const packages = await ctx.database.db
        .selectFrom('user_packages as up')
        .innerJoin('packages as p', 'p.id', 'up.package_id')
        .select([
          'up.id',
          'p.package_name',
          'p.is_active as catalogue_active',
          'up.package_type',
          'up.package_credits',
          'up.package_balance_credits',
          'up.credit_debited',
          'up.package_validity',
          'up.start_date',
          'up.end_date',
        ])
        .where('up.user_id', '=', dealer.id)
        .where('up.id', '<>', pkg)
        .execute();
      expect(packages).toHaveLength(1);
      expect(packages[0]).toMatchObject({
        package_name: REFUND_PACKAGE_NAME,
        package_type: 'Lead',
        package_credits: 1,
        package_balance_credits: 1,
        credit_debited: 0,
        package_validity: REFUND_PACKAGE_DAYS,
        start_date: todayInIndia(),
        end_date: addDays(todayInIndia(), REFUND_PACKAGE_DAYS),
      });
      // The refund package is never on the price list.
      expect(Boolean(packages[0]!.catalogue_active)).toBe(false);
      const entries = await ctx.database.db
        .selectFrom('credit_ledger')
        .select(['user_package_id', 'kind', 'amount'])
        .where('user_id', '=', dealer.id)
        .orderBy('id')
        .execute();
      expect(entries.at(-1)).toEqual({
        user_package_id: packages[0]!.id,
        kind: 'refund',
        amount: 1,
      });
      if (end === 'ended') {
        // The ended package was expired on the way (its one credit left), once.
        expect(entries.filter((e) => e.kind === 'expiry')).toEqual([
          { user_package_id: pkg, kind: 'expiry', amount: -1 },
        ]);
      }
      const credits = await creditsOf(dealer);
      expect(credits.balance).toBe(end === 'ended' ? 1 : 1);
      expect(credits.packages.map((p) => p.packageName)).toContain(REFUND_PACKAGE_NAME);
      await sound(dealer);
    }
    // Both refunds used one hidden catalogue entry.
    const catalogue = await ctx.database.db
      .selectFrom('packages')
      .select('id')
      .where('package_name', '=', REFUND_PACKAGE_NAME)
      .execute();
    expect(catalogue).toHaveLength(1);
  });

  it('approves an Unlimited unlock without a refund, and says so', async () => {
    const { dealer, pkg, lead } = await dealerWithUnlock({ unlimited: true });
    const dispute = await reported(dealer, lead, 'already_sold');
    const res = await decide(dispute.id, 'approve', 'Sold before it was listed');
    expect(res.statusCode).toBe(200);
    expect(json<DisputeDecisionResult>(res)).toMatchObject({
      refund: 'none',
      message: disputeMessages.approvedUnlimited,
      dispute: { status: 'approved', refunded: false },
    });
    const refunds = await ctx.database.db
      .selectFrom('credit_ledger')
      .select('id')
      .where('kind', '=', 'refund')
      .where('user_id', '=', dealer.id)
      .execute();
    expect(refunds).toEqual([]);
    expect((await balanceOf(ctx, pkg)).balance).toBe(5);
    await sound(dealer);
  });

  it('rejects with a note: no refund, the dealer sees why, audited', async () => {
    const { dealer, pkg, lead } = await dealerWithUnlock();
    const dispute = await reported(dealer, lead, 'unreachable');
    const res = await decide(dispute.id, 'reject', 'The owner answered our call');
    expect(res.statusCode).toBe(200);
    expect(json<DisputeDecisionResult>(res)).toMatchObject({
      refund: 'none',
      message: disputeMessages.rejected,
      dispute: { status: 'rejected', adminNote: 'The owner answered our call', refunded: false },
    });
    expect((await balanceOf(ctx, pkg)).balance).toBe(4);
    const mine = json<Dispute[]>(
      await ctx.app.inject({ url: '/api/me/disputes', headers: bearer(dealer) }),
    );
    expect(mine[0]).toMatchObject({ status: 'rejected', adminNote: 'The owner answered our call' });
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'dispute')
      .where('target_id', '=', String(dispute.id))
      .execute();
    expect(audit).toEqual([{ action: 'dispute.reject' }]);
    expect((await decide(2_000_000_000, 'reject')).statusCode).toBe(404);
    expect((await decide(dispute.id, 'approve', 'x'.repeat(501))).statusCode).toBe(400);
    await sound(dealer);
  });

  it('gives one refund when an approval arrives many times at once', async () => {
    const { dealer, pkg, lead } = await dealerWithUnlock({ credits: 2 });
    const dispute = await reported(dealer, lead);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        decide(dispute.id, i % 3 === 2 ? 'reject' : 'approve', `Tab ${i}`),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const winner = json<DisputeDecisionResult>(answers.find((a) => a.statusCode === 200)!);
    const refunds = await ctx.database.db
      .selectFrom('credit_ledger')
      .select('id')
      .where('dispute_id', '=', dispute.id)
      .execute();
    expect(refunds).toHaveLength(winner.dispute.status === 'approved' ? 1 : 0);
    expect((await balanceOf(ctx, pkg)).balance).toBe(winner.dispute.status === 'approved' ? 2 : 1);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'dispute')
      .where('target_id', '=', String(dispute.id))
      .execute();
    expect(audit).toHaveLength(1);
    await sound(dealer);
  });

  it("takes a lead off the list after two approved 'wrong_number'/'not_owner' disputes", async () => {
    const [lead] = await createLeads(ctx, [{ model: 'Baleno' }]);
    const dealers = await Promise.all([1, 2, 3].map(() => createMember(ctx)));
    for (const d of dealers) {
      await createUserPackage(ctx, d.id, { credits: 2 });
      await unlock(d, lead!.id);
    }
    const [a, b, c] = [
      await reported(dealers[0]!, lead!.id, 'unreachable'),
      await reported(dealers[1]!, lead!.id, 'wrong_number'),
      await reported(dealers[2]!, lead!.id, 'not_owner'),
    ];
    const leadStatus = async () =>
      Boolean(
        (
          await ctx.database.db
            .selectFrom('leads')
            .select('status')
            .where('id', '=', lead!.id)
            .executeTakeFirstOrThrow()
        ).status,
      );
    // An approved 'unreachable' does not count.
    expect(json<DisputeDecisionResult>(await decide(a!.id, 'approve')).leadDeactivated).toBe(false);
    expect(json<DisputeDecisionResult>(await decide(b!.id, 'approve')).leadDeactivated).toBe(false);
    expect(await leadStatus()).toBe(true);
    const before = await ctx.database.db
      .selectFrom('lead_changes')
      .select((eb) => eb.fn.max('revision').as('r'))
      .executeTakeFirstOrThrow();
    const third = json<DisputeDecisionResult>(await decide(c!.id, 'approve'));
    expect(third.leadDeactivated).toBe(true);
    expect(third.message).toBe(
      `${disputeMessages.approvedRefunded} ${disputeMessages.leadDeactivated}`,
    );
    expect(await leadStatus()).toBe(false);
    expect(third.dispute.leadActive).toBe(false);
    // The list engine learns of it through lead_changes, and the lead leaves the list.
    const changed = await ctx.database.db
      .selectFrom('lead_changes')
      .select('lead_id')
      .where('revision', '>', Number(before.r ?? 0))
      .execute();
    expect(changed.map((r) => r.lead_id)).toContain(lead!.id);
    const list = await ctx.app.inject({ url: '/api/leads?model=Baleno&pageSize=50' });
    expect((list.json() as { id: number }[]).map((l) => l.id)).not.toContain(lead!.id);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'lead')
      .where('target_id', '=', String(lead!.id))
      .execute();
    expect(audit).toEqual([{ action: 'lead.update', actor_id: admin.id }]);
    await sound(...dealers);
  });

  it('lists the queue for Admin: pending first, filtered by status, with the lead’s other disputes', async () => {
    const [lead] = await createLeads(ctx, [{}]);
    const dealers = await Promise.all([1, 2].map(() => createMember(ctx)));
    for (const d of dealers) {
      await createUserPackage(ctx, d.id, { credits: 2 });
      await unlock(d, lead!.id);
    }
    const first = await reported(dealers[0]!, lead!.id, 'duplicate');
    const second = await reported(dealers[1]!, lead!.id, 'unreachable');
    await decide(first.id, 'reject', 'Not a duplicate');
    const res = await ctx.app.inject({ url: '/api/disputes?pageSize=100', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const queue = json<AdminDispute[]>(res);
    const statuses = queue.map((d) => d.status);
    expect(statuses.indexOf('pending')).toBe(0);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(
      statuses.findIndex((s) => s !== 'pending'),
    );
    const pending = queue.find((d) => d.id === second.id)!;
    expect(pending).toMatchObject({
      leadId: lead!.id,
      dealerUserName: dealers[1]!.userName,
      reason: 'unreachable',
      leadCity: 'Gurugram',
      leadActive: true,
      otherDisputes: [
        {
          id: first.id,
          reason: 'duplicate',
          status: 'rejected',
          dealerUserName: dealers[0]!.userName,
        },
      ],
    });
    const pagination = JSON.parse(res.headers.pagination as string) as Pagination;
    expect(pagination.totalItems).toBe(queue.length);
    const rejected = json<AdminDispute[]>(
      await ctx.app.inject({ url: '/api/disputes?status=rejected', headers: bearer(admin) }),
    );
    expect(rejected.every((d) => d.status === 'rejected')).toBe(true);
    expect(rejected.map((d) => d.id)).toContain(first.id);
    const bad = await ctx.app.inject({ url: '/api/disputes?status=open', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
  });

  it('the ledger check flags a refund without an approved dispute, and two refunds for one dispute', async () => {
    const { dealer, pkg, lead } = await dealerWithUnlock({ credits: 3 });
    const dispute = await reported(dealer, lead);
    const { db } = ctx.database;
    const refundEntry = (disputeId: number | null) =>
      db
        .insertInto('credit_ledger')
        .values({
          user_id: dealer.id,
          user_package_id: pkg,
          kind: 'refund',
          amount: 1,
          lead_id: lead,
          dispute_id: disputeId,
          created_on: new Date().toISOString(),
        })
        .execute();
    // A refund for a pending dispute (written behind the API's back), and one naming no dispute.
    await refundEntry(dispute.id);
    await refundEntry(null);
    const problems = await ledgerViolations(db, { userIds: [dealer.id] });
    // The pending dispute's refund is unbacked; the one naming no dispute returns a credit nobody subtracted.
    expect(problems.filter((p) => p.includes('has no approved dispute'))).toHaveLength(1);
    expect(problems.filter((p) => p.includes('its ledger entries sum to'))).toHaveLength(1);
    // The database itself refuses a second refund for one dispute; without that index the check still sees it.
    await expect(refundEntry(dispute.id)).rejects.toThrow();
    await sql.raw('drop index credit_ledger_one_refund_per_dispute').execute(db);
    await refundEntry(dispute.id);
    expect(await ledgerViolations(db, { userIds: [dealer.id] })).toContain(
      `dispute ${dispute.id} was refunded 2 times`,
    );
  });
});
