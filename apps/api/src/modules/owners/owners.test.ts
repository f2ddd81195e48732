// Owners in control through real HTTP on each engine: the private link, consent, price and closing changes, the lead
// leaving the list, what unlocking dealers see, guessing limits, and the expiry and erasure sweeps with a moved clock.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OWNER_TOKEN_PATTERN,
  ownerMessages,
  type Lead,
  type LeadSubmissionResult,
  type OwnerLead,
} from '@dealerleads/shared';
import {
  bearer,
  createTestApp,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { createUserPackage, createLeads } from '../../test/fixtures';
import { ERASED_PHONE, runLeadLifecycle } from './lead-lifecycle';
import { redactOwnerTokens } from './owner-token';

const DAY = 86_400_000;
let phoneSeq = 0;

function submission(overrides: Record<string, unknown> = {}) {
  phoneSeq += 1;
  return {
    year: 2019,
    brand: 'hyundai',
    model: 'Creta',
    ownerType: 'first',
    transmission: 'manual',
    fuelType: 'petrol',
    seats: 5,
    fullName: 'Kavita Rao',
    city: 'Gurugram',
    phoneNumber: `97${String(31_000_000 + phoneSeq * 1013).slice(-8)}`,
    price: 780_000,
    consent: true,
    ...overrides,
  };
}

const tokenOf = (result: LeadSubmissionResult) => result.manageUrl.slice('/my-car/'.length);

describe.each(testEngines())('owners in control on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer, otherDealer, admin } = useMembers(ctx, {
    dealer: {},
    otherDealer: {},
    admin: { role: 'Admin' },
  });

  beforeAll(async () => {
    await createUserPackage(ctx, dealer.id, { credits: 20 });
    await createUserPackage(ctx, otherDealer.id, { credits: 20 });
  });

  async function submit(overrides: Record<string, unknown> = {}) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: submission(overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = json<LeadSubmissionResult>(res);
    return { result, token: tokenOf(result) };
  }

  const owner = (token: string) => ctx.app.inject({ url: `/api/owner/leads/${token}` });
  const change = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/owner/leads/${token}`, payload });
  const listIds = async (query = '', member?: TestMember) => {
    const res = await ctx.app.inject({
      url: `/api/leads?pageSize=100${query}`,
      headers: bearer(member),
    });
    return json<Lead[]>(res).map((l) => l.id);
  };

  it('refuses a submission without consent and stores nothing', async () => {
    const phoneNumber = '9712000001';
    for (const consent of [undefined, false, 'yes']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: submission({ consent, phoneNumber }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors.consent).toEqual([
        'Please agree to share your number with dealers.',
      ]);
    }
    const stored = await ctx.database.db
      .selectFrom('leads')
      .select('id')
      .where('phone_number', '=', phoneNumber)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers a submission with a private link whose 256-bit token is kept only as its sha-256', async () => {
    const { result, token } = await submit();
    expect(result.manageUrl).toMatch(/^\/my-car\/[A-Za-z0-9_-]{43}$/);
    expect(token).toMatch(OWNER_TOKEN_PATTERN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(result.listingStatus).toBe('open');
    const stored = await ctx.database.db
      .selectFrom('owner_tokens')
      .selectAll()
      .where('lead_id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    // Every submission gets its own token.
    const second = await submit();
    expect(second.token).not.toBe(token);
    // The expiry is LEAD_TTL_DAYS (60 in tests) after submission.
    const row = await ctx.database.db
      .selectFrom('leads')
      .select(['created_on', 'expires_on'])
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_on!) - Date.parse(row.created_on)).toBe(60 * DAY);
  });

  it('shows the owner their car, its status and how many dealers unlocked it (a count, masked phone)', async () => {
    const { result, token } = await submit({ phoneNumber: '9712000077' });
    let res = await owner(token);
    expect(res.statusCode).toBe(200);
    expect(json<OwnerLead>(res)).toMatchObject({
      id: result.id,
      brand: 'hyundai',
      model: 'Creta',
      price: 780_000,
      listingStatus: 'open',
      listed: true,
      unlockCount: 0,
      maxDealers: 5,
      phoneNumber: 'XXXXXXX077',
    });
    for (const member of [dealer, otherDealer]) {
      const unlock = await ctx.app.inject({
        method: 'POST',
        url: `/api/leads/${result.id}/unlock`,
        headers: bearer(member),
      });
      expect(unlock.statusCode, unlock.body).toBe(200);
    }
    res = await owner(token);
    expect(json<OwnerLead>(res).unlockCount).toBe(2);
    expect(res.body).not.toContain(dealer.userName);
    expect(res.body).not.toContain('9712000077');
  });

  it('counts each dealer once, as dealers see it, however many unlocks of theirs race', async () => {
    const { result, token } = await submit({ phoneNumber: '9712000078' });
    const unlocks = [dealer, otherDealer, dealer, otherDealer, dealer, otherDealer].map((member) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/leads/${result.id}/unlock`,
        headers: bearer(member),
      }),
    );
    expect((await Promise.all(unlocks)).map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const seen = json<OwnerLead>(await owner(token));
    expect(seen).toMatchObject({ unlockCount: 2, maxDealers: 5 });
    const asDealer = await ctx.app.inject({
      url: `/api/leads/${result.id}`,
      headers: bearer(dealer),
    });
    expect(json<Lead>(asDealer)).toMatchObject({ unlockCount: 2, maxDealers: 5 });
  });

  it('answers a wrong, malformed or foreign token with one 404 and changes nothing', async () => {
    const { result } = await submit();
    const wrong = Buffer.alloc(32, 7).toString('base64url');
    for (const token of [wrong, 'short', `${wrong}x`, '%27%20or%201%3D1--', 'a'.repeat(100)]) {
      const read = await owner(token);
      expect(read.statusCode, token).toBe(404);
      expect(read.json()).toMatchObject({ status: 404, message: ownerMessages.notFound });
      const write = await change(token, { listingStatus: 'sold' });
      expect(write.statusCode).toBe(404);
    }
    expect(await listIds()).toContain(result.id);
  });

  it('changes the price: the list and the detail show the new one', async () => {
    const { result, token } = await submit();
    const res = await change(token, { price: 735_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<OwnerLead>(res)).toMatchObject({ price: 735_000, listingStatus: 'open' });
    const detail = await ctx.app.inject({ url: `/api/leads/${result.id}` });
    expect(json<Lead>(detail).price).toBe(735_000);
    const listed = await ctx.app.inject({ url: '/api/leads?pageSize=100' });
    expect(json<Lead[]>(listed).find((l) => l.id === result.id)?.price).toBe(735_000);
  });

  it.each([
    ['an empty body', {}, 'body'],
    ['a price of 0', { price: 0 }, 'price'],
    ['a price in text', { price: 'cheap' }, 'price'],
    ['another status', { listingStatus: 'open' }, 'listingStatus'],
  ])('refuses %s with a validation error and changes nothing', async (_name, payload, field) => {
    const { result, token } = await submit();
    const res = await change(token, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual([field]);
    expect(json<OwnerLead>(await owner(token))).toMatchObject({
      price: result.price,
      listingStatus: 'open',
    });
  });

  it.each(['sold', 'withdrawn'] as const)(
    'marks the car %s: it leaves the list at once, the dealer who unlocked it sees why, others see nothing',
    async (closing) => {
      const { result, token } = await submit();
      const unlock = await ctx.app.inject({
        method: 'POST',
        url: `/api/leads/${result.id}/unlock`,
        headers: bearer(dealer),
      });
      expect(unlock.statusCode).toBe(200);
      expect(await listIds()).toContain(result.id);

      const res = await change(token, { listingStatus: closing });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<OwnerLead>(res)).toMatchObject({ listingStatus: closing, listed: false });

      for (const member of [undefined, dealer, otherDealer]) {
        expect(await listIds('', member)).not.toContain(result.id);
      }
      // Admin's list holds inactive leads too: with the reason.
      const adminList = await ctx.app.inject({
        url: '/api/leads?pageSize=100',
        headers: bearer(admin),
      });
      expect(json<Lead[]>(adminList).find((l) => l.id === result.id)).toMatchObject({
        status: false,
        listingStatus: closing,
      });
      const seen = await ctx.app.inject({
        url: `/api/leads/${result.id}`,
        headers: bearer(dealer),
      });
      expect(seen.statusCode).toBe(200);
      expect(json<Lead>(seen)).toMatchObject({
        listingStatus: closing,
        status: false,
        unlocked: true,
      });
      for (const member of [undefined, otherDealer]) {
        const hidden = await ctx.app.inject({
          url: `/api/leads/${result.id}`,
          headers: bearer(member),
        });
        expect(hidden.statusCode).toBe(404);
      }
      // Nobody else can unlock it any more.
      const late = await ctx.app.inject({
        method: 'POST',
        url: `/api/leads/${result.id}/unlock`,
        headers: bearer(otherDealer),
      });
      expect(late.statusCode).toBe(404);

      // A closed listing stays closed.
      const again = await change(token, { price: 500_000 });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ status: 400, message: ownerMessages.closed });
      expect(json<OwnerLead>(await owner(token))).toMatchObject({
        listingStatus: closing,
        price: result.price,
      });
    },
  );

  it('rate-limits owner links per IP against guessing', async () => {
    const limited = await createTestApp(engine, { ownerRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          url: `/api/owner/leads/${Buffer.alloc(32, i).toString('base64url')}`,
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });

  it('keeps tokens out of logged URLs', () => {
    const token = Buffer.alloc(32, 9).toString('base64url');
    expect(redactOwnerTokens(`/api/owner/leads/${token}?x=1`)).toBe('/api/owner/leads/[token]?x=1');
    expect(redactOwnerTokens(`/my-car/${token}`)).toBe('/my-car/[token]');
    expect(redactOwnerTokens('/api/leads?city=Noida')).toBe('/api/leads?city=Noida');
  });

  describe('the lifecycle sweeps, with a moved clock', () => {
    it("expires open leads after LEAD_TTL_DAYS and erases closed leads' phones 180 days after they closed", async () => {
      const start = Date.now();
      const { result: expiring, token } = await submit({ phoneNumber: '9712000555' });
      const { result: sold, token: soldToken } = await submit({ phoneNumber: '9712000666' });
      expect((await change(soldToken, { listingStatus: 'sold' })).statusCode).toBe(200);
      const [grandfathered] = await createLeads(ctx, [
        { created_on: new Date(start - 400 * DAY).toISOString() },
      ]);
      const phoneOf = async (id: number) =>
        await ctx.database.db
          .selectFrom('leads')
          .select(['phone_number', 'listing_status', 'closed_on'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();

      // Day 59: nothing is due.
      await runLeadLifecycle(ctx.database.db, engine, new Date(start + 59 * DAY));
      expect(await listIds()).toContain(expiring.id);

      // Day 61: the open lead expired and left the list; the owner sees it.
      const day61 = new Date(start + 61 * DAY);
      const first = await runLeadLifecycle(ctx.database.db, engine, day61);
      expect(first.expired).toBeGreaterThanOrEqual(1);
      expect(await listIds()).not.toContain(expiring.id);
      expect(json<OwnerLead>(await owner(token))).toMatchObject({
        listingStatus: 'expired',
        listed: false,
      });
      expect((await phoneOf(expiring.id)).closed_on).not.toBeNull();
      // Running again (another process, the next tick) finds nothing left to do.
      expect(await runLeadLifecycle(ctx.database.db, engine, day61)).toEqual({
        expired: 0,
        erased: 0,
        photosErased: 0,
      });

      // Day 179 after the sale: the phone is kept.
      await runLeadLifecycle(ctx.database.db, engine, new Date(start + 179 * DAY));
      expect((await phoneOf(sold.id)).phone_number).toBe('9712000666');

      // Day 181 after the sale: erased; the expired lead (closed on day 61) keeps its phone until day 241.
      const day181 = await runLeadLifecycle(ctx.database.db, engine, new Date(start + 181 * DAY));
      expect(day181.erased).toBeGreaterThanOrEqual(1);
      expect((await phoneOf(sold.id)).phone_number).toBe(ERASED_PHONE);
      expect((await phoneOf(expiring.id)).phone_number).toBe('9712000555');

      // Two processes sweeping at once: each lead erased once, the sum is the work there was.
      const day242 = new Date(start + 242 * DAY);
      const both = await Promise.all([
        runLeadLifecycle(ctx.database.db, engine, day242),
        runLeadLifecycle(ctx.database.db, engine, day242),
      ]);
      expect(both[0].erased + both[1].erased).toBeGreaterThanOrEqual(1);
      expect((await phoneOf(expiring.id)).phone_number).toBe(ERASED_PHONE);
      const admins = await ctx.app.inject({
        url: `/api/leads/${expiring.id}`,
        headers: bearer(admin),
      });
      expect(json<Lead>(admins).phoneNumber).toBe('');

      // Leads stored before owners had links (the seed, imports) carry no expiry and stay.
      const kept = await phoneOf(grandfathered!.id);
      expect(kept).toMatchObject({ listing_status: 'open', phone_number: grandfathered!.phone });
    });
  });
});
