// The lead list engine's snapshot: a restart restores it, applies what changed while the server was down and answers
// exactly as an engine that read every lead; a snapshot that is damaged or does not fit the database is not used.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import {
  createTestDatabase,
  testConfig,
  testEngines,
  type TestAppFixture,
  type TestDatabase,
} from '../../../test/test-app';
import { createLeads } from '../../../test/fixtures';
import { LeadListEngine } from './lead-list-engine';

const CITIES = ['Gurugram', 'Noida', 'Delhi', 'Faridabad'];
const MODELS = [
  ['maruti_suzuki', 'Swift'],
  ['hyundai', 'Creta'],
  ['tata', 'Nexon'],
  ['audi', 'A4'],
] as const;

function someLeads(n: number, seed: number) {
  return Array.from({ length: n }, (_, i) => {
    const k = seed + i;
    const [brand, model] = MODELS[k % MODELS.length]!;
    return {
      full_name: `Owner ${['Amit', 'Neha', 'Ravi'][k % 3]} ${k}`,
      city: CITIES[(k * 7) % CITIES.length]!,
      brand,
      model,
      year: 2012 + (k % 12),
      price: 200_000 + ((k * 7919) % 3_000_000),
      km_driven: (k * 4_111) % 150_000,
      status: (k % 9 === 0 ? 0 : 1) as 0 | 1,
    };
  });
}

/** Queries whose answers must not depend on where the engine's bitmaps came from. */
const QUERIES = [
  '/api/leads?pageSize=100',
  '/api/leads?pageSize=100&pageNumber=2',
  '/api/leads?city=Noida&pageSize=100',
  '/api/leads?brand=hyundai&year=2015',
  '/api/leads?searchterm=a4&pageSize=50',
  '/api/leads?searchterm=neha&city=Delhi',
  '/api/leads?price=500000-999999&pageSize=100',
];

describe.each(testEngines())('lead list snapshots (%s)', (engine) => {
  let testDb: TestDatabase;
  let dir: string;
  /** For inserting leads straight into the database (no app needed). */
  const leadsFixture: TestAppFixture = {
    get app(): FastifyInstance {
      throw new Error('no app here');
    },
    get database() {
      return testDb.handle;
    },
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-snapshots-'));
  });
  afterAll(async () => {
    await testDb.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The app on the test database, with snapshots in `dir` (or none), once its engine answers lists. */
  async function start(snapshots: boolean): Promise<FastifyInstance> {
    const config = testConfig(testDb.config, snapshots ? { leadListSnapshotDir: dir } : {});
    const { app } = await buildApp(config, { database: testDb.handle, logger: false });
    await app.ready();
    await expect
      .poll(async () => (await app.inject({ url: '/api/health/ready' })).statusCode, {
        timeout: 10_000,
        interval: 20,
      })
      .toBe(200);
    return app;
  }

  const loadedFrom = async (app: FastifyInstance) =>
    (await app.inject({ url: '/api/health' })).json<{ leadListLoadedFrom: string }>()
      .leadListLoadedFrom;

  async function answers(app: FastifyInstance) {
    const out: unknown[] = [];
    for (const url of QUERIES) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      out.push([url, res.headers.pagination, res.json()]);
    }
    return out;
  }

  async function expectSameAsFullLoad(app: FastifyInstance) {
    const reference = await start(false);
    try {
      expect(await loadedFrom(reference)).toBe('database');
      expect(await answers(app)).toEqual(await answers(reference));
    } finally {
      await reference.close();
    }
  }

  it('restores the snapshot at a restart and applies what changed while the server was down', async () => {
    const first = await start(true);
    await createLeads(leadsFixture, someLeads(400, 0));
    // The first load found an empty list; the catch-up applied the 400 leads.
    await first.inject({ url: '/api/leads' });
    expect(await loadedFrom(first)).toBe('database');
    await first.close(); // writes the snapshot: it moved since the one written after the first load
    expect(readdirSync(dir).filter((f) => f.endsWith('.snapshot'))).toHaveLength(1);

    // While no server runs: new leads, changed leads, deleted leads.
    await createLeads(leadsFixture, someLeads(30, 1000));
    await testDb.handle.db
      .updateTable('leads')
      .set({ city: 'Noida', price: 750_000 })
      .where('id', '<=', 20)
      .execute();
    await testDb.handle.db
      .updateTable('leads')
      .set({ status: 0 })
      .where('id', 'in', [30, 31])
      .execute();
    await testDb.handle.db.deleteFrom('leads').where('id', 'in', [40, 41, 42]).execute();

    const second = await start(true);
    try {
      expect(await loadedFrom(second)).toBe('snapshot');
      await expectSameAsFullLoad(second);
    } finally {
      await second.close();
    }
  });

  it('stops a load under way at a shutdown instead of reading every lead first', async () => {
    const more = someLeads(12_000, 20_000);
    for (let i = 0; i < more.length; i += 500)
      await createLeads(leadsFixture, more.slice(i, i + 500));
    const engineOnly = new LeadListEngine(testDb.handle.db, (error) => {
      throw error;
    });
    engineOnly.start();
    await engineOnly.close();
    // The first chunk of leads (LOAD_CHUNK) was read, then the load stopped: nothing is answered from it.
    expect(engineOnly.state).toBe('loading');
    expect(engineOnly.size).toBe(0);
  });

  it('reads every lead when the snapshot is damaged', async () => {
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.snapshot'));
    writeFileSync(path.join(dir, file!), Buffer.from('not a snapshot at all'));
    const app = await start(true);
    try {
      expect(await loadedFrom(app)).toBe('database');
      await expectSameAsFullLoad(app);
    } finally {
      await app.close();
    }
  });

  it('reads every lead when the snapshot is ahead of the database (a restored backup)', async () => {
    // A snapshot of this database, then the database as an older backup would have it: fewer leads, and a change log
    // that has not reached the snapshot's revision.
    const app = await start(true);
    await app.close();
    await testDb.handle.db.deleteFrom('leads').where('id', '>', 400).execute();
    await testDb.handle.db.deleteFrom('lead_changes').execute();
    const restarted = await start(true);
    try {
      expect(await loadedFrom(restarted)).toBe('database');
      await expectSameAsFullLoad(restarted);
    } finally {
      await restarted.close();
    }
  });
});
