// Cached lead pages never go stale: a write through one API instance is seen at once by another on the same database.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Lead } from '@dealerleads/shared';
import { buildApp } from '../../app';
import { bearer, createMember, testConfig, testEngines, useTestApp } from '../../test/test-app';
import { givePackage, insertLeads } from '../../test/fixtures';

describe.each(testEngines())('lead page cache on %s', (engine) => {
  const ctx = useTestApp(engine);
  let second: FastifyInstance;

  beforeAll(async () => {
    // A second API instance on the same database, with its own page cache, like a second process.
    const built = await buildApp(testConfig({ engine: 'sqlite', file: ':memory:' }), {
      database: ctx.database,
      logger: false,
    });
    second = built.app;
    await second.ready();
    await insertLeads(ctx, [{ city: 'Sonipat' }, { city: 'Sonipat' }]);
  });
  afterAll(async () => second.close());

  const sonipat = async (app: FastifyInstance) =>
    (await app.inject({ url: '/api/leads?city=Sonipat' })).json<Lead[]>().map((l) => l.id);

  it('shows a status change and a new lead made through another instance', async () => {
    const before = await sonipat(second);
    expect(before).toHaveLength(2);
    expect(await sonipat(second)).toEqual(before);

    const admin = await createMember(ctx, { role: 'Admin' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/leads/update/${before[0]}`,
      payload: { status: false },
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(await sonipat(second)).toEqual([before[1]]);

    const [added] = await insertLeads(ctx, [{ city: 'Sonipat' }]);
    expect(await sonipat(second)).toEqual([added!.id, before[1]]);
  });

  it('reuses one cached body only for callers who unlocked none of its leads', async () => {
    const leads = await insertLeads(ctx, [{ city: 'Panipat' }, { city: 'Panipat' }]);
    const [older, newer] = leads as [(typeof leads)[0], (typeof leads)[0]];
    const buyer = await createMember(ctx);
    const other = await createMember(ctx);
    const admin = await createMember(ctx, { role: 'Admin' });
    await givePackage(ctx, buyer.id, { credits: 5 });
    const page = async (who?: { token: string }) => {
      const res = await second.inject({ url: '/api/leads?city=Panipat', headers: bearer(who) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json<Lead[]>().map((l) => [l.phoneNumber, l.unlocked]);
    };
    const masked = (phone: string) => [`XXXXXXX${phone.slice(-3)}`, false];

    // The page is cached (and its body serialized) by an anonymous caller first.
    expect(await page()).toEqual([masked(newer.phone), masked(older.phone)]);
    const unlock = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${newer.id}/unlock`,
      headers: bearer(buyer),
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    // An unlock does not change the leads, so the cached page stays; the buyer still sees the contact.
    expect(await page(buyer)).toEqual([[newer.phone, true], masked(older.phone)]);
    expect(await page(other)).toEqual([masked(newer.phone), masked(older.phone)]);
    expect(await page()).toEqual([masked(newer.phone), masked(older.phone)]);
    expect(await page(admin)).toEqual([
      [newer.phone, true],
      [older.phone, true],
    ]);
    expect(await page(other)).toEqual([masked(newer.phone), masked(older.phone)]);

    // A new lead makes a new page, first asked for by the buyer: the next caller still sees only masks.
    const [newest] = await insertLeads(ctx, [{ city: 'Panipat' }]);
    expect(await page(buyer)).toEqual([
      masked(newest!.phone),
      [newer.phone, true],
      masked(older.phone),
    ]);
    expect(await page(other)).toEqual([
      masked(newest!.phone),
      masked(newer.phone),
      masked(older.phone),
    ]);
  });

  it('sends browsers the same page gzipped, fresh or cached, and says the body varies by encoding', async () => {
    await insertLeads(ctx, [{ city: 'Jhajjar' }, { city: 'Jhajjar' }]);
    const plain = await second.inject({ url: '/api/leads?city=Jhajjar' });
    for (let i = 0; i < 2; i++) {
      const zipped = await second.inject({
        url: '/api/leads?city=Jhajjar',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);
      expect(zipped.headers.pagination).toBe(plain.headers.pagination);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<Lead[]>()).toHaveLength(2);
  });
});
