// Owners' privacy before an unlock (issue 40 item 5), on each engine and through every way a lead is read: a visitor
// and a dealer see the owner's first name and initial only, in the list and the detail; the full name never leaves
// the server until that dealer unlocks the lead (or for an Admin); and no search finds a lead by the owner's name.
import { describe, expect, it } from 'vitest';
import type { Lead } from '@dealerleads/shared';
import { createUserPackage, createLeads } from '../../test/fixtures';
import { bearer, json, testEngines, useMembers, useTestApp } from '../../test/test-app';

const FULL = 'Quennell Farooqui';
const SHOWN = 'Quennell F.';

describe.each(testEngines())("owners' names on %s", (engine) => {
  const ctx = useTestApp(engine);
  const { dealer, other, admin } = useMembers(ctx, {
    dealer: { role: 'Dealer' },
    other: { role: 'Dealer' },
    admin: { role: 'Admin' },
  });

  const read = (url: string, who?: { token: string }) =>
    ctx.app.inject({ url, ...(who ? { headers: bearer(who) } : {}) });

  it('shows the first name and initial only before an unlock, the full name after it, to that dealer', async () => {
    const [lead] = await createLeads(ctx, [{ full_name: FULL, city: 'Privacypur' }]);
    const id = lead!.id;
    for (const who of [undefined, dealer, other]) {
      const detail = await read(`/api/leads/${id}`, who);
      expect(detail.statusCode).toBe(200);
      expect(json<Lead>(detail).fullName).toBe(SHOWN);
      const list = await read('/api/leads?city=Privacypur', who);
      expect(json<Lead[]>(list).map((l) => l.fullName)).toEqual([SHOWN]);
      // Not in any field, nor in any header.
      for (const res of [detail, list]) {
        expect(res.body).not.toContain('Farooqui');
        expect(JSON.stringify(res.headers)).not.toContain('Farooqui');
      }
    }
    // Nobody finds it by the owner's name: no search, and the name filter is an Admin's.
    for (const who of [undefined, dealer]) {
      for (const query of ['searchterm=farooqui', 'searchterm=quennell', 'name=farooqui']) {
        const found = json<Lead[]>(await read(`/api/leads?city=Privacypur&${query}`, who));
        if (query.startsWith('name=')) expect(found.map((l) => l.id)).toEqual([id]);
        else expect(found).toEqual([]);
      }
    }
    // Unlocked by one dealer: that dealer sees it in full; another dealer still does not.
    await createUserPackage(ctx, dealer.id, { credits: 1 });
    const unlock = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${id}/unlock`,
      headers: bearer(dealer),
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect(json<Lead>(await read(`/api/leads/${id}`, dealer)).fullName).toBe(FULL);
    expect(json<Lead>(await read(`/api/leads/${id}`, other)).fullName).toBe(SHOWN);
    expect(json<Lead>(await read(`/api/leads/${id}`)).fullName).toBe(SHOWN);
    expect(json<Lead>(await read(`/api/leads/${id}`, admin)).fullName).toBe(FULL);
  });
});
