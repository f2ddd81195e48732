// The capped total of design.md §8: exact up to 10,000 matches (text searches 1,000), then the cap with totalCapped,
// on each engine.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pagination } from '@dealerleads/shared';
import { testEngines, useTestApp } from '../../test/test-app';
import { leadValues } from '../../test/fixtures';
import { SEARCH_TOTAL_CAP, TOTAL_CAP, totalCapOf } from './leads.repository';
import { LeadListIndex } from './lead-list-index';
import { LeadPageCache } from './lead-page-cache';
import { findLeadPage, leadListSources } from './leads.service';

describe.each(testEngines())('lead totals on %s', (engine) => {
  const ctx = useTestApp(engine);
  beforeAll(async () => {
    const rows = Array.from({ length: TOTAL_CAP + 5 }, (_, i) =>
      leadValues({ city: i < 7 ? 'Rohtak' : 'Noida' }),
    );
    for (let i = 0; i < rows.length; i += 1000) {
      await ctx.database.db
        .insertInto('leads')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
  });

  const paginationOf = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/leads${query}` });
    expect(res.statusCode).toBe(200);
    return {
      pagination: JSON.parse(res.headers.pagination as string) as Pagination,
      count: res.json<unknown[]>().length,
    };
  };

  it('counts exactly below the cap', async () => {
    expect(await paginationOf('?city=Rohtak')).toEqual({
      pagination: { currentPage: 1, itemsPerPage: 60, totalItems: 7, totalPages: 1 },
      count: 7,
    });
  });

  it('stops counting at the cap and says so', async () => {
    const { pagination } = await paginationOf('');
    expect(pagination).toEqual({
      currentPage: 1,
      itemsPerPage: 60,
      totalItems: TOTAL_CAP,
      totalPages: Math.ceil(TOTAL_CAP / 60),
      totalCapped: true,
    });
  });

  it.each([['?searchterm=verma'], ['?name=amit'], ['?searchterm=verma&city=Noida']])(
    'stops counting a text search at its own cap on %s',
    async (query) => {
      const { pagination, count } = await paginationOf(query);
      expect(count).toBe(60);
      expect(pagination).toEqual({
        currentPage: 1,
        itemsPerPage: 60,
        totalItems: SEARCH_TOTAL_CAP,
        totalPages: Math.ceil(SEARCH_TOTAL_CAP / 60),
        totalCapped: true,
      });
    },
  );

  it('still serves pages past the counted ones', async () => {
    const { count } = await paginationOf('?pageNumber=167&pageSize=60');
    expect(count).toBe(TOTAL_CAP + 5 - 166 * 60);
  });

  // A page that ends the matches gives the total without a count; the other pages count.
  it.each([
    ['?city=Rohtak&pageSize=5&pageNumber=2', 2, 7],
    ['?city=Rohtak&pageSize=7', 7, 7],
    ['?city=Rohtak&pageSize=5&pageNumber=9', 0, 7],
    ['?city=Sonipat', 0, 0],
    ['?city=Sonipat&pageNumber=4', 0, 0],
  ])('reports the true total on %s', async (query, rows, total) => {
    const { pagination, count } = await paginationOf(query);
    expect(count).toBe(rows);
    expect(pagination.totalItems).toBe(total);
  });

  it('counts a filter mix once for all its pages, until a lead changes', async () => {
    const db = ctx.database.db;
    const index = new LeadListIndex();
    const version = await LeadPageCache.currentVersion(db);
    await index.syncTo(db, version);
    const sources = leadListSources(engine, index);
    const fail = (error: unknown) => {
      throw error;
    };
    const page = { pageNumber: 1, pageSize: 5 };
    for (const filter of [{ city: 'Rohtak', price: { min: 0 } }, { searchterm: 'rohtak' }]) {
      expect((await findLeadPage(db, sources, filter, page, false, version, fail)).total).toBe(7);
      // A count kept for the mix stands for every page of it: planted here, it shows instead of a new count.
      const cap = totalCapOf(filter);
      sources.counts.set(JSON.stringify([filter, false]), version, cap + 1);
      const second = await findLeadPage(db, sources, filter, page, false, version, fail);
      expect([second.total, second.totalCapped, second.body.ids.length]).toEqual([cap, true, 5]);
      // Another leads version: counted afresh.
      const fresh = await findLeadPage(db, sources, filter, page, false, version + 1, fail);
      expect([fresh.total, fresh.totalCapped]).toEqual([7, false]);
    }
  });

  it('shows a new total after a lead is added, on every path', async () => {
    const totalOf = async (query: string) => (await paginationOf(query)).pagination.totalItems;
    const queries = ['?city=Rohtak&pageSize=5', '?city=Rohtak&price=0-&pageSize=5&pageNumber=2'];
    queries.push('?searchterm=rohtak&pageSize=5');
    for (const q of queries) expect(await totalOf(q)).toBe(7);
    await ctx.database.db
      .insertInto('leads')
      .values([leadValues({ city: 'Rohtak' })])
      .execute();
    for (const q of queries) expect(await totalOf(q)).toBe(8);
  });
});
