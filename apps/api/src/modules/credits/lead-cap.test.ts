// The cap per lead on each engine: at most maxDealersPerLead dealers unlock a lead, the rest are refused without a
// charge, under any concurrency and through either unlock path.
import { describe, expect, it } from 'vitest';
import { apiMessages, creditFlowMessages, type Lead } from '@dealerleads/shared';
import { bearer, json, testEngines, useMembers, useTestApp } from '../../test/test-app';
import { balanceOf, createUserPackage, createLeads } from '../../test/fixtures';
import { HttpError } from '../../plugins/errors';
import { addDealers, addUserPackages } from '../../reliability/world';
import { ledgerViolations } from '../../reliability/ledger-check';
import { unlockLead } from '../unlocks/unlocks.service';
import { updateSettings } from '../settings/settings.service';
import { SYSTEM_ACTOR } from '../audit/audit.service';

describe.each(testEngines())('the cap per lead on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, a, b, c } = useMembers(ctx, {
    admin: { role: 'Admin' },
    a: {},
    b: {},
    c: {},
  });

  const setCap = (maxDealersPerLead: number) =>
    updateSettings(ctx.database.db, ctx.database.engine, SYSTEM_ACTOR, { maxDealersPerLead });
  const unlockCount = async (leadId: number) =>
    (
      await ctx.database.db
        .selectFrom('leads')
        .select('unlock_count')
        .where('id', '=', leadId)
        .executeTakeFirstOrThrow()
    ).unlock_count;

  it('lets 2 of 3 dealers unlock a lead capped at 2; the third is refused and not charged', async () => {
    await setCap(2);
    const [lead] = await createLeads(ctx, [{}]);
    const packages = await Promise.all(
      [a, b, c].map((m) => createUserPackage(ctx, m.id, { credits: 3 })),
    );
    const unlock = (who: typeof a) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/leads/${lead!.id}/unlock`,
        headers: bearer(who),
      });
    expect((await unlock(a)).statusCode).toBe(200);
    expect((await unlock(b)).statusCode).toBe(200);
    const refused = await unlock(c);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400, message: creditFlowMessages.soldOut });
    expect(refused.body).not.toContain(lead!.phone);
    expect((await balanceOf(ctx, packages[2]!)).balance).toBe(3);
    // A dealer who has it opens it again for free; an Admin is not counted.
    expect((await unlock(a)).json()).toMatchObject({ charged: false });
    expect((await unlock(admin)).statusCode).toBe(200);
    expect(await unlockCount(lead!.id)).toBe(2);
    // The spec's record-a-view path is held to the same cap.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/userpackage/subtractcredit/${packages[2]}`,
      headers: bearer(c),
    });
    const view = await ctx.app.inject({
      method: 'POST',
      url: '/api/userpackagelead/add',
      headers: bearer(c),
      payload: { userPackageMapId: packages[2], leadId: lead!.id, creditDebited: 1 },
    });
    // The credit subtract-credit took comes back in the ledger, so the message is true.
    expect(view.json()).toMatchObject({ status: 400, message: creditFlowMessages.soldOutCreditReturned });
    expect(await unlockCount(lead!.id)).toBe(2);
    expect(await balanceOf(ctx, packages[2]!)).toMatchObject({ balance: 3, credit_debited: 0 });
    const refund = await ctx.database.db
      .selectFrom('credit_ledger')
      .select(['kind', 'amount', 'lead_id', 'dispute_id'])
      .where('user_package_id', '=', packages[2]!)
      .orderBy('id')
      .execute();
    expect(refund).toEqual([
      expect.objectContaining({ kind: 'grant' }),
      expect.objectContaining({ kind: 'unlock', amount: -1 }),
      { kind: 'refund', amount: 1, lead_id: lead!.id, dispute_id: null },
    ]);
    // Without a subtracted credit to give back, the refusal says no credit was used (and none was).
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/userpackagelead/add',
      headers: bearer(c),
      payload: { userPackageMapId: packages[2], leadId: lead!.id, creditDebited: 1 },
    });
    expect(again.json()).toMatchObject({ status: 400, message: apiMessages.spendCreditFirst });
    expect(await ledgerViolations(ctx.database.db, { userIds: [a.id, b.id, c.id] })).toEqual([]);
  });

  it('lets exactly the cap of 100 dealers unlocking one lead at once succeed', async () => {
    await setCap(5);
    const [lead] = await createLeads(ctx, [{}]);
    const dealers = await addDealers(ctx.database.db, 100);
    await addUserPackages(
      ctx.database.db,
      dealers.map((d) => ({ userId: d.id, kind: 'credits' as const, credits: 2 })),
    );
    const outcomes = await Promise.all(
      dealers.map((d) =>
        unlockLead(ctx.database.db, engine, d, lead!.id, '203.0.113.9').then(
          () => 'ok',
          (error: unknown) => (error instanceof HttpError ? error.message : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
    expect(outcomes.filter((o) => o === creditFlowMessages.soldOut)).toHaveLength(95);
    expect(await unlockCount(lead!.id)).toBe(5);
    const rows = await ctx.database.db
      .selectFrom('lead_unlocks')
      .select('user_id')
      .where('lead_id', '=', lead!.id)
      .execute();
    expect(rows).toHaveLength(5);
    expect(await ledgerViolations(ctx.database.db, { userIds: dealers.map((d) => d.id) })).toEqual(
      [],
    );
  });

  it('shows every caller how many dealers unlocked a lead and the cap, never who; dealers hide sold-out leads by default', async () => {
    await setCap(2);
    const [full, open] = await createLeads(ctx, [{ city: 'Sonipat' }, { city: 'Sonipat' }]);
    await Promise.all([a, b].map((m) => createUserPackage(ctx, m.id, { credits: 2 })));
    const unlock = async (who: typeof a) =>
      json<{ lead: Lead }>(
        await ctx.app.inject({
          method: 'POST',
          url: `/api/leads/${full!.id}/unlock`,
          headers: bearer(who),
        }),
      ).lead;
    expect(await unlock(a)).toMatchObject({ unlockCount: 1, maxDealers: 2 });
    expect(await unlock(b)).toMatchObject({ unlockCount: 2, maxDealers: 2 });

    const detail = await ctx.app.inject({ method: 'GET', url: `/api/leads/${full!.id}` });
    expect(json<Lead>(detail)).toMatchObject({ unlockCount: 2, maxDealers: 2, unlocked: false });
    for (const who of [a, b]) {
      expect(detail.body).not.toContain(who.userName);
      expect(detail.body).not.toContain(`"${who.id}"`);
    }

    const list = async (who: typeof a | undefined, query = '') => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/leads?city=Sonipat&pageSize=100${query}`,
        headers: bearer(who),
      });
      expect(res.statusCode).toBe(200);
      return json<Lead[]>(res);
    };
    const ids = async (who: typeof a | undefined, query = '') =>
      (await list(who, query)).map((l) => l.id);
    // A dealer: sold-out leads hidden unless they ask for them; the others on the list as they are.
    expect(await ids(c)).toEqual([open!.id]);
    expect(await ids(c, '&hideSoldOut=true')).toEqual([open!.id]);
    expect(await ids(c, '&hideSoldOut=false')).toEqual([open!.id, full!.id]);
    expect((await list(c, '&hideSoldOut=false'))[1]).toMatchObject({
      unlockCount: 2,
      maxDealers: 2,
    });
    // Anyone else sees them unless they ask otherwise.
    for (const who of [undefined, admin]) {
      expect(await ids(who)).toEqual([open!.id, full!.id]);
      expect(await ids(who, '&hideSoldOut=1')).toEqual([open!.id]);
    }
    // The cap is compared when the list is asked: a raised cap brings the lead back at once.
    await setCap(3);
    expect(await ids(c)).toEqual([open!.id, full!.id]);
    expect((await list(c))[1]).toMatchObject({ unlockCount: 2, maxDealers: 3 });
    await setCap(1);
    expect(await ids(c)).toEqual([open!.id]);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/leads?hideSoldOut=maybe',
      headers: bearer(c),
    });
    expect(bad.statusCode).toBe(400);
  });
});
