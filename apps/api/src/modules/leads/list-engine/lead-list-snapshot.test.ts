// The lead list engine's snapshot: a restart restores it, applies what changed while the server was down and answers
// exactly as an engine that read every lead; a snapshot that is damaged or does not fit the database is not used.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app';
import {
  createTestDatabase,
  testConfig,
  testEngines,
  type TestAppFixture,
  type TestDatabase,
} from '../../../test/test-app';
import { createLeads } from '../../../test/fixtures';
import { currentLeadsVersion, LeadListEngine } from './lead-list-engine';
import { LeadBitmaps } from './lead-bitmaps';
import { LeadAppender } from './lead-appender';
import {
  readSnapshot,
  SNAPSHOT_GATHER_BYTES,
  writeSnapshot,
  type SnapshotReader,
} from './lead-list-snapshot';
import roaring from 'roaring';

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

const fail = (error: unknown) => {
  throw error;
};

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

  it('reads every lead without restoring a snapshot further behind the log than a reload is', async () => {
    const file = path.join(dir, 'behind.snapshot');
    const first = new LeadListEngine(testDb.handle.db, fail, { snapshotFile: file });
    await first.syncTo(await currentLeadsVersion(testDb.handle.db));
    await first.close();
    await createLeads(leadsFixture, someLeads(60, 5000));
    const errors: unknown[] = [];
    const restore = vi.spyOn(LeadBitmaps, 'restore');
    try {
      const second = new LeadListEngine(testDb.handle.db, (error) => errors.push(error), {
        snapshotFile: file,
        reloadThreshold: 50,
      });
      await second.syncTo(await currentLeadsVersion(testDb.handle.db));
      // Restoring it would only have been followed by reading every lead: it is not restored at all.
      expect(restore).not.toHaveBeenCalled();
      expect(second.loadedFrom).toBe('database');
      // Counted in revisions: PostgreSQL's sequence keeps counting past a log an earlier test emptied.
      const behind = /(\d+) changes behind the log/.exec(String(errors[0]));
      expect(Number(behind?.[1])).toBeGreaterThanOrEqual(60);
      await second.close();
    } finally {
      restore.mockRestore();
    }
  });

  it('reloads at once when more changes wait than the threshold, applying none of them first', async () => {
    const engineOnly = new LeadListEngine(testDb.handle.db, fail, { reloadThreshold: 2_500 });
    await engineOnly.syncTo(await currentLeadsVersion(testDb.handle.db));
    const more = someLeads(5_000, 40_000);
    for (let i = 0; i < more.length; i += 500)
      await createLeads(leadsFixture, more.slice(i, i + 500));
    const applied = vi.spyOn(LeadBitmaps.prototype, 'upsert');
    const appended = vi.spyOn(LeadBitmaps.prototype, 'appendAll');
    const loaded = vi.spyOn(LeadAppender.prototype, 'add');
    try {
      const loadsBefore = engineOnly.loadSeconds;
      await engineOnly.syncTo(await currentLeadsVersion(testDb.handle.db));
      expect(engineOnly.loadSeconds).not.toBe(loadsBefore);
      expect(applied).not.toHaveBeenCalled();
      // No catch-up appended a lead: every lead went into the fresh bitmaps of the reload, a chunk at a time.
      expect(appended).not.toHaveBeenCalled();
      const total = engineOnly.size;
      expect(loaded.mock.calls.reduce((n, [chunk]) => n + chunk.ids.length, 0)).toBe(total);
    } finally {
      applied.mockRestore();
      appended.mockRestore();
      loaded.mockRestore();
      await engineOnly.close();
    }
  });
});

describe('the snapshot file, part by part', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-snapshot-file-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A part of `bytes` bytes, each its index's low byte plus `seed`. */
  const partOf = (bytes: number, seed: number) =>
    Uint8Array.from({ length: bytes }, (_, i) => (i + seed) & 0xff);
  const framed = (part: Uint8Array) => {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(part.length);
    return [length, Buffer.from(part)];
  };
  const temporaryBytes = () => {
    const temporary = readdirSync(dir).filter((f) => f.endsWith('.tmp'));
    expect(temporary).toHaveLength(1);
    return statSync(path.join(dir, temporary[0]!)).size;
  };

  it('writes each part to the file as it comes, never the whole snapshot at the end', async () => {
    const file = path.join(dir, 'streamed.snapshot');
    const large = [0, 1, 2].map((seed) => partOf(SNAPSHOT_GATHER_BYTES + 1000, seed));
    const seen: number[] = [];
    await writeSnapshot(file, async (out) => {
      for (const part of large) {
        await out.array(part);
        // The part is in the file by the time its write settles.
        seen.push(temporaryBytes());
      }
      // Small parts are gathered, and written as soon as they fill the gathering buffer.
      for (let i = 0; i < 2_000; i++) await out.json({ i, text: 'x'.repeat(1_000) });
      seen.push(temporaryBytes());
    });
    const largeBytes = SNAPSHOT_GATHER_BYTES + 1000 + 4;
    expect(seen.slice(0, 3)).toEqual([1, 2, 3].map((n) => n * largeBytes));
    expect(seen[3]).toBeGreaterThan(3 * largeBytes + SNAPSHOT_GATHER_BYTES / 2);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('writes the format restarts have always read: each part framed by its length, and reads it back', async () => {
    const file = path.join(dir, 'framed.snapshot');
    const bitmap = new roaring.RoaringBitmap32([1, 5, 70_000, 1_000_000]);
    const big = partOf(3 * SNAPSHOT_GATHER_BYTES + 17, 7);
    const floats = Float64Array.from([1.5, NaN, -3]);
    await writeSnapshot(file, async (out) => {
      await out.json({ revision: 12 });
      await out.bitmap(bitmap);
      await out.array(big);
      await out.array(floats, 2);
      // Changing an array once its write settled changes nothing written.
      floats[0] = 99;
      big[0] = 99;
    });
    const expected = Buffer.concat([
      ...framed(Buffer.from(JSON.stringify({ revision: 12 }))),
      ...framed(bitmap.serialize('portable')),
      ...framed(partOf(3 * SNAPSHOT_GATHER_BYTES + 17, 7)),
      ...framed(new Uint8Array(Float64Array.from([1.5, NaN]).buffer)),
    ]);
    // Buffers compared whole (an element-wise comparison of megabytes takes the test's time).
    expect(readFileSync(file).equals(expected)).toBe(true);
    const read = await readSnapshot(file, async (input: SnapshotReader) => ({
      header: await input.json<{ revision: number }>(),
      bitmap: (await input.bitmap()).toArray(),
      big: (await input.bytes()).equals(partOf(3 * SNAPSHOT_GATHER_BYTES + 17, 7)),
      floats: Array.from(await input.array((n) => new Float64Array(n), 3)),
      done: input.done,
    }));
    expect(read).toEqual({
      header: { revision: 12 },
      bitmap: [1, 5, 70_000, 1_000_000],
      big: true,
      floats: [1.5, NaN, 0],
      done: true,
    });
    expect(await readSnapshot(path.join(dir, 'none.snapshot'), async () => 'read')).toBeUndefined();
  });

  it('refuses a part longer than what is left of the file', async () => {
    const file = path.join(dir, 'truncated.snapshot');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(0xffff_fff0);
    writeFileSync(file, Buffer.concat([length, Buffer.from('short')]));
    await expect(readSnapshot(file, (input) => input.bytes())).rejects.toThrow(
      'lead list snapshot: truncated',
    );
  });
});
