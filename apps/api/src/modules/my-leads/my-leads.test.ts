// /api/me/leads on each engine: only the caller's unlocked leads, stages, notes, follow-ups in India time, the CSV (on
// SQLite its lists are read on the off-thread reader).
import { beforeAll, describe, expect, it } from 'vitest';
import type { FollowUpCounts, LeadNote, MyLead } from '@dealerleads/shared';
import { addDays, todayInIndia } from '../../lib/calendar';
import { createUserPackage, createLeads } from '../../test/fixtures';
import {
  bearer,
  createMember,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { csvCell } from './csv';

describe('csvCell', () => {
  it('defuses cells a spreadsheet would run as a formula and quotes separators', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1`).includes(`'${start}`)).toBe(true);
    expect(csvCell('Noida, UP')).toBe('"Noida, UP"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('₹ fine')).toBe('₹ fine');
  });
});

describe.each(testEngines())('my leads on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer, other, admin } = useMembers(ctx, {
    dealer: {},
    other: {},
    admin: { role: 'Admin' },
  });
  let leads: { id: number; phone: string }[];

  const get = (url: string, who: TestMember = dealer) =>
    ctx.app.inject({ url, headers: bearer(who) });
  const anonymous = (url: string) => ctx.app.inject({ url });
  const put = (leadId: number, payload: unknown, who: TestMember = dealer) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/me/leads/${leadId}`,
      payload: payload as object,
      headers: bearer(who),
    });
  const note = (leadId: number, text: unknown, who: TestMember = dealer) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/me/leads/${leadId}/notes`,
      payload: { text },
      headers: bearer(who),
    });
  const unlock = async (leadId: number, who: TestMember) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${leadId}/unlock`,
      headers: bearer(who),
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    await createUserPackage(ctx, dealer.id, { credits: 20 });
    await createUserPackage(ctx, other.id, { credits: 20 });
    leads = await createLeads(ctx, [
      {
        full_name: 'Ravi Kumar',
        brand: 'hyundai',
        model: 'Creta',
        year: 2019,
        city: 'Pune',
        price: 1_050_000,
      },
      { full_name: 'Sita Rao', brand: 'tata', model: 'Nexon', year: 2021, city: 'Noida' },
      { full_name: '=cmd|calc', brand: 'kia', model: 'Seltos', year: 2022, city: 'Delhi' },
      { full_name: 'Not Unlocked', brand: 'honda', model: 'City' },
    ]);
    for (const lead of leads.slice(0, 3)) await unlock(lead.id, dealer);
    await unlock(leads[1]!.id, other);
  });

  it('lists only the leads the caller unlocked, newest unlock first, with the full contact and stage new', async () => {
    const res = await get('/api/me/leads');
    expect(res.statusCode).toBe(200);
    const items = json<MyLead[]>(res);
    expect(items.map((l) => l.leadId)).toEqual([leads[2]!.id, leads[1]!.id, leads[0]!.id]);
    expect(items[2]).toMatchObject({
      fullName: 'Ravi Kumar',
      phoneNumber: leads[0]!.phone,
      brand: 'hyundai',
      model: 'Creta',
      year: 2019,
      price: 1_050_000,
      stage: 'new',
      followUpOn: null,
      lastNote: null,
      listingStatus: 'open',
    });
    expect(JSON.parse(String(res.headers.pagination))).toEqual({
      currentPage: 1,
      itemsPerPage: 20,
      totalItems: 3,
      totalPages: 1,
    });
    const page2 = await get('/api/me/leads?pageSize=2&pageNumber=2');
    expect(json<MyLead[]>(page2).map((l) => l.leadId)).toEqual([leads[0]!.id]);

    const theirs = json<MyLead[]>(await get('/api/me/leads', other));
    expect(theirs.map((l) => l.leadId)).toEqual([leads[1]!.id]);
    // Admin unlocks nothing: their My Leads is empty and holds nothing of the dealers' notes.
    expect(json<MyLead[]>(await get('/api/me/leads', admin))).toEqual([]);
    expect((await anonymous('/api/me/leads')).statusCode).toBe(401);
  });

  it('changes the stage and follow-up date, and filters by stage, due today and overdue in India time', async () => {
    const today = todayInIndia();
    let res = await put(leads[0]!.id, { stage: 'contacted', followUpOn: today });
    expect(res.statusCode).toBe(200);
    expect(json<MyLead>(res)).toMatchObject({
      leadId: leads[0]!.id,
      stage: 'contacted',
      followUpOn: today,
    });
    res = await put(leads[1]!.id, { followUpOn: addDays(today, -2) });
    expect(json<MyLead>(res)).toMatchObject({ stage: 'new', followUpOn: addDays(today, -2) });
    res = await put(leads[2]!.id, { stage: 'lost', followUpOn: addDays(today, -1) });
    expect(res.statusCode).toBe(200);

    const ids = async (query: string) =>
      json<MyLead[]>(await get(`/api/me/leads?${query}`)).map((l) => l.leadId);
    expect(await ids('stage=contacted')).toEqual([leads[0]!.id]);
    expect(await ids('stage=new')).toEqual([leads[1]!.id]);
    expect(await ids('due=today')).toEqual([leads[0]!.id]);
    // A lost lead's date no longer counts as overdue.
    expect(await ids('due=overdue')).toEqual([leads[1]!.id]);
    expect(await ids('searchterm=creta')).toEqual([leads[0]!.id]);
    expect(await ids('searchterm=noida&stage=new')).toEqual([leads[1]!.id]);
    expect(json<FollowUpCounts>(await get('/api/me/leads/follow-ups'))).toEqual({
      dueToday: 1,
      overdue: 1,
    });
    // Another dealer's stage on the same lead is theirs alone.
    expect(json<MyLead[]>(await get('/api/me/leads', other))[0]).toMatchObject({
      stage: 'new',
      followUpOn: null,
    });
    expect(json<FollowUpCounts>(await get('/api/me/leads/follow-ups', other))).toEqual({
      dueToday: 0,
      overdue: 0,
    });

    // Clearing the follow-up keeps the stage.
    res = await put(leads[0]!.id, { followUpOn: null });
    expect(json<MyLead>(res)).toMatchObject({ stage: 'contacted', followUpOn: null });
  });

  it('keeps timestamped notes newest first and shows the last one in the list', async () => {
    const first = await note(leads[1]!.id, 'Called, no answer');
    expect(first.statusCode).toBe(201);
    const second = await note(leads[1]!.id, '  Owner wants ₹6,00,000  ');
    expect(json<LeadNote>(second).text).toBe('Owner wants ₹6,00,000');
    expect(Date.parse(json<LeadNote>(second).createdOn)).not.toBeNaN();
    const notes = json<LeadNote[]>(await get(`/api/me/leads/${leads[1]!.id}/notes`));
    expect(notes.map((n) => n.text)).toEqual(['Owner wants ₹6,00,000', 'Called, no answer']);
    const row = json<MyLead[]>(await get('/api/me/leads')).find((l) => l.leadId === leads[1]!.id);
    expect(row?.lastNote).toBe('Owner wants ₹6,00,000');
    // The other dealer who unlocked the same lead sees none of these notes.
    expect(json<LeadNote[]>(await get(`/api/me/leads/${leads[1]!.id}/notes`, other))).toEqual([]);
    expect(json<MyLead[]>(await get('/api/me/leads', other))[0]?.lastNote).toBeNull();
  });

  it("refuses leads outside the caller's My Leads (403), unknown leads (404) and bad input (400), changing nothing", async () => {
    const notUnlocked = leads[3]!.id;
    expect((await put(notUnlocked, { stage: 'contacted' })).statusCode).toBe(403);
    expect((await note(notUnlocked, 'hello')).statusCode).toBe(403);
    expect((await get(`/api/me/leads/${notUnlocked}/notes`)).statusCode).toBe(403);
    // Another dealer's lead: the same 403, nothing of theirs changes.
    expect((await put(leads[0]!.id, { stage: 'bought' }, other)).statusCode).toBe(403);
    expect((await put(999_999, { stage: 'contacted' })).statusCode).toBe(404);
    for (const body of [
      {},
      { stage: 'sold' },
      { followUpOn: '2026-02-30' },
      { followUpOn: 'tomorrow' },
      { stage: 5 },
    ]) {
      const res = await put(leads[0]!.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<{ title: string }>(res).title).toBe('One or more validation errors occurred.');
    }
    for (const text of ['', '   ', 'x'.repeat(1001), 42])
      expect((await note(leads[0]!.id, text)).statusCode).toBe(400);
    expect((await get('/api/me/leads?stage=sold')).statusCode).toBe(400);
    expect((await get('/api/me/leads?due=tomorrow')).statusCode).toBe(400);
    expect((await put(0, { stage: 'new' })).statusCode).toBe(400);
    const rows = await ctx.database.db
      .selectFrom('dealer_leads')
      .selectAll()
      .where('lead_id', '=', notUnlocked)
      .execute();
    expect(rows).toEqual([]);
    const mine = json<MyLead[]>(await get('/api/me/leads')).find((l) => l.leadId === leads[0]!.id);
    expect(mine?.stage).toBe('contacted');
  });

  it('downloads the current view as CSV: BOM, ₹ intact, formulas defused, filters applied', async () => {
    const res = await get('/api/me/leads.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toContain('Price (₹)');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`'=cmd|calc`);
    expect(lines[1]).not.toMatch(/(^|,)=cmd/);
    expect(
      lines.some(
        (l) => l.includes('"Owner wants ₹6,00,000"') || l.includes('Owner wants ₹6,00,000'),
      ),
    ).toBe(true);
    expect(lines.find((l) => l.includes('Ravi Kumar'))).toContain(
      `${leads[0]!.phone},Pune,Hyundai,Creta`,
    );
    const filtered = await get('/api/me/leads.csv?stage=contacted');
    expect(filtered.rawPayload.toString('utf8').trimEnd().split('\r\n')).toHaveLength(2);
    expect((await anonymous('/api/me/leads.csv')).statusCode).toBe(401);
    expect((await get('/api/me/leads.csv?stage=sold')).statusCode).toBe(400);
    // Nothing of a dealer's My Leads is in another dealer's CSV.
    expect((await get('/api/me/leads.csv', other)).body).not.toContain('Ravi Kumar');
  });

  it('streams 10,000 rows', async () => {
    const big = await createMember(ctx);
    const userPackage = await createUserPackage(ctx, big.id, { credits: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const batch = await createLeads(
        ctx,
        Array.from({ length: 1000 }, () => ({ full_name: 'Bulk Owner' })),
      );
      ids.push(...batch.map((b) => b.id));
    }
    const now = new Date().toISOString();
    for (let i = 0; i < ids.length; i += 1000) {
      await ctx.database.db
        .insertInto('lead_unlocks')
        .values(
          ids.slice(i, i + 1000).map((leadId) => ({
            user_id: big.id,
            user_package_id: userPackage,
            lead_id: leadId,
            credit_debited: 1,
            ip_address: null,
            created_on: now,
          })),
        )
        .execute();
    }
    const readsBefore = ctx.database.offThreadReads?.().reads;
    const res = await get('/api/me/leads.csv', big);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(10_001);
    const pagination = JSON.parse(
      String((await get('/api/me/leads?pageSize=100&pageNumber=100', big)).headers.pagination),
    ) as { totalItems: number };
    expect(pagination.totalItems).toBe(10_000);
    // SQLite reads them on its worker thread: 11 chunks of the CSV (the last one empty), then a page and its count.
    if (readsBefore !== undefined)
      expect(ctx.database.offThreadReads!().reads).toBe(readsBefore + 13);
  }, 60_000);
});
