// The server answers as soon as it starts: the lead list engine reads every lead in the background, SQL answers the
// list meanwhile, and /api/health and /api/health/ready say when the engine is ready. Both answer the same pages.
import { describe, expect, it } from 'vitest';
import { testEngines, useTestApp } from '../../test/test-app';
import { leadValues } from '../../test/fixtures';
import { currentLeadsVersion, LeadListEngine } from './lead-list-engine';
import { leadListSources, listLeads } from './leads.service';
import { waitForLeadList } from './lead-list-test-helpers';

describe.each(testEngines())('lead list while the engine loads on %s', (engine) => {
  const ctx = useTestApp(engine, {
    beforeBuild: async (database) => {
      const rows = Array.from({ length: 3000 }, (_, i) =>
        leadValues({ city: i % 3 ? 'Noida' : 'Gurugram', status: i % 10 ? 1 : 0 }),
      );
      for (let i = 0; i < rows.length; i += 500) {
        await database.db
          .insertInto('leads')
          .values(rows.slice(i, i + 500))
          .execute();
      }
    },
  });

  const queries = ['', '?city=Noida&pageNumber=3', '?city=Gurugram&price=500000-599999'];
  const pages = () =>
    Promise.all(
      queries.map(async (q) => {
        const res = await ctx.app.inject({ url: `/api/leads${q}` });
        expect(res.statusCode).toBe(200);
        return [res.headers.pagination, res.body];
      }),
    );

  it('answers from SQL until the engine has read every lead, then from it, the same pages', async () => {
    const db = ctx.database.db;
    const fail = (error: unknown) => {
      throw error;
    };
    const listEngine = new LeadListEngine(db, fail);
    const sources = leadListSources(engine, listEngine);
    const page = { pageNumber: 2, pageSize: 25 };
    const filters = [{}, { city: 'Noida' }, { city: 'Gurugram', price: '500000-' }];
    const answer = () =>
      Promise.all(filters.map((f) => listLeads(db, sources, undefined, { ...f, ...page })));
    expect(listEngine.state).toBe('loading');
    const fromSql = await answer();
    expect(fromSql.map((p) => [p.source, p.leads.length])).toEqual([
      ['sql', 25],
      ['sql', 25],
      ['sql', 25],
    ]);
    await listEngine.syncTo(await currentLeadsVersion(db));
    const fromEngine = await answer();
    expect(fromEngine.map((p) => p.source)).toEqual(['engine', 'engine', 'engine']);
    expect(fromEngine.map(({ source: _, ...p }) => p)).toEqual(
      fromSql.map(({ source: _, ...p }) => p),
    );
  });

  it('says in /api/health and /api/health/ready when the engine is ready, with the same pages', async () => {
    const early = await pages();
    await waitForLeadList(ctx);
    const health = (await ctx.app.inject({ url: '/api/health' })).json<{
      leadListIndex: string;
      leadListLeads: number;
    }>();
    expect(health).toMatchObject({ leadListIndex: 'ready', leadListLeads: 3000 });
    expect((await ctx.app.inject({ url: '/api/health/ready' })).json()).toEqual({ ready: true });
    expect(await pages()).toEqual(early);
  });
});
