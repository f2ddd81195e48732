// Text search (`searchterm`) as dealers and Admin see it, kept in step with lead status changes on each engine.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Lead, Pagination } from '@dealerleads/shared';
import {
  bearer,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { createLeads } from '../../test/fixtures';
import { activeLeadSearchMigration } from '../../db/migrations/2026-11-22-0005-active-lead-search';

describe.each(testEngines())('text search on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, dealer } = useMembers(ctx, { admin: { role: 'Admin' }, dealer: {} });
  let older: number;
  let inactive: number;
  let newer: number;

  beforeAll(async () => {
    [{ id: older }, { id: inactive }, { id: newer }] = await createLeads(ctx, [
      { full_name: 'Kabir Qureshi', varient: 'Zoravar Edition', city: 'Ghaziabad', rto: 'UP' },
      { full_name: 'Meera Malhotra', varient: 'Zoravar Plus', city: 'Noida', rto: 'UP', status: 0 },
      {
        full_name: 'Ishaan Bedi',
        city: 'Noida',
        brand: 'tata',
        model: 'Zoravarian',
        varient: null,
      },
      // Owners' names are not searched: they are not shown in full before an unlock.
      { full_name: 'Zoravar Singh', city: 'Noida' },
    ]).then((rows) => rows.map((r) => ({ id: r.id })));
  });

  async function search(query: string, who: TestMember) {
    const res = await ctx.app.inject({ url: `/api/leads?${query}`, headers: bearer(who) });
    expect(res.statusCode, res.body).toBe(200);
    const pagination = JSON.parse(res.headers.pagination as string) as Pagination;
    return { ids: json<Lead[]>(res).map((l) => l.id), total: pagination.totalItems };
  }

  async function setStatus(id: number, status: boolean) {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/leads/update/${id}`,
      payload: { status },
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  // 'zoravar' takes the trigram index, 'zo' the LIKE scan: both must agree.
  it.each(['searchterm=zoravar', 'searchterm=ZORAVAR', 'searchterm=zo'])(
    'finds active matches newest first for dealers and every match for Admin (%s)',
    async (query) => {
      expect(await search(query, dealer)).toEqual({ ids: [newer, older], total: 2 });
      expect(await search(query, admin)).toEqual({ ids: [newer, inactive, older], total: 3 });
    },
  );

  it('combines the search with other filters and pages through the matches', async () => {
    expect(await search('searchterm=zoravar&city=ghaziabad', dealer)).toEqual({
      ids: [older],
      total: 1,
    });
    expect(await search('searchterm=zoravar&city=noida', admin)).toEqual({
      ids: [newer, inactive],
      total: 2,
    });
    expect(await search('searchterm=zoravar&pageSize=1&pageNumber=2', dealer)).toEqual({
      ids: [older],
      total: 2,
    });
    expect(await search('searchterm=nobody-by-this-name', dealer)).toEqual({ ids: [], total: 0 });
  });

  it('follows status changes at once', async () => {
    await setStatus(older, false);
    expect(await search('searchterm=zoravar', dealer)).toEqual({ ids: [newer], total: 1 });
    await setStatus(inactive, true);
    expect(await search('searchterm=zoravar', dealer)).toEqual({
      ids: [newer, inactive],
      total: 2,
    });
    expect(await search('searchterm=zoravar', admin)).toEqual({
      ids: [newer, inactive, older],
      total: 3,
    });
    await setStatus(older, true);
    await setStatus(inactive, false);
    expect(await search('searchterm=zoravar', dealer)).toEqual({ ids: [newer, older], total: 2 });
  });

  it('finds a city by its other name and a catalogue model by two letters, on every path', async () => {
    const [gurugram, a4, merc] = (
      await createLeads(ctx, [
        { full_name: 'Old Name Test', city: 'Gurugram', model: 'Swift' },
        { full_name: 'Model Test', city: 'Rohtak', brand: 'audi', model: 'A4', varient: null },
        {
          full_name: 'Label Test',
          city: 'Rohtak',
          brand: 'mercedes',
          model: 'C-Class',
          varient: null,
        },
      ])
    ).map((r) => r.id);
    const ids = async (query: string) => (await search(query, dealer)).ids;
    expect(
      (await search('searchterm=Gurgaon&name=old name', admin)).ids.filter((id) => id === gurugram),
    ).toEqual([gurugram]);
    expect(await ids('searchterm=Gurgaon&city=Gurugram&model=Swift')).toContain(gurugram);
    expect(await ids('searchterm=A4&city=Rohtak')).toEqual([a4]);
    expect(await ids('searchterm=a4&city=Rohtak')).toEqual([a4]);
    expect(await ids('searchterm=Merc&city=Rohtak')).toEqual([merc]);
    expect(await ids('searchterm=Mercedes-Benz&city=Rohtak')).toEqual([merc]);
  });

  it("never finds a lead by its owner's name in a search; an Admin filters by name", async () => {
    const { id } = (
      await createLeads(ctx, [{ full_name: 'Quennell Farooqui', city: 'Noida' }])
    )[0]!;
    for (const term of ['farooqui', 'quennell farooqui', 'fa']) {
      expect((await search(`searchterm=${term}`, dealer)).ids, term).not.toContain(id);
      const anonymous = await ctx.app.inject({ url: `/api/leads?searchterm=${term}` });
      expect(json<Lead[]>(anonymous).map((l) => l.id)).not.toContain(id);
      expect((await search(`searchterm=${term}`, admin)).ids, term).not.toContain(id);
    }
    // The name filter is an Admin's: anyone else's list is the one without it.
    const everyone = await search('city=noida', dealer);
    expect(await search('city=noida&name=farooqui', dealer)).toEqual(everyone);
    expect(await search('city=noida&name=farooqui', admin)).toEqual({ ids: [id], total: 1 });
  });

  it('lets Admin choose active, inactive or all leads; everyone else gets active ones', async () => {
    expect(await search('searchterm=zoravar&status=inactive', admin)).toEqual({
      ids: [inactive],
      total: 1,
    });
    expect(await search('searchterm=zoravar&status=active', admin)).toEqual({
      ids: [newer, older],
      total: 2,
    });
    expect(await search('searchterm=zoravar&status=all', admin)).toEqual({
      ids: [newer, inactive, older],
      total: 3,
    });
    // A dealer (or anonymous caller) sending it gets active leads, as without it.
    expect(await search('searchterm=zoravar&status=inactive', dealer)).toEqual({
      ids: [newer, older],
      total: 2,
    });
    const anonymous = await ctx.app.inject({ url: '/api/leads?searchterm=zoravar&status=all' });
    expect(json<Lead[]>(anonymous).map((l) => l.id)).toEqual([newer, older]);
    const bad = await ctx.app.inject({ url: '/api/leads?status=sold', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, errors: { status: [expect.any(String)] } });
  });

  it('takes the last date there is with a search, and refuses dates past it, alike on both engines', async () => {
    expect(await search('searchterm=zoravar&endDate=9999-12-31', dealer)).toEqual({
      ids: [newer, older],
      total: 2,
    });
    expect(
      await search('searchterm=zoravar&startDate=1900-01-01&endDate=9999-12-31', admin),
    ).toEqual({
      ids: [newer, inactive, older],
      total: 3,
    });
    expect(await search('searchterm=zoravar&startDate=9999-12-31', dealer)).toEqual({
      ids: [],
      total: 0,
    });
    for (const query of ['endDate=10000-01-01', 'startDate=0000-01-01', 'endDate=1899-12-31']) {
      const res = await ctx.app.inject({ url: `/api/leads?searchterm=zoravar&${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ title: string }>().title).toBe('One or more validation errors occurred.');
    }
  });

  // The trigram index exists on SQLite only (PostgreSQL's pg_trgm index covers every lead).
  if (engine === 'sqlite') {
    it('indexes exactly the active leads when the migration runs over existing leads', async () => {
      const migration = activeLeadSearchMigration(engine);
      // Migrations take an untyped Kysely (they run before the schema they build exists).
      const db = ctx.database.db as unknown as Kysely<unknown>;
      await migration.down(db);
      await migration.up(db);
      expect(await search('searchterm=zoravar', dealer)).toEqual({ ids: [newer, older], total: 2 });
      expect(await search('searchterm=zoravar%20plus', dealer)).toEqual({ ids: [], total: 0 });
      expect(await search('searchterm=zoravar%20plus', admin)).toEqual({
        ids: [inactive],
        total: 1,
      });
    });
  }
});
