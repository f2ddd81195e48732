// Moderation through real HTTP on each engine: which submissions are flagged, the hold setting, the Admin queue and its
// decisions (each audited once as lead.moderate).
import { describe, expect, it } from 'vitest';
import type { Lead, LeadSubmissionResult, ModerationItem, Pagination } from '@dealerleads/shared';
import { bearer, json, testEngines, useMembers, useTestApp } from '../../test/test-app';
import { createLeads } from '../../test/fixtures';
import { looksFake } from './moderation.service';

const DAY = 86_400_000;
const MODELS = [
  ['hyundai', 'Creta'],
  ['hyundai', 'Venue'],
  ['honda', 'City'],
  ['kia', 'Seltos'],
] as const;

describe('looksFake', () => {
  it.each([
    '9999999999',
    '6666666666',
    '9876543210',
    '0123456789',
    '1234567890',
    '6789012345',
    '3210987654',
  ])('flags %s', (phone) => expect(looksFake(phone)).toBe(true));
  it.each(['9876501234', '9810012345', '9999999998', '9876543211', '12345'])('passes %s', (phone) =>
    expect(looksFake(phone)).toBe(false),
  );
});

describe.each(testEngines())('moderation on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, dealer } = useMembers(ctx, { admin: { role: 'Admin' }, dealer: {} });

  async function submit(phoneNumber: string, car: number) {
    const [brand, model] = MODELS[car]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        year: 2020,
        brand,
        model,
        ownerType: 'first',
        transmission: 'manual',
        fuelType: 'petrol',
        seats: 5,
        fullName: 'Suresh Nair',
        city: 'Noida',
        phoneNumber,
        price: 650_000,
        consent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<LeadSubmissionResult>(res);
  }
  const queue = async (status = 'flagged') => {
    const res = await ctx.app.inject({
      url: `/api/moderation?status=${status}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    return {
      items: json<ModerationItem[]>(res),
      pagination: JSON.parse(String(res.headers.pagination)) as Pagination,
    };
  };
  const listIds = async () =>
    json<Lead[]>(await ctx.app.inject({ url: '/api/leads?pageSize=100' })).map((l) => l.id);
  const auditsOf = (id: number) =>
    ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'lead.moderate')
      .where('target_id', '=', String(id))
      .execute();

  it('flags the third lead of one phone within 30 days and holds it off the list', async () => {
    const phone = '9811223344';
    const first = await submit(phone, 0);
    const second = await submit(phone, 1);
    expect([first.status, second.status]).toEqual([true, true]);
    const third = await submit(phone, 2);
    expect(third.status).toBe(false);
    expect(await listIds()).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(await listIds()).not.toContain(third.id);
    const { items } = await queue();
    expect(items.find((i) => i.id === third.id)).toMatchObject({
      flags: ['repeated_phone'],
      phoneNumber: phone,
      phoneSubmissions: 3,
      moderationStatus: 'flagged',
      status: false,
    });
    expect(items.map((i) => i.id)).not.toContain(first.id);
  });

  it('counts only the last 30 days', async () => {
    const phone = '9822334455';
    await createLeads(ctx, [
      { phone_number: phone, created_on: new Date(Date.now() - 31 * DAY).toISOString() },
      { phone_number: phone, created_on: new Date(Date.now() - 40 * DAY).toISOString() },
      { phone_number: phone, created_on: new Date(Date.now() - 5 * DAY).toISOString() },
    ]);
    const next = await submit(phone, 3);
    expect(next.status).toBe(true);
    expect((await queue()).items.map((i) => i.id)).not.toContain(next.id);
  });

  it('flags a made-up number at once', async () => {
    const lead = await submit('9876543210', 0);
    expect(lead.status).toBe(false);
    expect((await queue()).items.find((i) => i.id === lead.id)?.flags).toEqual(['fake_phone']);
  });

  it('leaves a flagged lead on the list when the holdFlaggedLeads setting is off', async () => {
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(admin),
      payload: { holdFlaggedLeads: false },
    });
    expect(off.statusCode).toBe(200);
    try {
      const lead = await submit('7777777777', 0);
      expect(lead.status).toBe(true);
      expect(await listIds()).toContain(lead.id);
      expect((await queue()).items.map((i) => i.id)).toContain(lead.id);
    } finally {
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: bearer(admin),
        payload: { holdFlaggedLeads: true },
      });
    }
  });

  it('approves a flagged lead: it joins the list, leaves the queue, one audit entry', async () => {
    const lead = await submit('6666666666', 1);
    expect(await listIds()).not.toContain(lead.id);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/moderation/${lead.id}/approve`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<ModerationItem>(res)).toMatchObject({ moderationStatus: 'approved', status: true });
    expect(await listIds()).toContain(lead.id);
    expect((await queue()).items.map((i) => i.id)).not.toContain(lead.id);
    expect((await queue('approved')).items.map((i) => i.id)).toContain(lead.id);
    const audits = await auditsOf(lead.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: admin.id, target_type: 'lead' });
    expect(JSON.parse(audits[0]!.changes)).toMatchObject({
      moderationStatus: { before: 'flagged', after: 'approved' },
      status: { before: false, after: true },
    });
    // Deciding twice is refused and writes nothing.
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/moderation/${lead.id}/deactivate`,
      headers: bearer(admin),
      payload: { reason: 'Changed my mind' },
    });
    expect(again.statusCode).toBe(400);
    expect(await auditsOf(lead.id)).toHaveLength(1);
  });

  it('deactivates a flagged lead with the reason: off the list, audited once', async () => {
    const lead = await submit('8888888888', 2);
    const noReason = await ctx.app.inject({
      method: 'PUT',
      url: `/api/moderation/${lead.id}/deactivate`,
      headers: bearer(admin),
      payload: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([
      'Give a reason',
    ]);
    expect(await auditsOf(lead.id)).toHaveLength(0);

    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/moderation/${lead.id}/deactivate`,
      headers: bearer(admin),
      payload: { reason: 'Number is not reachable, looks fake' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<ModerationItem>(res)).toMatchObject({
      moderationStatus: 'rejected',
      status: false,
      note: 'Number is not reachable, looks fake',
    });
    expect(await listIds()).not.toContain(lead.id);
    const audits = await auditsOf(lead.id);
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.changes)).toMatchObject({
      moderationStatus: { before: 'flagged', after: 'rejected' },
      note: { before: null, after: 'Number is not reachable, looks fake' },
    });
  });

  it('refuses decisions on unknown or unflagged leads, and everyone but Admin', async () => {
    const [plain] = await createLeads(ctx, [{}]);
    const cases = [
      { url: `/api/moderation/${plain!.id}/approve`, member: admin, status: 400 },
      { url: '/api/moderation/99999999/approve', member: admin, status: 404 },
      { url: '/api/moderation/abc/approve', member: admin, status: 400 },
      { url: `/api/moderation/${plain!.id}/approve`, member: dealer, status: 403 },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({ method: 'PUT', url: c.url, headers: bearer(c.member) });
      expect(res.statusCode, c.url).toBe(c.status);
    }
    const res = await ctx.app.inject({ url: '/api/moderation', headers: bearer(dealer) });
    expect(res.statusCode).toBe(403);
  });
});
