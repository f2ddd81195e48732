// The server answers as soon as it starts: the lead list engine reads every lead in the background, SQL answers the
// list meanwhile, and /api/health and /api/health/ready say when the engine is ready. Both answer the same pages.
// On SQLite the SQL fallback reads on a worker thread; a failed read there is the request's 500, not the server's.
import { renameSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { NewLead } from '../../../db/schema';
import { testEngines, useTestApp } from '../../../test/test-app';
import { makeLead } from '../../../test/fixtures';
import { currentLeadsVersion, LeadListEngine } from './lead-list-engine';
import { LeadAppender } from './lead-appender';
import { LeadChunkEncoder } from './lead-chunk';
import { leadListSources, listLeads } from '../leads.service';
import { leadsOf, waitForLeadList } from '../lead-list-test-helpers';

describe.each(testEngines())('lead list while the engine loads on %s', (engine) => {
  const ctx = useTestApp(engine, {
    beforeBuild: async (database) => {
      const rows = Array.from({ length: 3000 }, (_, i) =>
        makeLead({ city: i % 3 ? 'Noida' : 'Gurugram', status: i % 10 ? 1 : 0 }),
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
    const sources = leadListSources(ctx.database, listEngine);
    const page = { pageNumber: 2, pageSize: 25 };
    const filters = [{}, { city: 'Noida' }, { city: 'Gurugram', price: '500000-' }];
    const answer = () =>
      Promise.all(filters.map((f) => listLeads(db, sources, undefined, { ...f, ...page })));
    expect(listEngine.state).toBe('loading');
    const readsBefore = ctx.database.offThreadReads?.().reads;
    const fromSql = await answer();
    expect(fromSql.map((p) => [p.source, leadsOf(p).length])).toEqual([
      ['sql', 25],
      ['sql', 25],
      ['sql', 25],
    ]);
    // SQLite reads the fallback's page ids and counts on a worker thread: two statements per full page.
    if (readsBefore !== undefined)
      expect(ctx.database.offThreadReads!().reads).toBe(readsBefore + 6);
    await listEngine.syncTo(await currentLeadsVersion(db));
    const fromEngine = await answer();
    expect(fromEngine.map((p) => p.source)).toEqual(['engine', 'engine', 'engine']);
    expect(fromEngine.map(({ source: _, ...p }) => p)).toEqual(
      fromSql.map(({ source: _, ...p }) => p),
    );
  });

  it('reads the leads on a worker thread, this thread only adding them, every one', async () => {
    await waitForLeadList(ctx);
    const encoded = vi.spyOn(LeadChunkEncoder.prototype, 'encode');
    const added = vi.spyOn(LeadAppender.prototype, 'add');
    const listEngine = new LeadListEngine(ctx.database.db, (error) => {
      throw error;
    });
    try {
      await listEngine.syncTo(await currentLeadsVersion(ctx.database.db));
      expect(listEngine.state).toBe('ready');
      expect(added.mock.calls.reduce((n, [chunk]) => n + chunk.ids.length, 0)).toBe(3000);
      // This thread's encoder made none of the chunks: the worker thread's did.
      expect(encoded).not.toHaveBeenCalled();
    } finally {
      encoded.mockRestore();
      added.mockRestore();
      await listEngine.close();
    }
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

describe('lead list by SQL on a worker thread (sqlite)', () => {
  const ctx = useTestApp('sqlite', {
    // A lead id the engine cannot hold: it fails (and fails again at each reload), so SQL answers every list.
    beforeBuild: async (database) => {
      await database.db
        .insertInto('leads')
        .values([makeLead({ city: 'Noida' }), { ...makeLead(), id: 2 ** 32 } as NewLead])
        .execute();
    },
  });

  it('answers the normal 500 when the worker fails, and the next list from a new worker', async () => {
    const health = async () =>
      (await ctx.app.inject({ url: '/api/health' })).json<{ leadListIndex: string }>()
        .leadListIndex;
    const deadline = Date.now() + 30_000;
    while ((await health()) !== 'failed') {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The first list by SQL starts the worker; with the database file away, it cannot open it and dies.
    const { file } = await sql<{
      file: string;
    }>`select file from pragma_database_list where name = 'main'`
      .execute(ctx.database.db)
      .then((r) => r.rows[0]!);
    renameSync(file, `${file}.away`);
    let failed;
    try {
      failed = await ctx.app.inject({ url: '/api/leads?city=Noida' });
    } finally {
      renameSync(`${file}.away`, file);
    }
    // The error handler's 500 (its details shown outside production).
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({
      status: 500,
      message: 'SQLite read worker failed: SQLITE_CANTOPEN',
      requestId: expect.any(String),
    });
    const res = await ctx.app.inject({ url: '/api/leads?city=Noida' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ city: string }[]>().map((lead) => lead.city)).toEqual(['Noida']);
    expect(ctx.database.offThreadReads!().threadIds).toHaveLength(1);
  });
});
