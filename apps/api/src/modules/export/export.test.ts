// GET /api/me/export on each engine: the caller's own profile, packages, ledger, unlocked leads with the contacts they
// paid for, and notes, as a JSON attachment; never another member's data.
import { describe, expect, it } from 'vitest';
import type { MemberExport } from '@dealerleads/shared';
import { createUserPackage, createLeads } from '../../test/fixtures';
import {
  bearer,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';

describe.each(testEngines())('data export on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { first, second, admin } = useMembers(ctx, {
    first: {},
    second: {},
    admin: { role: 'Admin' },
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestMember, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
  const exportOf = async (who: TestMember) => {
    const res = await call('GET', '/api/me/export', who);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it("holds the caller's own data and nothing of another dealer's", async () => {
    const leads = await createLeads(ctx, [{}, {}, {}]);
    const [a, b, c] = leads;
    const firstPackage = await createUserPackage(ctx, first.id, { credits: 10 });
    await createUserPackage(ctx, second.id, { credits: 5 });
    for (const lead of [a!, b!]) {
      expect((await call('POST', `/api/leads/${lead.id}/unlock`, first)).statusCode).toBe(200);
    }
    expect((await call('POST', `/api/leads/${c!.id}/unlock`, second)).statusCode).toBe(200);
    expect(
      (
        await call('PUT', `/api/me/leads/${a!.id}`, first, {
          stage: 'contacted',
          followUpOn: '2030-01-15',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/me/leads/${a!.id}/notes`, first, { text: 'Owner asks 5.2 lakh' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', `/api/me/leads/${c!.id}/notes`, second, { text: 'Second dealer secret' }))
        .statusCode,
    ).toBe(201);

    expect(
      (
        await call('POST', '/api/saved-searches', first, {
          name: 'Noida Swifts',
          filters: { city: 'Noida' },
        })
      ).statusCode,
    ).toBe(201);

    const res = await exportOf(first);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="dealerleads-${first.userName}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = json<MemberExport>(res);
    expect(data.profile).toMatchObject({ id: first.id, userName: first.userName });
    expect(JSON.stringify(data)).not.toMatch(/password|argon2/i);
    expect(data.packages.map((p) => p.id)).toEqual([firstPackage]);
    expect(data.packages[0]!.packageBalanceCredits).toBe(8);
    const kinds = data.ledger.map((e) => e.kind).sort();
    expect(kinds.filter((k) => k === 'unlock')).toHaveLength(2);
    expect(data.ledger.every((e) => e.userPackageId === firstPackage)).toBe(true);
    // The contacts the dealer paid for, in full, with stage and follow-up.
    expect(
      data.unlockedLeads
        .map((l) => [l.leadId, l.phoneNumber])
        .sort((x, y) => Number(x[0]) - Number(y[0])),
    ).toEqual([
      [a!.id, a!.phone],
      [b!.id, b!.phone],
    ]);
    expect(data.unlockedLeads.find((l) => l.leadId === a!.id)).toMatchObject({
      stage: 'contacted',
      followUpOn: '2030-01-15',
      lastNote: 'Owner asks 5.2 lakh',
    });
    expect(data.notes.map((n) => [n.leadId, n.text])).toEqual([[a!.id, 'Owner asks 5.2 lakh']]);
    expect(data.savedSearches.map((s) => [s.name, s.filters.city])).toEqual([
      ['Noida Swifts', 'Noida'],
    ]);

    // Nothing of the second dealer: their lead's phone, their note, their package.
    const raw = res.body;
    expect(raw).not.toContain(c!.phone);
    expect(raw).not.toContain('Second dealer secret');
    expect(raw).not.toContain(second.userName);

    const other = json<MemberExport>(await exportOf(second));
    expect(other.profile.id).toBe(second.id);
    expect(other.unlockedLeads.map((l) => l.phoneNumber)).toEqual([c!.phone]);
    expect(other.notes.map((n) => n.text)).toEqual(['Second dealer secret']);
    expect(other.savedSearches).toEqual([]);
    expect(JSON.stringify(other)).not.toContain(a!.phone);
  });

  it("gives an Admin their own data, not the marketplace's", async () => {
    const data = json<MemberExport>(await exportOf(admin));
    expect(data.profile.id).toBe(admin.id);
    expect(data.packages).toEqual([]);
    expect(data.ledger).toEqual([]);
    expect(data.unlockedLeads).toEqual([]);
    expect(data.notes).toEqual([]);
    expect(data.savedSearches).toEqual([]);
  });

  it('refuses anonymous callers and takes no one else as a parameter', async () => {
    const res = await ctx.app.inject({ url: '/api/me/export' });
    expect(res.statusCode).toBe(401);
    const asked = await ctx.app.inject({
      url: `/api/me/export?userId=${second.id}&userName=${second.userName}`,
      headers: bearer(first),
    });
    expect(json<MemberExport>(asked).profile.id).toBe(first.id);
  });
});
