// Totals: exact from the lead list engine at any size; the SQL fallback counts up to its caps and says so, on each
// database engine.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pagination } from '@dealerleads/shared';
import { testEngines, useTestApp } from '../../test/test-app';
import { makeLead } from '../../test/fixtures';
import { canonicalLeadFilter } from './list-engine';
import { findLeadIdPage, SEARCH_TOTAL_CAP, TOTAL_CAP } from './leads.repository';
import { waitForLeadList } from './lead-list-test-helpers';

describe.each(testEngines())('lead totals on %s', (engine) => {
  const ctx = useTestApp(engine);
  beforeAll(async () => {
    const rows = Array.from({ length: TOTAL_CAP + 5 }, (_, i) =>
      makeLead({ city: i < 7 ? 'Rohtak' : 'Noida' }),
    );
    for (let i = 0; i < rows.length; i += 1000) {
      await ctx.database.db
        .insertInto('leads')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    await waitForLeadList(ctx);
  });

  const paginationOf = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/leads${query}` });
    expect(res.statusCode).toBe(200);
    return {
      pagination: JSON.parse(res.headers.pagination as string) as Pagination,
      count: res.json<unknown[]>().length,
    };
  };

  it('counts exactly, past the SQL caps too', async () => {
    expect(await paginationOf('?city=Rohtak')).toEqual({
      pagination: { currentPage: 1, itemsPerPage: 60, totalItems: 7, totalPages: 1 },
      count: 7,
    });
    expect((await paginationOf('')).pagination).toEqual({
      currentPage: 1,
      itemsPerPage: 60,
      totalItems: TOTAL_CAP + 5,
      totalPages: Math.ceil((TOTAL_CAP + 5) / 60),
    });
    expect((await paginationOf('?searchterm=swift&city=Noida')).pagination.totalItems).toBe(
      TOTAL_CAP - 2,
    );
  });

  it('serves the last page', async () => {
    const { count } = await paginationOf('?pageNumber=167&pageSize=60');
    expect(count).toBe(TOTAL_CAP + 5 - 166 * 60);
  });

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

  it('has the SQL fallback stop counting at its caps and say so', async () => {
    const page = { pageNumber: 1, pageSize: 60 };
    const sqlTotal = (query: Record<string, string>) =>
      findLeadIdPage(ctx.database, canonicalLeadFilter({ ...query, ...page }, false), page).then(
        ({ total, totalCapped }) => ({ total, totalCapped }),
      );
    expect(await sqlTotal({})).toEqual({ total: TOTAL_CAP, totalCapped: true });
    expect(await sqlTotal({ searchterm: 'swift' })).toEqual({
      total: SEARCH_TOTAL_CAP,
      totalCapped: true,
    });
    expect(await sqlTotal({ city: 'Rohtak' })).toEqual({ total: 7, totalCapped: false });
  });

  it('shows a new total after a lead is added, on every path', async () => {
    const totalOf = async (query: string) => (await paginationOf(query)).pagination.totalItems;
    const queries = ['?city=Rohtak&pageSize=5', '?city=Rohtak&price=0-&pageSize=5&pageNumber=2'];
    queries.push('?searchterm=rohtak&pageSize=5');
    for (const q of queries) expect(await totalOf(q)).toBe(7);
    await ctx.database.db
      .insertInto('leads')
      .values([makeLead({ city: 'Rohtak' })])
      .execute();
    for (const q of queries) expect(await totalOf(q)).toBe(8);
  });
});
