// The server answers as soon as it starts: the lead list index reads every lead in the background, SQL answers the
// list meanwhile, and /api/health says when the index is ready. Both answer the same pages.
import { describe, expect, it } from 'vitest';
import { testEngines, useTestApp } from '../../test/test-app';
import { leadValues } from '../../test/fixtures';
import { LeadListIndex } from './lead-list-index';
import { LeadPageCache, VersionedCache } from './lead-page-cache';
import { findLeadPage, leadListSources } from './leads.service';

describe.each(testEngines())('lead list while the index loads on %s', (engine) => {
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

  const health = async () =>
    (await ctx.app.inject({ url: '/api/health' })).json<{ leadListIndex: string }>().leadListIndex;
  const queries = ['', '?city=Noida&pageNumber=3', '?city=Gurugram&price=500000-599999'];
  const pages = () =>
    Promise.all(
      queries.map(async (q) => {
        const res = await ctx.app.inject({ url: `/api/leads${q}` });
        expect(res.statusCode).toBe(200);
        return [res.headers.pagination, res.body];
      }),
    );

  it('answers from SQL until the index has read every lead, then from memory, the same pages', async () => {
    const db = ctx.database.db;
    const version = await LeadPageCache.currentVersion(db);
    const sources = leadListSources(engine, new LeadListIndex());
    const fail = (error: unknown) => {
      throw error;
    };
    const filters = [{}, { city: 'Noida' }, { city: 'Gurugram', price: { min: 500_000 } }];
    const page = { pageNumber: 2, pageSize: 25 };
    // As the API sends them: the same bytes from SQL and from the index.
    const answer = async () =>
      (
        await Promise.all(
          filters.map((f) => findLeadPage(db, sources, f, page, false, version, fail)),
        )
      ).map((p) => ({ total: p.total, totalCapped: p.totalCapped, body: p.body.bytes.toString() }));
    // The first call finds the index empty: SQL answers it, and the index starts reading.
    expect(sources.listIndex.loaded).toBe(false);
    const fromSql = await answer();
    expect(fromSql.map((p) => (JSON.parse(p.body) as unknown[]).length)).toEqual([25, 25, 25]);
    while (!sources.listIndex.loaded) await new Promise((resolve) => setTimeout(resolve, 10));
    sources.counts = new VersionedCache<number>(10);
    expect(await answer()).toEqual(fromSql);
  });

  it('says in /api/health when the index is ready, and lists the same pages before and after', async () => {
    const early = await pages();
    expect(['loading', 'ready']).toContain(await health());
    const deadline = Date.now() + 30_000;
    while ((await health()) !== 'ready') {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await pages()).toEqual(early);
  });
});
