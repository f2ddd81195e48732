// Fraud signals through real HTTP on each engine: a form filled faster than a person can, a number on many leads, and
// many leads from one public IP in a day send the lead to moderation with its reason for Admins; the IP is kept hashed
// and only for a day (the lifecycle sweep).
import { describe, expect, it } from 'vitest';
import type { Lead, LeadSubmissionResult, ModerationItem } from '@dealerleads/shared';
import {
  TEST_JWT_SECRET,
  bearer,
  json,
  testEngines,
  useMembers,
  useTestApp,
} from '../../test/test-app';
import {
  BUSY_IP_LIMIT,
  FAST_FILL_SECONDS,
  submitterIpHash,
} from '../moderation/moderation.service';
import { runLeadLifecycle } from '../owners/lead-lifecycle';

const HOUR = 3_600_000;
let phoneSeq = 0;
const nextPhone = () => {
  phoneSeq += 1;
  return `93${String(15_000_000 + phoneSeq * 7919).slice(-8)}`;
};

describe.each(testEngines())('fraud signals on %s', (engine) => {
  let now = new Date('2026-11-21T06:00:00Z').getTime();
  const ctx = useTestApp(engine, { clock: () => new Date(now) });
  const { admin } = useMembers(ctx, { admin: { role: 'Admin' } });

  async function submit(
    overrides: Record<string, unknown> = {},
    remoteAddress = '127.0.0.1',
  ): Promise<LeadSubmissionResult> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress,
      payload: {
        year: 2020,
        brand: 'kia',
        model: 'Seltos',
        ownerType: 'first',
        transmission: 'manual',
        fuelType: 'petrol',
        seats: 5,
        fullName: 'Anjali Verma',
        city: 'Noida',
        phoneNumber: nextPhone(),
        price: 1_100_000,
        consent: true,
        fillSeconds: 240,
        ...overrides,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<LeadSubmissionResult>(res);
  }
  const flagsOf = async (id: number) => {
    const res = await ctx.app.inject({
      url: '/api/moderation?status=flagged&pageSize=100',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    return json<ModerationItem[]>(res).find((item) => item.id === id)?.flags ?? [];
  };

  it(`flags a form filled in under ${FAST_FILL_SECONDS} s and holds it off the list; ${FAST_FILL_SECONDS} s or no time passes`, async () => {
    const fast = await submit({ fillSeconds: FAST_FILL_SECONDS - 1 });
    expect(fast.status).toBe(false);
    expect(await flagsOf(fast.id)).toEqual(['fast_fill']);
    const list = json<Lead[]>(await ctx.app.inject({ url: '/api/leads?pageSize=100' }));
    expect(list.map((l) => l.id)).not.toContain(fast.id);

    for (const overrides of [{ fillSeconds: FAST_FILL_SECONDS }, { fillSeconds: undefined }]) {
      const calm = await submit(overrides);
      expect(calm.status).toBe(true);
      expect(await flagsOf(calm.id)).toEqual([]);
    }
  });

  it('flags the third lead of one number within 30 days', async () => {
    const phoneNumber = nextPhone();
    const first = await submit({ phoneNumber, brand: 'hyundai', model: 'Creta' });
    const second = await submit({ phoneNumber, brand: 'hyundai', model: 'Venue' });
    const third = await submit({ phoneNumber, brand: 'honda', model: 'City' });
    expect([first.status, second.status, third.status]).toEqual([true, true, false]);
    expect(await flagsOf(third.id)).toEqual(['repeated_phone']);
  });

  it(`flags the ${BUSY_IP_LIMIT}th lead from one public IP within 24 hours, and keeps the IP hashed for a day`, async () => {
    now += 48 * HOUR;
    const busy = '203.0.113.7';
    const results: LeadSubmissionResult[] = [];
    for (let i = 0; i < BUSY_IP_LIMIT; i++) {
      results.push(await submit({}, busy));
      now += HOUR;
    }
    expect(results.map((r) => r.status)).toEqual([true, true, true, true, false]);
    expect(await flagsOf(results.at(-1)!.id)).toEqual(['busy_ip']);
    // Another network is not affected; an IPv4 address as a dual-stack socket reports it is the same address.
    expect((await submit({}, '198.51.100.9')).status).toBe(true);
    const mapped = await submit({}, `::ffff:${busy}`);
    expect(await flagsOf(mapped.id)).toEqual(['busy_ip']);

    const stored = await ctx.database.db.selectFrom('lead_submission_ips').selectAll().execute();
    expect(stored.some((row) => row.ip_hash.includes('203.0.113'))).toBe(false);
    expect(
      stored.filter((row) => row.ip_hash === submitterIpHash(TEST_JWT_SECRET, busy)),
    ).toHaveLength(BUSY_IP_LIMIT + 1);
    expect(stored).toHaveLength(BUSY_IP_LIMIT + 2);

    // Only the last 24 hours count: still busy 18 hours on, clear once the day of those leads has passed.
    now += 18 * HOUR;
    expect((await submit({}, busy)).status).toBe(false);
    now += 6 * HOUR;
    expect((await submit({}, busy)).status).toBe(true);

    // The sweep keeps a day of them.
    await runLeadLifecycle(ctx.database.db, ctx.database.engine, new Date(now + 24 * HOUR + 1));
    const left = await ctx.database.db.selectFrom('lead_submission_ips').selectAll().execute();
    expect(left).toEqual([]);
  });

  it('never counts loopback or private addresses (a proxy without TRUST_PROXY would flag everyone)', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.1.20', '::1', 'fd00::5']) {
      expect(submitterIpHash('secret-of-the-server-0123456789abcdef', address)).toBeUndefined();
    }
    expect(submitterIpHash('secret-of-the-server-0123456789abcdef', '8.8.8.8')).toMatch(
      /^[\w-]{43}$/,
    );
    const before = await ctx.database.db.selectFrom('lead_submission_ips').selectAll().execute();
    for (let i = 0; i < BUSY_IP_LIMIT + 1; i++)
      expect((await submit({}, '10.0.0.9')).status).toBe(true);
    const after = await ctx.database.db.selectFrom('lead_submission_ips').selectAll().execute();
    expect(after).toHaveLength(before.length);
  });
});

describe.each(testEngines())('fraud signals with FAST_FILL_SECONDS=0 on %s', (engine) => {
  const ctx = useTestApp(engine, { config: { fastFillSeconds: 0 } });

  it('never judges the time a form took', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        year: 2020,
        brand: 'kia',
        model: 'Seltos',
        ownerType: 'first',
        transmission: 'manual',
        fuelType: 'petrol',
        seats: 5,
        fullName: 'Anjali Verma',
        city: 'Noida',
        phoneNumber: nextPhone(),
        price: 1_100_000,
        consent: true,
        fillSeconds: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<LeadSubmissionResult>(res).status).toBe(true);
  });
});
