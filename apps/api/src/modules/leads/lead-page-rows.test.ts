// A page's rows as the list reads them (one statement with the versions; on SQLite through one JSON text) are the rows
// as stored: every shown column, any text, NULLs and numbers, newest first, on each database engine.
import { describe, expect, it } from 'vitest';
import { leadSchema, type Lead } from '@dealerleads/shared';
import { bearer, testEngines, useMembers, useTestApp } from '../../test/test-app';
import { insertLeads } from '../../test/fixtures';
import { currentLeadsVersion } from './lead-list-engine';
import { waitForLeadList } from './lead-list-test-helpers';
import { LEAD_SHOWN_COLUMNS, leadRowsAndVersions, maskPhone } from './leads.repository';

describe.each(testEngines())('a page of lead rows on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer } = useMembers(ctx, { dealer: {} });

  it('reads every shown column as stored, newest first, with the current versions', async () => {
    const leads = await insertLeads(ctx, [
      { full_name: 'Ravi "Kumar" \\ Ñandú 😀 रवि', km_driven: null, status: 0 },
      { full_name: "O'Brien\nTab\tEnd", city: 'Navi Mumbai', price: 2_147_483_647 },
      { full_name: 'Amit Verma', year: 2007, seats: 7 },
    ]);
    const ids = leads.map((lead) => lead.id);
    const { db } = ctx.database;
    // The dealer's unlocks revision moves with an unlock: read it as it stands after one.
    await db
      .updateTable('users')
      .set({ unlocks_revision: 3 })
      .where('id', '=', dealer.id)
      .execute();
    const stored = await db
      .selectFrom('leads')
      .select(LEAD_SHOWN_COLUMNS)
      .where('id', 'in', ids)
      .orderBy('id', 'desc')
      .execute();
    // Asked in any order, one id twice and one that does not exist: each stored lead once, newest first.
    const read = await leadRowsAndVersions(db, [ids[1]!, 99_999_999, ids[0]!, ids[2]!], dealer.id);
    // Only the shown columns count (PostgreSQL's rows carry the versions along).
    const shown = (row: object) =>
      Object.fromEntries(LEAD_SHOWN_COLUMNS.map((c) => [c, (row as Record<string, unknown>)[c]]));
    expect(read.rows.map(shown)).toEqual(stored);
    expect(read.rows.map((row) => row.id)).toEqual([...ids].reverse());
    expect(read.version).toBe(await currentLeadsVersion(db));
    const { unlocks_revision } = await db
      .selectFrom('users')
      .select('unlocks_revision')
      .where('id', '=', dealer.id)
      .executeTakeFirstOrThrow();
    expect(read.unlocksRevision).toBe(Number(unlocks_revision));
    expect(read.unlocksRevision).toBe(3);
    expect(read.version).toBeGreaterThan(0);
  });

  it("sends each lead with exactly the lead schema's fields and its text as stored, from the cache as from a read", async () => {
    const names = ['Ravi "Kumar" \\ Ñandú 😀 रवि', "O'Brien\nTab\tEnd </script>"];
    const stored = await insertLeads(
      ctx,
      names.map((full_name) => ({ full_name, city: 'Jsonpur' })),
    );
    await waitForLeadList(ctx);
    const bodies: string[] = [];
    // Read, then cached, then cached with the masked JSON kept: the same bytes each time.
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        url: '/api/leads?city=Jsonpur&pageSize=10',
        headers: bearer(dealer),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      bodies.push(res.body);
    }
    expect(new Set(bodies).size).toBe(1);
    const leads = JSON.parse(bodies[0]!) as Lead[];
    for (const lead of leads) {
      expect(Object.keys(lead).sort()).toEqual(Object.keys(leadSchema.shape).sort());
      expect(leadSchema.strict().parse(lead)).toEqual(lead);
    }
    expect(leads.map((lead) => lead.fullName)).toEqual([...names].reverse());
    expect(leads.map((lead) => lead.phoneNumber)).toEqual(
      [...stored].reverse().map((lead) => maskPhone(lead.phone)),
    );
  });

  it('reads the versions alone for an empty page', async () => {
    const read = await leadRowsAndVersions(ctx.database.db, [], 0);
    expect(read).toEqual({
      version: await currentLeadsVersion(ctx.database.db),
      unlocksRevision: 0,
      rows: [],
    });
  });
});
