// Verified numbers on the lead (design §11.1) through real HTTP on each engine: `phoneVerified` and `verifiedOn` last on
// every lead a dealer or owner sees, the number still masked until an unlock, and `verified=true` on the list answered
// by the engine exactly as SQL answers it, with any other filter and order.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  leadFilterSchema,
  type Lead,
  type LeadSubmissionResult,
  type MyLead,
  type OwnerLead,
  type Pagination,
  type PhoneVerification,
  type PhoneVerificationToken,
} from '@dealerleads/shared';
import { createLeads, createUserPackage } from '../../test/fixtures';
import { bearer, json, testEngines, useMembers, useTestApp } from '../../test/test-app';
import { canonicalLeadFilter } from './list-engine';
import { waitForLeadList } from './lead-list-test-helpers';
import { findLeadIdPage, maskPhone } from './leads.repository';

const submission = (phoneNumber: string, verificationToken?: string) => ({
  year: 2021,
  brand: 'kia',
  model: 'Seltos',
  ownerType: 'first',
  transmission: 'manual',
  fuelType: 'diesel',
  seats: 5,
  fullName: 'Kavita Rao',
  city: 'Faridabad',
  phoneNumber,
  price: 1_150_000,
  consent: true,
  ...(verificationToken === undefined ? {} : { verificationToken }),
});

