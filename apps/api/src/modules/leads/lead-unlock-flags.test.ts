// A lead page shows a dealer's own unlocks exactly, whether the dealer unlocked a few leads (one range read) or many
// inside the page's id range (the page's leads probed one by one), on each engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@dealerleads/shared';
import {
  bearer,
  createMember,
  createTestApp,
  testEngines,
  type TestContext,
  type TestMember,
} from '../../test/test-app';
import { givePackage, insertLeads } from '../../test/fixtures';

describe.each(testEngines())('unlock flags on lead pages on %s', (engine) => {
  let ctx: TestContext;
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
    ctx = await createTestApp(engine);
    const leads = await insertLeads(
      ctx,
      Array.from({ length: 300 }, (_, i) => ({ city: i % 2 ? 'Noida' : 'Gurugram' })),
    );
    many = await createMember(ctx, { role: 'Dealer' });
    few = await createMember(ctx, { role: 'Dealer' });
    await givePackage(ctx, many.id, { credits: 200 });
    await givePackage(ctx, few.id, { credits: 10 });
    unlockedBy.set(many.id, new Set());
    unlockedBy.set(few.id, new Set());
    const newestFirst = leads.map((l) => l.id).sort((a, b) => b - a);
    // 130 unlocks spread over the newest 260 leads: every page's id range holds more than one range read returns.
    for (const id of newestFirst.slice(0, 260).filter((_, i) => i % 2 === 0))
      await unlock(many, id);
    for (const id of [newestFirst[0]!, newestFirst[61]!, newestFirst[299]!]) await unlock(few, id);
  });
  afterAll(async () => ctx.close());

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
});
