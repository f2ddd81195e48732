// A page's rows as the list reads them (one statement with the versions; on SQLite through one JSON text) are the rows
// as stored: every shown column, any text, NULLs and numbers, newest first, on each database engine.
import { describe, expect, it } from 'vitest';
import { leadSchema, shownOwnerName, type Lead } from '@dealerleads/shared';
import { bearer, testEngines, useMembers, useTestApp } from '../../test/test-app';
import { createUserPackage, createLeads, recordUnlockOutsideApi } from '../../test/fixtures';
import { currentLeadsVersion, LEAD_COLUMNS } from './list-engine';
import { waitForLeadList } from './lead-list-test-helpers';
import { leadJson, leadRowsAndVersions, maskPhone, toLead } from './leads.repository';

describe.each(testEngines())('a page of lead rows on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer, admin } = useMembers(ctx, { dealer: {}, admin: { role: 'Admin' } });

  it('reads every shown column as stored, newest first, with the current versions', async () => {
    const leads = await createLeads(ctx, [
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
      .select(LEAD_COLUMNS)
      .where('id', 'in', ids)
      .orderBy('id', 'desc')
      .execute();
    // Asked in any order, one id twice and one that does not exist: each stored lead once, newest first.
    const read = await leadRowsAndVersions(db, [ids[1]!, 99_999_999, ids[0]!, ids[2]!], dealer.id);
    // Only the shown columns count (PostgreSQL's rows carry the versions along).
    const shown = (row: object) =>
      Object.fromEntries(LEAD_COLUMNS.map((c) => [c, (row as Record<string, unknown>)[c]]));
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

  it("sends each lead with exactly the lead schema's fields and its text as stored, the same bytes each time", async () => {
    const names = ['Ravi "Kumar" \\ Ñandú 😀 रवि', "O'Brien\nTab\tEnd </script>"];
    const stored = await createLeads(
      ctx,
      names.map((full_name) => ({ full_name, city: 'Jsonpur' })),
    );
    await waitForLeadList(ctx);
    const bodies: string[] = [];
    // Asked three times: the same bytes each time.
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
    // Before an unlock, the owner's first name and initial only: the full name never leaves the server.
    expect(leads.map((lead) => lead.fullName)).toEqual([...names].reverse().map(shownOwnerName));
    expect(leads.map((lead) => lead.phoneNumber)).toEqual(
      [...stored].reverse().map((lead) => maskPhone(lead.phone)),
    );
  });

  it("gives a dealer the rows the engine holds exactly as the stored rows would, and unlocked or Admin's leads in full", async () => {
    const city = 'Rowtown';
    const names = [
      'amit verma',
      'Amit Verma',
      'AMIT VERMA',
      'McKenzie Jr',
      "D'Souza",
      'Ñandú Ölçer',
    ];
    const createdOn = new Date().toISOString();
    const leads = await createLeads(ctx, [
      ...names.map((full_name, i) => ({
        full_name,
        city,
        varient: i % 2 ? null : 'VXi',
        rto: i % 3 ? 'HR' : null,
        km_driven: i === 2 ? null : 10_000 * (i + 1),
        listing_status: 'open' as const,
        // Proven at submission (the time the lead was created), or not.
        ...(i % 2 ? { phone_verified: 1, verified_on: createdOn } : {}),
        created_on: createdOn,
      })),
      // Proven after it was created: the engine leaves its JSON to the stored row.
      {
        full_name: 'Later Proven',
        city,
        listing_status: 'open',
        phone_verified: 1,
        verified_on: '2026-11-27T08:00:00.000Z',
      },
      // A time as some tool wrote it (on PostgreSQL the column makes it a timestamp like any other).
      {
        full_name: 'Tool Written',
        city,
        created_on: '2026-11-20 10:00:00',
        listing_status: 'open',
      },
      { full_name: 'Sold Already', city, listing_status: 'sold', status: 0 },
    ]);
    await waitForLeadList(ctx);
    const { db } = ctx.database;
    const storedRows = () =>
      db
        .selectFrom('leads')
        .select(LEAD_COLUMNS)
        .where('city', '=', city)
        .orderBy('id', 'desc')
        .execute();
    const stored = await storedRows();
    const isActive = (row: (typeof stored)[number]) => row.status === true || row.status === 1;
    const url = `/api/leads?city=${city}&pageSize=20`;
    const pageOf = async (member: typeof dealer) => {
      const res = await ctx.app.inject({ url, headers: bearer(member) });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const first = await pageOf(dealer);
    const maxDealers = JSON.parse(first)[0].maxDealers as number;
    const asStored = (unlocked: (id: number) => boolean, listed: typeof stored) =>
      `[${listed.map((row) => leadJson(toLead(row, unlocked(row.id), maxDealers))).join(',')}]`;
    const active = stored.filter(isActive);
    expect(JSON.parse(first).map((lead: Lead) => [lead.phoneVerified, lead.verifiedOn])).toEqual(
      active.map((row) => [row.verified_on !== null, row.verified_on]),
    );
    expect(active.filter((row) => row.verified_on !== null)).toHaveLength(4);
    // The engine's rows, written as the stored rows are.
    expect(first).toBe(asStored(() => false, active));
    // An Admin sees every contact, though the engine holds them masked.
    expect(await pageOf(admin)).toBe(asStored(() => true, stored));
    expect(await pageOf(dealer)).toBe(first);
    // A lead the dealer unlocks shows in full on the next page; so does one unlocked outside the API, which changed
    // nothing the engine holds.
    await createUserPackage(ctx, dealer.id, { credits: 5 });
    const [viaApi, viaTool] = [leads[1]!.id, leads[4]!.id];
    const unlock = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${viaApi}/unlock`,
      headers: bearer(dealer),
    });
    expect(unlock.statusCode).toBe(200);
    await recordUnlockOutsideApi(ctx, dealer.id, viaTool);
    const after = (await storedRows()).filter(isActive);
    const mine = new Set([viaApi, viaTool]);
    expect(await pageOf(dealer)).toBe(asStored((id) => mine.has(id), after));
    const phones = (JSON.parse(await pageOf(dealer)) as Lead[]).filter((lead) => mine.has(lead.id));
    expect(phones.map((lead) => lead.phoneNumber).sort()).toEqual(
      leads
        .filter((lead) => mine.has(lead.id))
        .map((lead) => lead.phone)
        .sort(),
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