describe.each(testEngines())('verified numbers on leads on %s', (engine) => {
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'dl-sms-'));
  const ctx = useTestApp(engine, { config: { sms: { provider: 'outbox', outboxDir } } });
  afterAll(() => rmSync(outboxDir, { recursive: true, force: true }));
  const { dealer } = useMembers(ctx, { dealer: {} });

  /** A verification token for the number, as an owner gets it from the SMS code. */
  const tokenFor = async (phoneNumber: string) => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/phone-verifications',
      payload: { phoneNumber },
    });
    const { id } = json<PhoneVerification>(started);
    const file = readdirSync(outboxDir)
      .filter((f) => f.endsWith(`-${phoneNumber}.txt`))
      .sort()
      .at(-1)!;
    const code = /(\d{6}) is your/.exec(readFileSync(path.join(outboxDir, file), 'utf8'))![1]!;
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/phone-verifications/${id}/confirm`,
      payload: { code },
    });
    return json<PhoneVerificationToken>(confirmed).verificationToken;
  };
  const submit = async (phoneNumber: string, token?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: submission(phoneNumber, token),
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<LeadSubmissionResult>(res);
  };
  const lastTwo = (lead: object) => Object.keys(lead).slice(-2);

  it('shows whether and when the number was proven, last, on the list, the detail, the owner page and My Leads', async () => {
    const provenPhone = '9811000101';
    const plainPhone = '9811000102';
    const proven = await submit(provenPhone, await tokenFor(provenPhone));
    const plain = await submit(plainPhone);
    expect(proven).toMatchObject({ phoneVerified: true, verifiedOn: proven.createdOn });
    expect(plain).toMatchObject({ phoneVerified: false, verifiedOn: null });
    await waitForLeadList(ctx);

    const list = await ctx.app.inject({
      url: '/api/leads?model=Seltos&city=Faridabad&hideSoldOut=false',
      headers: bearer(dealer),
    });
    expect(list.statusCode).toBe(200);
    const listed = json<Lead[]>(list);
    expect(listed.map((l) => [l.id, l.phoneVerified, l.verifiedOn])).toEqual([
      [plain.id, false, null],
      [proven.id, true, proven.createdOn],
    ]);
    for (const lead of listed) expect(lastTwo(lead)).toEqual(['phoneVerified', 'verifiedOn']);
    // Proof of the number is no reason to show it: masked until the dealer pays.
    expect(listed[1]!.phoneNumber).toBe(maskPhone(provenPhone));
    expect(list.body).not.toContain(provenPhone);

    const detail = await ctx.app.inject({
      url: `/api/leads/${proven.id}`,
      headers: bearer(dealer),
    });
    expect(json<Lead>(detail)).toMatchObject({
      phoneVerified: true,
      verifiedOn: proven.createdOn,
      phoneNumber: maskPhone(provenPhone),
    });
    expect(detail.body).not.toContain(provenPhone);
    expect(lastTwo(json<Lead>(detail))).toEqual(['phoneVerified', 'verifiedOn']);

    const owner = await ctx.app.inject({
      url: `/api/owner/leads/${proven.manageUrl.slice('/my-car/'.length)}`,
    });
    expect(json<OwnerLead>(owner)).toMatchObject({
      phoneVerified: true,
      verifiedOn: proven.createdOn,
    });
    expect(owner.body).not.toContain(provenPhone);

    await createUserPackage(ctx, dealer.id, { credits: 5 });
    for (const id of [proven.id, plain.id]) {
      const unlock = await ctx.app.inject({
        method: 'POST',
        url: `/api/leads/${id}/unlock`,
        headers: bearer(dealer),
      });
      expect(unlock.statusCode, unlock.body).toBe(200);
    }
    const mine = json<MyLead[]>(
      await ctx.app.inject({ url: '/api/me/leads', headers: bearer(dealer) }),
    );
    expect(mine.map((l) => [l.leadId, l.phoneVerified, l.verifiedOn, l.phoneNumber])).toEqual([
      [plain.id, false, null, plainPhone],
      [proven.id, true, proven.createdOn, provenPhone],
    ]);
  });

  it('keeps only proven leads with verified=true, with any other filter, search and order, as SQL does', async () => {
    const city = 'Provenpur';
    const now = Date.now();
    const rows = Array.from({ length: 24 }, (_, i) => {
      const createdOn = new Date(now - (24 - i) * 60_000).toISOString();
      const proven = i % 3 !== 0;
      return {
        city,
        brand: i % 2 ? 'hyundai' : 'tata',
        model: i % 2 ? 'Creta' : 'Nexon',
        fuel_type: i % 4 < 2 ? 'diesel' : 'petrol',
        year: 2016 + (i % 6),
        price: 300_000 + ((i * 7919) % 20) * 50_000,
        km_driven: 5_000 + ((i * 104_729) % 30) * 3_000,
        created_on: createdOn,
        listing_status: 'open' as const,
        phone_verified: proven ? (1 as const) : (0 as const),
        // One proven after it was listed: its JSON comes from its row, its place from the engine.
        verified_on: proven ? (i === 5 ? new Date(now).toISOString() : createdOn) : null,
      };
    });
    const created = await createLeads(ctx, rows);
    const provenIds = new Set(created.filter((_c, i) => rows[i]!.phone_verified).map((c) => c.id));
    await waitForLeadList(ctx);
    const queries: Record<string, string>[] = [
      {},
      { sort: 'price_asc' },
      { sort: 'price_desc', fuel: 'diesel' },
      { sort: 'km_asc', brand: 'hyundai' },
      { sort: 'year_desc', year: '2018-' },
      { searchterm: 'creta' },
      { searchterm: 'nex', price: '400000-900000' },
      { KmDriven: '-60000', hideSoldOut: 'true' },
      { startDate: new Date(now - 86_400_000).toISOString().slice(0, 10) },
      { pageSize: '4', pageNumber: '2', sort: 'price_asc' },
    ];
    for (const extra of queries) {
      const query = new URLSearchParams({ city, pageSize: '60', ...extra });
      const all = await ctx.app.inject({ url: `/api/leads?${query}`, headers: bearer(dealer) });
      query.set('verified', 'true');
      const res = await ctx.app.inject({ url: `/api/leads?${query}`, headers: bearer(dealer) });
      expect(res.statusCode, res.body).toBe(200);
      const leads = json<Lead[]>(res);
      const total = (JSON.parse(res.headers.pagination as string) as Pagination).totalItems;
      // Only proven leads, each showing so; when the page holds all of them, in the order of the unfiltered list.
      expect(leads.every((l) => l.phoneVerified && provenIds.has(l.id))).toBe(true);
      if (extra.pageSize === undefined) {
        expect(leads.map((l) => l.id)).toEqual(
          json<Lead[]>(all)
            .filter((l) => provenIds.has(l.id))
            .map((l) => l.id),
        );
        expect(total).toBe(leads.length);
      }
      // The SQL fallback's own answer to the same query.
      const sent = leadFilterSchema.parse(Object.fromEntries(query));
      const page = { pageNumber: sent.pageNumber, pageSize: sent.pageSize };
      const sql = await findLeadIdPage(
        ctx.database,
        canonicalLeadFilter(sent, false, { maxDealers: 5, hideByDefault: true }),
        page,
      );
      expect({ ids: leads.map((l) => l.id), total }, JSON.stringify(extra)).toEqual({
        ids: sql.ids,
        total: sql.total,
      });
    }
    const filtered = await ctx.app.inject({
      url: `/api/leads?city=${city}&verified=true&pageSize=60`,
      headers: bearer(dealer),
    });
    expect(json<Lead[]>(filtered).length).toBe(provenIds.size);
    // verified=false (or none) asks for every lead.
    const unfiltered = await ctx.app.inject({
      url: `/api/leads?city=${city}&verified=false&pageSize=60`,
      headers: bearer(dealer),
    });
    expect(json<Lead[]>(unfiltered).length).toBe(rows.length);
  });

  it('refuses a verified value that is not a boolean, with the error shape', async () => {
    const res = await ctx.app.inject({
      url: '/api/leads?verified=yes',
      headers: bearer(dealer),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'validation' });
    expect(res.body).toContain('verified');
  });
});
