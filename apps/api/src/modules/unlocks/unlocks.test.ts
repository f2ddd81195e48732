// The credit unlock on each engine: atomic, never twice for one lead, never below zero, with the docs/api.md texts.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, creditFlowMessages, type UnlockResult } from '@dealerleads/shared';
import {
  bearer,
  createMember,
  describePostgres,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { balanceOf, createUserPackage, createLeads, ledgerOf } from '../../test/fixtures';
import { ledgerViolations } from '../../reliability/ledger-check';
import { chargeUnlock, recordUnlockSet, unlockStateOf } from './unlocks.repository';

describe.each(testEngines())('unlock on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin } = useMembers(ctx, { admin: { role: 'Admin' } });
  let leads: { id: number; phone: string }[];

  beforeAll(async () => {
    leads = await createLeads(
      ctx,
      Array.from({ length: 120 }, () => ({})),
    );
  });

  const unlock = (who: TestMember | undefined, leadId: number) =>
    ctx.app.inject({ method: 'POST', url: `/api/leads/${leadId}/unlock`, headers: bearer(who) });

  it('debits one credit, returns the contact, and later reads show it unmasked', async () => {
    const dealer = await createMember(ctx);
    const up = await createUserPackage(ctx, dealer.id, { credits: 3 });
    const lead = leads[119]!;
    const res = await unlock(dealer, lead.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<UnlockResult>(res);
    expect(body).toMatchObject({
      charged: true,
      creditsRemaining: 2,
      lead: { id: lead.id, phoneNumber: lead.phone, unlocked: true },
    });
    expect(await balanceOf(ctx, up)).toMatchObject({ balance: 2, credit_debited: 1 });

    const detail = await ctx.app.inject({ url: `/api/leads/${lead.id}`, headers: bearer(dealer) });
    expect(detail.json()).toMatchObject({ phoneNumber: lead.phone, unlocked: true });
    const list = await ctx.app.inject({ url: '/api/leads?pageSize=100', headers: bearer(dealer) });
    const mine = list
      .json<{ id: number; phoneNumber: string; unlocked: boolean }[]>()
      .find((l) => l.id === lead.id);
    expect(mine).toMatchObject({ phoneNumber: lead.phone, unlocked: true });
    // Another dealer still sees it masked.
    const other = await createMember(ctx);
    expect(
      (await ctx.app.inject({ url: `/api/leads/${lead.id}`, headers: bearer(other) })).body,
    ).not.toContain(lead.phone);

    const again = await unlock(dealer, lead.id);
    expect(json<UnlockResult>(again)).toMatchObject({
      charged: false,
      lead: { phoneNumber: lead.phone },
    });
    expect(await balanceOf(ctx, up)).toMatchObject({ balance: 2 });
    expect(await ledgerOf(ctx, dealer.id)).toHaveLength(1);

    const ids = await ctx.app.inject({
      url: `/api/userpackagelead/user/${dealer.userName}`,
      headers: bearer(dealer),
    });
    expect(ids.json()).toEqual([lead.id]);
    const viewed = await ctx.app.inject({
      url: `/api/userpackage/checkleadviewed?userId=${dealer.id}&leadId=${lead.id}`,
      headers: bearer(dealer),
    });
    expect(viewed.json()).toBe(true);
  });

  it('needs a login, and lets Admin see the contact without a credit', async () => {
    expect((await unlock(undefined, leads[1]!.id)).statusCode).toBe(401);
    const res = await unlock(admin, leads[1]!.id);
    expect(json<UnlockResult>(res)).toMatchObject({
      charged: false,
      creditsRemaining: null,
      lead: { phoneNumber: leads[1]!.phone },
    });
    expect(await ledgerOf(ctx, admin.id)).toHaveLength(0);
  });

  it('tells a dealer without a package, with an empty one, and with an expired one', async () => {
    const none = await createMember(ctx);
    let res = await unlock(none, leads[2]!.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: creditFlowMessages.noActivePackage });
    expect(res.body).not.toContain(leads[2]!.phone);

    const empty = await createMember(ctx);
    await createUserPackage(ctx, empty.id, { credits: 0 });
    res = await unlock(empty, leads[2]!.id);
    expect(res.json()).toMatchObject({ status: 400, message: creditFlowMessages.allCreditsUsed });

    const late = await createMember(ctx);
    const up = await createUserPackage(ctx, late.id, { credits: 5, startOffsetDays: -40, validity: 30 });
    res = await unlock(late, leads[2]!.id);
    expect(res.json()).toMatchObject({ status: 400, message: creditFlowMessages.expired });
    // The 5 credits left went with the package: an expiry entry took them (docs/credits.md).
    expect(await balanceOf(ctx, up)).toMatchObject({
      balance: 0,
      credit_debited: 5,
      is_active: engine === 'sqlite' ? 0 : false,
    });
  });

  it('spends the package ending soonest first and skips packages not started yet', async () => {
    const dealer = await createMember(ctx);
    const later = await createUserPackage(ctx, dealer.id, { credits: 5, validity: 60 });
    const sooner = await createUserPackage(ctx, dealer.id, { credits: 5, validity: 10 });
    const future = await createUserPackage(ctx, dealer.id, {
      credits: 5,
      startOffsetDays: 5,
      validity: 1,
    });
    await unlock(dealer, leads[3]!.id);
    expect((await balanceOf(ctx, sooner)).balance).toBe(4);
    expect((await balanceOf(ctx, later)).balance).toBe(5);
    expect((await balanceOf(ctx, future)).balance).toBe(5);
  });

  it('unlocks with an Unlimited package without touching its balance', async () => {
    const dealer = await createMember(ctx);
    const credit = await createUserPackage(ctx, dealer.id, { credits: 5, validity: 5 });
    const unlimited = await createUserPackage(ctx, dealer.id, {
      type: 'Unlimited',
      credits: 30,
      validity: 30,
    });
    const res = await unlock(dealer, leads[4]!.id);
    expect(json<UnlockResult>(res)).toMatchObject({
      charged: false,
      creditsRemaining: 30,
      lead: { phoneNumber: leads[4]!.phone },
    });
    expect((await balanceOf(ctx, unlimited)).balance).toBe(30);
    expect((await balanceOf(ctx, credit)).balance).toBe(5);
    expect(await ledgerOf(ctx, dealer.id)).toMatchObject([
      { lead_id: leads[4]!.id, credit_debited: 0 },
    ]);
  });

  it('lets 100 simultaneous unlocks over 100 leads succeed exactly as often as there are credits', async () => {
    const dealer = await createMember(ctx);
    const up = await createUserPackage(ctx, dealer.id, { credits: 10 });
    const results = await Promise.all(leads.slice(10, 110).map((l) => unlock(dealer, l.id)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    expect(
      results
        .filter((r) => r.statusCode === 400)
        .every((r) => r.json<{ message: string }>().message === creditFlowMessages.allCreditsUsed),
    ).toBe(true);
    expect(await balanceOf(ctx, up)).toMatchObject({ balance: 0, credit_debited: 10 });
    const ledger = await ledgerOf(ctx, dealer.id);
    expect(ledger).toHaveLength(10);
    expect(ledger.reduce((sum, row) => sum + row.credit_debited, 0)).toBe(10);
  });

  // Simultaneous unlocks run as one set on PostgreSQL: each must see the ones before it, as one-by-one unlocks would.
  it('draws simultaneous unlocks from the package ending soonest, then the next, with each answer its own balance', async () => {
    const dealer = await createMember(ctx);
    const later = await createUserPackage(ctx, dealer.id, { credits: 5, validity: 60 });
    const sooner = await createUserPackage(ctx, dealer.id, { credits: 2, validity: 10 });
    const results = await Promise.all(leads.slice(40, 46).map((lead) => unlock(dealer, lead.id)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const remaining = results.map((r) => json<UnlockResult>(r).creditsRemaining).sort();
    // Two from the sooner package (1, then 0 left), four from the later one (4, 3, 2, 1 left).
    expect(remaining).toEqual([0, 1, 1, 2, 3, 4]);
    expect(await balanceOf(ctx, sooner)).toMatchObject({ balance: 0, credit_debited: 2 });
    expect(await balanceOf(ctx, later)).toMatchObject({ balance: 1, credit_debited: 4 });
    expect(await ledgerOf(ctx, dealer.id)).toHaveLength(6);
  });

  it('answers each of simultaneous unlocks for several dealers by its own rule', async () => {
    const rich = await createMember(ctx);
    const richPackage = await createUserPackage(ctx, rich.id, { credits: 3 });
    const free = await createMember(ctx);
    const unlimited = await createUserPackage(ctx, free.id, { credits: 1, type: 'Unlimited' });
    const poor = await createMember(ctx);
    await createUserPackage(ctx, poor.id, { credits: 1 });
    const [a, b] = [leads[50]!, leads[51]!];
    const calls: [TestMember, number][] = [
      [rich, a.id],
      [free, a.id],
      [poor, a.id],
      [rich, a.id],
      [poor, b.id],
      [rich, 999_999_999],
      [free, b.id],
    ];
    const results = await Promise.all(calls.map(([who, id]) => unlock(who, id)));
    // Requests of one dealer may reach the set in any order: compare each dealer's answers as a whole.
    const answersOf = (who: TestMember) =>
      results
        .filter((_, i) => calls[i]![0] === who)
        .map((r) => {
          const body = r.json<UnlockResult & { message?: string }>();
          return (
            body.message ??
            `${body.lead.id === a.id ? 'a' : 'b'} ${body.charged} ${body.creditsRemaining}`
          );
        })
        .sort();
    expect(answersOf(rich)).toEqual([apiMessages.leadNotFound, 'a false null', 'a true 2']);
    expect(answersOf(free)).toEqual(['a false 1', 'b false 1']);
    // One credit for two leads: one of them.
    expect(answersOf(poor)).toEqual(
      expect.arrayContaining([
        creditFlowMessages.allCreditsUsed,
        expect.stringMatching(/^[ab] true 0$/),
      ]),
    );
    expect(await balanceOf(ctx, richPackage)).toMatchObject({ balance: 2, credit_debited: 1 });
    expect(await balanceOf(ctx, unlimited)).toMatchObject({ balance: 1, credit_debited: 0 });
    const counts = await ctx.database.db
      .selectFrom('leads')
      .select(['id', 'unlock_count'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    // a: rich, free and maybe poor; b: free and maybe poor.
    expect(counts.reduce((sum, row) => sum + row.unlock_count, 0)).toBe(4);
    expect(await ledgerOf(ctx, poor.id)).toHaveLength(1);
  });

  it('expires an ended package once among simultaneous unlocks and charges the others as usual', async () => {
    const lapsed = await createMember(ctx);
    const ended = await createUserPackage(ctx, lapsed.id, {
      credits: 4,
      startOffsetDays: -40,
      validity: 30,
    });
    const live = await createUserPackage(ctx, lapsed.id, { credits: 2 });
    const other = await createMember(ctx);
    const otherPackage = await createUserPackage(ctx, other.id, { credits: 2 });
    const results = await Promise.all([
      unlock(lapsed, leads[60]!.id),
      unlock(other, leads[60]!.id),
      unlock(lapsed, leads[61]!.id),
      unlock(lapsed, leads[62]!.id),
    ]);
    const answers = results.map((r) => {
      const body = r.json<UnlockResult & { message?: string }>();
      return body.message ?? `${body.charged} ${body.creditsRemaining}`;
    });
    expect(answers[1]).toBe('true 1');
    // The lapsed dealer's three, in whatever order they reached the set: two paid by the live package, one refused.
    expect([answers[0], answers[2], answers[3]].sort()).toEqual(
      [creditFlowMessages.allCreditsUsed, 'true 0', 'true 1'].sort(),
    );
    // The ended package was expired once, its 4 credits written off; the live one paid for two leads.
    expect(await balanceOf(ctx, ended)).toMatchObject({ balance: 0, credit_debited: 4 });
    expect(await balanceOf(ctx, live)).toMatchObject({ balance: 0, credit_debited: 2 });
    expect(await balanceOf(ctx, otherPackage)).toMatchObject({ balance: 1, credit_debited: 1 });
    const expiries = await ctx.database.db
      .selectFrom('credit_ledger')
      .select('amount')
      .where('user_package_id', '=', ended)
      .where('kind', '=', 'expiry')
      .execute();
    expect(expiries).toEqual([{ amount: -4 }]);
  });

  it('charges once for 20 simultaneous unlocks of one lead', async () => {
    const dealer = await createMember(ctx);
    const up = await createUserPackage(ctx, dealer.id, { credits: 10 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => unlock(dealer, leads[110]!.id)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => json<UnlockResult>(r).charged)).toHaveLength(1);
    expect((await balanceOf(ctx, up)).balance).toBe(9);
    expect(await ledgerOf(ctx, dealer.id)).toHaveLength(1);
  });

  describe('the spec calls', () => {
    it('subtracts a credit from your own package with the spec texts for each refusal', async () => {
      const dealer = await createMember(ctx);
      const up = await createUserPackage(ctx, dealer.id, { credits: 1 });
      const subtract = (id: number, who: TestMember = dealer) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/userpackage/subtractcredit/${id}`,
          headers: bearer(who),
        });
      let res = await subtract(up);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: up, packageBalanceCredits: 0 });
      res = await subtract(up);
      expect(res.json()).toMatchObject({ status: 400, message: apiMessages.noCreditsToSubtract });

      const inactive = await createUserPackage(ctx, dealer.id, { credits: 3, active: false });
      expect((await subtract(inactive)).json()).toMatchObject({
        status: 400,
        message: apiMessages.packageInactiveSubtract,
      });

      const expired = await createUserPackage(ctx, dealer.id, {
        credits: 3,
        startOffsetDays: -40,
        validity: 30,
      });
      expect((await subtract(expired)).json()).toMatchObject({
        status: 400,
        message: apiMessages.packageExpired,
      });
      expect(Boolean((await balanceOf(ctx, expired)).is_active)).toBe(false);

      const other = await createMember(ctx);
      const theirs = await createUserPackage(ctx, other.id, { credits: 3 });
      expect((await subtract(theirs)).statusCode).toBe(403);
      expect((await balanceOf(ctx, theirs)).balance).toBe(3);
      expect((await subtract(theirs, admin)).statusCode).toBe(403);
    });

    it('records a lead view only against a credit already subtracted', async () => {
      const dealer = await createMember(ctx);
      const up = await createUserPackage(ctx, dealer.id, { credits: 2 });
      const add = (leadId: number, userPackageMapId = up) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/userpackagelead/add',
          headers: bearer(dealer),
          payload: { userPackageMapId, leadId, creditDebited: 1, ipAddress: 'localhost' },
        });
      let res = await add(leads[111]!.id);
      expect(res.json()).toMatchObject({ status: 400, message: apiMessages.spendCreditFirst });
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/userpackage/subtractcredit/${up}`,
        headers: bearer(dealer),
      });
      res = await add(leads[111]!.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        userPackageMapId: up,
        leadId: leads[111]!.id,
        creditDebited: 1,
      });
      // Recording it again changes nothing; a second lead needs a second credit.
      expect((await add(leads[111]!.id)).statusCode).toBe(200);
      expect((await add(leads[112]!.id)).json()).toMatchObject({
        status: 400,
        message: apiMessages.spendCreditFirst,
      });
      expect(await ledgerOf(ctx, dealer.id)).toHaveLength(1);
      const detail = await ctx.app.inject({
        url: `/api/leads/${leads[111]!.id}`,
        headers: bearer(dealer),
      });
      expect(detail.json()).toMatchObject({ phoneNumber: leads[111]!.phone });

      // A credit subtracted for a lead that is not there comes back (a refund entry), and the answer says so.
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/userpackage/subtractcredit/${up}`,
        headers: bearer(dealer),
      });
      expect(await balanceOf(ctx, up)).toMatchObject({ balance: 0 });
      expect((await add(2_000_000_000)).json()).toMatchObject({
        status: 404,
        message: creditFlowMessages.leadNotFoundCreditReturned,
      });
      expect(await balanceOf(ctx, up)).toMatchObject({ balance: 1, credit_debited: 1 });
      expect((await add(2_000_000_000)).json()).toMatchObject({
        status: 404,
        message: apiMessages.leadNotFound,
      });
      expect(await ledgerViolations(ctx.database.db, { userIds: [dealer.id] })).toEqual([]);

      expect((await add(leads[112]!.id, 999_999)).json()).toMatchObject({
        status: 400,
        message: apiMessages.userPackageMapNotFound,
      });
      const inactive = await createUserPackage(ctx, dealer.id, { credits: 2, active: false });
      expect((await add(leads[112]!.id, inactive)).json()).toMatchObject({
        status: 400,
        message: apiMessages.userPackageMapInactive,
      });
    });

    it('answers viewed-lead lookups for yourself or an Admin only', async () => {
      const dealer = await createMember(ctx);
      const other = await createMember(ctx);
      expect(
        (
          await ctx.app.inject({
            url: `/api/userpackagelead/user/${dealer.userName}`,
            headers: bearer(other),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await ctx.app.inject({
            url: `/api/userpackagelead/user/${dealer.userName}`,
            headers: bearer(admin),
          })
        ).json(),
      ).toEqual([]);
      expect(
        (await ctx.app.inject({ url: `/api/userpackagelead/user/${dealer.userName}` })).statusCode,
      ).toBe(401);
      const check = `/api/userpackage/checkleadviewed?userId=${dealer.id}&leadId=${leads[0]!.id}`;
      expect((await ctx.app.inject({ url: check, headers: bearer(other) })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: check, headers: bearer(admin) })).json()).toBe(false);
    });
  });
});

describePostgres('PostgreSQL unlock statements under concurrency', (engine) => {
  const ctx = useTestApp(engine);
  const unlock = (who: TestMember, leadId: number) =>
    ctx.app.inject({ method: 'POST', url: `/api/leads/${leadId}/unlock`, headers: bearer(who) });

  // A set's one statement must not take more places than a lead has, nor spend more than a balance holds: it answers
  // false, and the set goes one by one after rolling it back.
  it('writes a set of decided unlocks only when every lead has the places and every package the credits', async () => {
    const [first, second] = [await createMember(ctx), await createMember(ctx)];
    const firstPackage = await createUserPackage(ctx, first.id, { credits: 2 });
    const secondPackage = await createUserPackage(ctx, second.id, { credits: 1 });
    const [roomy, nearlyFull] = await createLeads(ctx, [{}, {}]);
    if (!roomy || !nearlyFull) throw new Error('no leads');
    await ctx.database.db
      .updateTable('leads')
      .set({ unlock_count: 4 })
      .where('id', '=', nearlyFull.id)
      .execute();
    const decided = (who: TestMember, userPackageId: number, leadId: number) => ({
      userId: who.id,
      leadId,
      userPackageId,
      credits: 1 as const,
      ipAddress: '127.0.0.1',
    });
    const attempt = (unlocks: ReturnType<typeof decided>[]) =>
      ctx.database.db.transaction().execute(async (tx) => {
        const written = await recordUnlockSet(tx, unlocks, 5);
        if (!written) throw new Error('refused');
        return written;
      });
    // Two dealers for a lead with one place left: refused, and nothing of it stays.
    await expect(
      attempt([
        decided(first, firstPackage, nearlyFull.id),
        decided(second, secondPackage, nearlyFull.id),
      ]),
    ).rejects.toThrow('refused');
    // Two credits from a package holding one: refused.
    await expect(
      attempt([
        decided(second, secondPackage, roomy.id),
        decided(second, secondPackage, nearlyFull.id),
      ]),
    ).rejects.toThrow('refused');
    expect(await ledgerOf(ctx, first.id)).toEqual([]);
    expect(await ledgerOf(ctx, second.id)).toEqual([]);
    // What fits is written whole: places, unlock rows, debits and ledger entries.
    await expect(
      attempt([
        decided(first, firstPackage, roomy.id),
        decided(first, firstPackage, nearlyFull.id),
        decided(second, secondPackage, roomy.id),
      ]),
    ).resolves.toBe(true);
    expect(await balanceOf(ctx, firstPackage)).toMatchObject({ balance: 0, credit_debited: 2 });
    expect(await balanceOf(ctx, secondPackage)).toMatchObject({ balance: 0, credit_debited: 1 });
    const counts = await ctx.database.db
      .selectFrom('leads')
      .select(['id', 'unlock_count'])
      .where('id', 'in', [roomy.id, nearlyFull.id])
      .orderBy('id')
      .execute();
    expect(counts.map((c) => c.unlock_count)).toEqual([2, 5]);
    const entries = await ctx.database.db
      .selectFrom('credit_ledger')
      .select(['user_id', 'amount', 'lead_id'])
      .where('kind', '=', 'unlock')
      .where('user_id', 'in', [first.id, second.id])
      .execute();
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.amount === -1)).toBe(true);
  });

  // PostgreSQL: an unlock that waits for the member's lock reads with the snapshot its statement started with; it must
  // notice what the lock's holder (another process, here a transaction of the test's own) committed meanwhile.
  it('reads again after waiting for another process that unlocked the same lead for the member', async () => {
    const dealer = await createMember(ctx);
    const up = await createUserPackage(ctx, dealer.id, { credits: 1 });
    const [lead] = await createLeads(ctx, [{}]);
    if (!lead) throw new Error('no lead');
    let answer: Promise<Awaited<ReturnType<typeof unlock>>> | undefined;
    await ctx.database.db.transaction().execute(async (other) => {
      const state = await unlockStateOf(other, engine, dealer.id, lead.id);
      const { rows } = await sql<{
        xid: string;
      }>`select pg_current_xact_id()::text as xid`.execute(other);
      answer = unlock(dealer, lead.id);
      // The request's read now waits for this transaction's lock on the member.
      for (;;) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_locks
            where locktype = 'transactionid' and not granted and transactionid::text = ${rows[0]!.xid}`.execute(
          ctx.database.db,
        );
        if (waiting.rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const charge = await chargeUnlock(other, engine, {
        userId: dealer.id,
        leadId: lead.id,
        pkg: state.packages[0]!,
        unlimited: false,
        ipAddress: '127.0.0.1',
      });
      expect(charge).toEqual({ unlockCount: 1, balance: 0 });
    });
    const res = await answer!;
    expect(res.statusCode, res.body).toBe(200);
    expect(json<UnlockResult>(res)).toMatchObject({
      charged: false,
      lead: { id: lead.id, phoneNumber: lead.phone, unlockCount: 1 },
    });
    expect(await balanceOf(ctx, up)).toMatchObject({ balance: 0, credit_debited: 1 });
    expect(await ledgerOf(ctx, dealer.id)).toHaveLength(1);
  });
});
