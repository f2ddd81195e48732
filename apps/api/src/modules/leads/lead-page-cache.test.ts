// Cached lead pages never go stale: a write through one API instance is seen at once by another on the same database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Lead } from '@dealerleads/shared';
import { buildApp } from '../../app';
import {
  bearer,
  createMember,
  createTestApp,
  testConfig,
  testEngines,
  type TestContext,
} from '../../test/test-app';
import { insertLeads } from '../../test/fixtures';

describe.each(testEngines())('lead page cache on %s', (engine) => {
  let ctx: TestContext;
  let second: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    // A second API instance on the same database, with its own page cache, like a second process.
    const built = await buildApp(testConfig({ engine: 'sqlite', file: ':memory:' }), {
      database: ctx.database,
      logger: false,
    });
    second = built.app;
    await second.ready();
    await insertLeads(ctx, [{ city: 'Sonipat' }, { city: 'Sonipat' }]);
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

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
});
