// Admin insights through real HTTP on each engine: every figure of a small hand-made data set against the numbers worked
// out by hand, India days at the UTC boundary, rollups following price changes, defaults and refusals. On SQLite the
// figures are read on the off-thread reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '@dealerleads/shared';
import {
  bearer,
  createMember,
  createTestApp,
  json,
  testEngines,
  type TestContext,
  type TestMember,
} from '../../test/test-app';
import { createUserPackage, createLeads } from '../../test/fixtures';

describe.each(testEngines())('admin insights on %s', (engine) => {
  let ctx: TestContext;
  let admin: TestMember;
  let dealerA: TestMember;
  let dealerB: TestMember;
  let ids: number[];

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await createMember(ctx, { role: 'Admin' });
    dealerA = await createMember(ctx);
    dealerB = await createMember(ctx);
    const packageA = await createUserPackage(ctx, dealerA.id, { credits: 10 });
    const packageB = await createUserPackage(ctx, dealerB.id, { credits: 10 });
    const leads = await createLeads(ctx, [
      // 15:30 in India on 1 March.
      {
        created_on: '2026-03-01T10:00:00.000Z',
        city: 'Noida',
        brand: 'hyundai',
        model: 'Creta',
        price: 550_000,
        // Its number proven by an SMS code, as the Swift's.
        phone_verified: 1,
        verified_on: '2026-03-01T10:00:00.000Z',
      },
      // 20:00 UTC on 1 March is 01:30 on 2 March in India: an India day of its own.
      {
        created_on: '2026-03-01T20:00:00.000Z',
        city: 'Noida',
        brand: 'hyundai',
        model: 'Venue',
        price: 950_000,
      },
      {
        created_on: '2026-03-02T05:00:00.000Z',
        city: 'Gurugram',
        brand: 'maruti_suzuki',
        model: 'Swift',
        price: 150_000,
        phone_verified: 1,
        verified_on: '2026-03-02T05:00:00.000Z',
      },
      {
        created_on: '2026-03-10T05:00:00.000Z',
        city: 'Gurugram',
        brand: 'hyundai',
        model: 'Creta',
        price: 3_000_000,
      },
      {
        created_on: '2026-02-28T10:00:00.000Z',
        city: 'Faridabad',
        brand: 'kia',
        model: 'Seltos',
        price: 800_000,
      },
    ]);
    ids = leads.map((l) => l.id);
    const unlock = (user: number, pkg: number, lead: number, at: string, credits: number) => ({
      user_id: user,
      user_package_id: pkg,
      lead_id: lead,
      credit_debited: credits,
      ip_address: null,
      created_on: at,
    });
    await ctx.database.db
      .insertInto('lead_unlocks')
      .values([
        unlock(dealerA.id, packageA, ids[0]!, '2026-03-02T06:00:00.000Z', 1),
        unlock(dealerB.id, packageB, ids[0]!, '2026-03-02T07:00:00.000Z', 1),
        unlock(dealerA.id, packageA, ids[2]!, '2026-03-11T06:00:00.000Z', 0),
        unlock(dealerB.id, packageB, ids[4]!, '2026-03-01T06:00:00.000Z', 1),
      ])
      .execute();
    // Disputes of those unlocks and the refunds of the approved ones, at the edges of India's 1–2 March.
    const unlockIds = (
      await ctx.database.db.selectFrom('lead_unlocks').select('id').orderBy('id').execute()
    ).map((r) => r.id);
    const dispute = (
      unlock: number,
      user: number,
      lead: number,
      at: string,
      status: 'pending' | 'approved' | 'rejected',
    ) => ({
      unlock_id: unlockIds[unlock]!,
      user_id: user,
      lead_id: lead,
      reason: 'wrong_number' as const,
      note: null,
      status,
      admin_note: null,
      created_on: at,
      decided_on: status === 'pending' ? null : at,
      decided_by: null,
      refund_entry_id: null,
    });
    const disputes = await ctx.database.db
      .insertInto('disputes')
      .values([
        // 23:59 on 2 March in India: in the period; its refund at 00:01 on 3 March is not.
        dispute(0, dealerA.id, ids[0]!, '2026-03-02T18:29:00.000Z', 'approved'),
        // 00:00 on 1 March in India: in the period, and so is its refund.
        dispute(1, dealerB.id, ids[0]!, '2026-02-28T18:30:00.000Z', 'approved'),
        // A millisecond before 1 March in India: not in the period.
        dispute(3, dealerB.id, ids[4]!, '2026-02-28T18:29:59.999Z', 'rejected'),
        // The free unlock's dispute, approved without a refund, on 11 March.
        dispute(2, dealerA.id, ids[2]!, '2026-03-11T07:00:00.000Z', 'approved'),
      ])
      .returning('id')
      .execute();
    await ctx.database.db
      .insertInto('credit_ledger')
      .values(
        (
          [
            [dealerA.id, packageA, ids[0]!, disputes[0]!.id, '2026-03-02T18:31:00.000Z'],
            [dealerB.id, packageB, ids[0]!, disputes[1]!.id, '2026-03-01T04:00:00.000Z'],
          ] as const
        ).map(([user, pkg, lead, disputeId, at]) => ({
          user_id: user,
          user_package_id: pkg,
          kind: 'refund' as const,
          amount: 1,
          lead_id: lead,
          dispute_id: disputeId,
          created_on: at,
        })),
      )
      .execute();
  });
  afterAll(async () => ctx.close());

  const insights = async (query: string, member: TestMember = admin) => {
    const res = await ctx.app.inject({
      url: `/api/admin/insights${query}`,
      headers: bearer(member),
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<Insights>(res);
  };

  it('gives the figures worked out by hand for 1–2 March (India days)', async () => {
    const readsBefore = ctx.database.offThreadReads?.().reads;
    const answer = await insights('?from=2026-03-01&to=2026-03-02');
    // SQLite reads the rollups on its worker thread (a year of them is ~100 ms of work): the seven statements.
    if (readsBefore !== undefined)
      expect(ctx.database.offThreadReads!().reads).toBe(readsBefore + 7);
    expect(answer.from).toBe('2026-03-01');
    expect(answer.kpis).toEqual({
      newLeads: 3,
      unlocks: 3,
      unlockedLeads: 2,
      unlockRate: 2 / 3,
      creditsUsed: 3,
      creditsSold: 0,
      revenue: 0,
      activeDealers: 2,
      // Worked out by hand from the disputes above: opened on 1–2 March, and refund entries of 1–2 March.
      disputes: 2,
      refunds: 1,
      verifiedLeads: 2,
      verifiedShare: 2 / 3,
    });
    expect(answer.perDay).toEqual([
      { day: '2026-03-01', leads: 1, unlocks: 1 },
      { day: '2026-03-02', leads: 2, unlocks: 2 },
    ]);
    expect(answer.byCity).toEqual([
      { city: 'Noida', leads: 2 },
      { city: 'Gurugram', leads: 1 },
    ]);
    expect(answer.topBrands).toEqual([
      { brand: 'hyundai', leads: 2 },
      { brand: 'maruti_suzuki', leads: 1 },
    ]);
    expect(answer.topModels).toEqual([
      { brand: 'hyundai', model: 'Creta', leads: 1 },
      { brand: 'hyundai', model: 'Venue', leads: 1 },
      { brand: 'maruti_suzuki', model: 'Swift', leads: 1 },
    ]);
    expect(answer.priceBands.filter((b) => b.leads > 0)).toEqual([
      { min: 0, max: 200_000, leads: 1 },
      { min: 400_000, max: 600_000, leads: 1 },
      { min: 800_000, max: 1_000_000, leads: 1 },
    ]);
    expect(answer.priceBands.at(-1)).toEqual({ min: 2_500_000, max: null, leads: 0 });
  });

  it('wires revenue (confirmed orders by decision time) and credits sold (their grants) by India days', async () => {
    const packageId = (
      await ctx.database.db.selectFrom('packages').select('id').limit(1).executeTakeFirstOrThrow()
    ).id;
    const orderOf = async (
      status: 'confirmed' | 'rejected' | 'pending',
      amount: number,
      credits: number,
      decidedOn: string | null,
    ) => {
      const userPackage = await createUserPackage(ctx, dealerA.id, { credits });
      const order = await ctx.database.db
        .insertInto('orders')
        .values({
          reference: `DL-TEST-${amount}`,
          user_id: dealerA.id,
          package_id: packageId,
          package_name: 'Test',
          package_type: 'Lead',
          package_credits: credits,
          package_unit: 'Leads',
          package_validity: 30,
          amount,
          status,
          created_on: '2026-03-30T00:00:00.000Z',
          expires_on: '2026-04-01T00:00:00.000Z',
          decided_on: decidedOn,
          user_package_id: status === 'confirmed' ? userPackage : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The grant createUserPackage wrote stands for an Admin's assignment; a bought package's grant names its order.
      if (status === 'confirmed')
        await ctx.database.db
          .insertInto('credit_ledger')
          .values({
            user_id: dealerA.id,
            user_package_id: userPackage,
            kind: 'grant',
            amount: credits,
            order_id: order.id,
            created_on: decidedOn!,
          })
          .execute();
    };
    // 00:30 on 1 April in India: in.
    await orderOf('confirmed', 4999, 25, '2026-03-31T19:00:00.000Z');
    // 23:30 on 31 March in India: out.
    await orderOf('confirmed', 1000, 10, '2026-03-31T18:00:00.000Z');
    // Rejected and pending orders never count.
    await orderOf('rejected', 2000, 20, '2026-04-01T05:00:00.000Z');
    await orderOf('pending', 3000, 30, null);
    // 23:59 on 2 April in India: in.
    await orderOf('confirmed', 2500, 5, '2026-04-02T18:29:00.000Z');
    // 00:00 on 3 April in India: out.
    await orderOf('confirmed', 700, 7, '2026-04-02T18:30:00.000Z');
    const answer = await insights('?from=2026-04-01&to=2026-04-02');
    expect(answer.creditFigures).toBe(true);
    expect(answer.kpis).toMatchObject({ revenue: 4999 + 2500, creditsSold: 25 + 5 });
    expect((await insights('?from=2026-03-31&to=2026-03-31')).kpis).toMatchObject({
      revenue: 1000,
      creditsSold: 10,
    });
  });

  it('covers a longer period with empty days, and follows new leads, unlocks and price changes', async () => {
    let answer = await insights('?from=2026-02-28&to=2026-03-11');
    expect(answer.perDay).toHaveLength(12);
    expect(answer.kpis).toMatchObject({
      newLeads: 5,
      unlocks: 4,
      unlockedLeads: 3,
      creditsUsed: 3,
      activeDealers: 2,
      // Every dispute; both refunds (the free unlock's approval refunded nothing).
      disputes: 4,
      refunds: 2,
      verifiedLeads: 2,
      verifiedShare: 2 / 5,
    });
    expect(answer.perDay.find((d) => d.day === '2026-03-05')).toEqual({
      day: '2026-03-05',
      leads: 0,
      unlocks: 0,
    });
    expect(answer.priceBands.find((b) => b.min === 2_500_000)?.leads).toBe(1);

    // The Venue's price falls from 9.5 to 4.5 lakh: it moves band.
    await ctx.database.db
      .updateTable('leads')
      .set({ price: 450_000 })
      .where('id', '=', ids[1]!)
      .execute();
    // A second unlock of an unlocked lead adds an unlock, not an unlocked lead.
    const pkg = await createUserPackage(ctx, admin.id, { credits: 5 });
    await ctx.database.db
      .insertInto('lead_unlocks')
      .values({
        user_id: admin.id,
        user_package_id: pkg,
        lead_id: ids[2]!,
        credit_debited: 1,
        ip_address: null,
        created_on: '2026-03-11T08:00:00.000Z',
      })
      .execute();
    // The Venue's owner proves the number; the Swift's proof is taken back.
    await ctx.database.db
      .updateTable('leads')
      .set({ phone_verified: 1, verified_on: '2026-03-05T08:00:00.000Z' })
      .where('id', '=', ids[1]!)
      .execute();
    await ctx.database.db
      .updateTable('leads')
      .set({ phone_verified: 0, verified_on: null })
      .where('id', '=', ids[2]!)
      .execute();
    answer = await insights('?from=2026-02-28&to=2026-03-11');
    expect(answer.kpis).toMatchObject({ verifiedLeads: 2, verifiedShare: 2 / 5 });
    expect((await insights('?from=2026-03-02&to=2026-03-02')).kpis).toMatchObject({
      newLeads: 2,
      verifiedLeads: 1,
    });
    expect(answer.priceBands.find((b) => b.min === 800_000)?.leads).toBe(1); // only the Seltos is left there
    expect(answer.priceBands.find((b) => b.min === 400_000)?.leads).toBe(2);
    expect(answer.kpis).toMatchObject({
      unlocks: 5,
      unlockedLeads: 3,
      creditsUsed: 4,
      activeDealers: 3,
    });
  });

  it('counts a lead submitted today, and takes the last 30 days by default', async () => {
    const before = await insights('');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        year: 2020,
        brand: 'honda',
        model: 'City',
        ownerType: 'first',
        transmission: 'manual',
        fuelType: 'petrol',
        seats: 5,
        fullName: 'Today Owner',
        city: 'Noida',
        phoneNumber: '9811177001',
        price: 700_000,
        consent: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const after = await insights('');
    expect(after.perDay).toHaveLength(30);
    expect(after.kpis.newLeads).toBe(before.kpis.newLeads + 1);
    expect(after.perDay.at(-1)!.leads).toBe(before.perDay.at(-1)!.leads + 1);
  });

  it.each([
    ['from after to', '?from=2026-03-05&to=2026-03-01', 'from'],
    ['a bad date', '?from=2026-13-01', 'from'],
    ['more than 366 days', '?from=2024-01-01&to=2025-06-01', 'from'],
    // Found by the fuzzer: the last day of year 9999 alone made the day walk run forever.
    ['a day past this millennium', '?to=9999-12-31', 'to'],
    ['a day before 2000', '?from=0001-01-01', 'from'],
  ])('refuses %s with a validation error', async (_name, query, field) => {
    const res = await ctx.app.inject({
      url: `/api/admin/insights${query}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
  });

  it('is for Admins only', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/insights' })).statusCode).toBe(401);
    const res = await ctx.app.inject({ url: '/api/admin/insights', headers: bearer(dealerA) });
    expect(res.statusCode).toBe(403);
  });
});
