// A lead page shows a dealer's own unlocks exactly, on each engine: kept in memory per dealer (unlocked-leads.ts) while
// the dealer's unlocks revision stands, and asked per page (a range read, or the page's leads probed one by one) for a
// dealer with more unlocks than are kept. Unlocks written past the API (another process, a tool) show at once.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@dealerleads/shared';
import {
  bearer,
  createMember,
  testEngines,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { createUserPackage, createLeads, recordUnlockOutsideApi } from '../../test/fixtures';
import { UnlockedLeads } from './unlocked-leads';

describe.each(testEngines())('unlock flags on lead pages on %s', (engine) => {
  const ctx = useTestApp(engine);
  let many: TestMember;
  let few: TestMember;
  const unlockedBy = new Map<number, Set<number>>();

  async function unlock(member: TestMember, leadId: number) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${leadId}/unlock`,
      headers: bearer(member),
    });
    expect(res.statusCode).toBe(200);
    unlockedBy.get(member.id)!.add(leadId);
  }

  beforeAll(async () => {
    const leads = await createLeads(
      ctx,
      Array.from({ length: 300 }, (_, i) => ({ city: i % 2 ? 'Noida' : 'Gurugram' })),
    );
    many = await createMember(ctx, { role: 'Dealer' });
    few = await createMember(ctx, { role: 'Dealer' });
    await createUserPackage(ctx, many.id, { credits: 200 });
    await createUserPackage(ctx, few.id, { credits: 10 });
    unlockedBy.set(many.id, new Set());
    unlockedBy.set(few.id, new Set());
    const newestFirst = leads.map((l) => l.id).sort((a, b) => b - a);
    // 130 unlocks spread over the newest 260 leads: every page's id range holds more than one range read returns.
    for (const id of newestFirst.slice(0, 260).filter((_, i) => i % 2 === 0))
      await unlock(many, id);
    for (const id of [newestFirst[0]!, newestFirst[61]!, newestFirst[299]!]) await unlock(few, id);
  });

  it.each([
    ['?pageNumber=1'],
    ['?pageNumber=2'],
    ['?pageNumber=5'],
    ['?city=Noida&pageSize=100'],
    ['?city=Gurugram&pageNumber=2&pageSize=25'],
    ['?pageSize=100&pageNumber=3'],
  ])('flags exactly the caller’s unlocked leads on %s', async (query) => {
    for (const member of [many, few]) {
      const res = await ctx.app.inject({ url: `/api/leads${query}`, headers: bearer(member) });
      expect(res.statusCode).toBe(200);
      const leads = res.json<Lead[]>();
      expect(leads.length).toBeGreaterThan(0);
      const mine = unlockedBy.get(member.id)!;
      for (const lead of leads) {
        expect(lead.unlocked).toBe(mine.has(lead.id));
        expect(lead.phoneNumber.startsWith('X')).toBe(!mine.has(lead.id));
      }
    }
  });

  it('shows unlocks written or removed outside the API on the next page', async () => {
    const { db } = ctx.database;
    const page = async () =>
      (await ctx.app.inject({ url: '/api/leads?pageSize=5', headers: bearer(few) })).json<Lead[]>();
    const [first, second] = await page();
    expect([first!.unlocked, second!.unlocked]).toEqual([true, false]);
    await recordUnlockOutsideApi(ctx, few.id, second!.id);
    expect((await page()).slice(0, 2).map((l) => l.unlocked)).toEqual([true, true]);
    await db
      .deleteFrom('lead_unlocks')
      .where('user_id', '=', few.id)
      .where('lead_id', 'in', [first!.id, second!.id])
      .execute();
    expect((await page()).slice(0, 2).map((l) => l.unlocked)).toEqual([false, false]);
    for (const id of [first!.id, second!.id]) unlockedBy.get(few.id)!.delete(id);
  });

  it('never answers from an older unlocks revision than it has read (a caller remembered from before)', async () => {
    const { db } = ctx.database;
    const dealer = await createMember(ctx, { role: 'Dealer' });
    await createUserPackage(ctx, dealer.id, { credits: 1 });
    const [lead] = await createLeads(ctx, [{}]);
    await recordUnlockOutsideApi(ctx, dealer.id, lead!.id);
    const { unlocks_revision: revision } = await db
      .selectFrom('users')
      .select('unlocks_revision')
      .where('id', '=', dealer.id)
      .executeTakeFirstOrThrow();
    const unlocks = new UnlockedLeads();
    expect(await unlocks.among(db, dealer.id, revision, [lead!.id])).toEqual(new Set([lead!.id]));
    // Gone from the database now, but an older revision is answered from the ids read at the newer one, not read again.
    await db.deleteFrom('lead_unlocks').where('user_id', '=', dealer.id).execute();
    for (const older of [revision - 1, 0])
      expect(await unlocks.among(db, dealer.id, older, [lead!.id])).toEqual(new Set([lead!.id]));
  });

  it('answers the same from memory and per page for a dealer with more unlocks than are kept', async () => {
    const { db } = ctx.database;
    const leadIds = (await db.selectFrom('leads').select('id').execute()).map((r) => r.id);
    const revisionOf = async (id: number) =>
      (
        await db
          .selectFrom('users')
          .select('unlocks_revision')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).unlocks_revision;
    const kept = new UnlockedLeads(10, 200);
    const asked = new UnlockedLeads(10, 100);
    for (const member of [many, few]) {
      const revision = await revisionOf(member.id);
      expect(revision).toBeGreaterThan(0);
      const expected = unlockedBy.get(member.id)!;
      for (const source of [kept, asked]) {
        const found = await source.among(db, member.id, revision, leadIds);
        expect([...found].sort()).toEqual([...expected].sort());
      }
    }
  });
});
