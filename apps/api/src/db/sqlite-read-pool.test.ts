// SQLite's off-thread reader: reads run on a worker thread with a connection of its own and answer what the main
// connection answers; SQL errors and lost workers reject only their read; close() ends the workers. PostgreSQL,
// ':memory:' and SQLITE_READ_WORKERS=0 have none, and runLongRead then reads the usual way.
import { renameSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-app';
import { makeLead } from '../test/fixtures';
import {
  openDatabase,
  runLongRead,
  type DatabaseHandle,
  type LongRead,
  type Queryable,
} from './database';

/** A raw statement as a read runLongRead takes. */
function rawRead<R>(handle: DatabaseHandle, statement: RawBuilder<R>): LongRead<R> {
  return {
    compile: () => statement.compile(handle.db),
    execute: async () => (await statement.execute(handle.db)).rows,
  };
}

/** A read that keeps SQLite busy for a while: it counts a recursive sequence of two million rows. */
const slowCount = (handle: DatabaseHandle) =>
  rawRead(
    handle,
    sql<{
      n: number;
    }>`with recursive s(i) as (select 1 union all select i + 1 from s where i < 2000000)
      select count(*) as n from s`,
  );

/** The SQLite file of a test database. */
function fileOf(testDb: TestDatabase): string {
  if (testDb.config.engine !== 'sqlite') throw new Error('not a SQLite test database');
  return testDb.config.file;
}

describe('the off-thread reader on sqlite', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    database = testDb.handle;
    await database.db
      .insertInto('leads')
      .values([makeLead({ city: 'Alwar' }), makeLead({ city: 'Rewari' })])
      .execute();
  });
  afterAll(async () => testDb.drop());

  const leadsIn = (city: string, db: Queryable = database.db) =>
    db.selectFrom('leads').select(['id', 'city']).where('city', '=', city).orderBy('id');

  it('runs a read on a worker thread and gives the rows the main connection gives', async () => {
    const before = database.offThreadReads!().reads;
    const rows = await runLongRead(database, leadsIn('Alwar'));
    expect(rows).toEqual(await leadsIn('Alwar').execute());
    expect(rows).toHaveLength(1);
    const { reads, threadIds } = database.offThreadReads!();
    expect(reads).toBe(before + 1);
    expect(threadIds).toHaveLength(1);
    expect(threadIds[0]).not.toBe(threadId);
  });

  it('sees what the main connection committed just before', async () => {
    await database.db
      .insertInto('leads')
      .values([makeLead({ city: 'Bhiwadi' })])
      .execute();
    expect(await runLongRead(database, leadsIn('Bhiwadi'))).toHaveLength(1);
  });

  it('reads inside a transaction on the transaction, which alone sees its writes', async () => {
    const before = database.offThreadReads!().reads;
    await database.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('leads')
        .values([makeLead({ city: 'Narnaul' })])
        .execute();
      const inside = { db: tx, readOffThread: database.readOffThread };
      expect(await runLongRead(inside, leadsIn('Narnaul', tx))).toHaveLength(1);
    });
    expect(database.offThreadReads!().reads).toBe(before);
  });

  it('leaves the event loop free while it reads', async () => {
    const events: string[] = [];
    const read = runLongRead(database, slowCount(database)).then((rows) => {
      events.push('read');
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 1));
    events.push('timer');
    expect(await read).toEqual([{ n: 2_000_000 }]);
    expect(events).toEqual(['timer', 'read']);
  });

  it("rejects a read with SQLite's error, then answers the next on the same worker", async () => {
    const { threadIds } = database.offThreadReads!();
    const failing = database.readOffThread!({ sql: 'select * from no_such_table', parameters: [] });
    await expect(failing).rejects.toMatchObject({
      message: expect.stringContaining('no such table'),
      code: 'SQLITE_ERROR',
    });
    expect(await runLongRead(database, leadsIn('Rewari'))).toHaveLength(1);
    expect(database.offThreadReads!().threadIds).toEqual(threadIds);
  });

  it('refuses writes', async () => {
    const insert = database.db
      .insertInto('leads')
      .values([makeLead({ city: 'Sonipat' })])
      .compile();
    await expect(database.readOffThread!(insert)).rejects.toThrow(/reads only/);
    expect(await leadsIn('Sonipat').execute()).toEqual([]);
  });

  it('rejects the read of a worker that fails, and the next read starts a new worker', async () => {
    const file = fileOf(testDb);
    // A handle of its own, whose first worker finds no database file to open and dies.
    const second = openDatabase({ engine: 'sqlite', file });
    try {
      renameSync(file, `${file}.away`);
      let failed: unknown;
      try {
        await runLongRead(second, leadsIn('Alwar'));
      } catch (error) {
        failed = error;
      } finally {
        renameSync(`${file}.away`, file);
      }
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).message).toBe('SQLite read worker failed: SQLITE_CANTOPEN');
      expect(second.offThreadReads!().threadIds).toEqual([]);
      expect(await runLongRead(second, leadsIn('Alwar'))).toHaveLength(1);
      expect(second.offThreadReads!()).toMatchObject({ reads: 1, waiting: 0 });
      expect(second.offThreadReads!().threadIds).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('close() rejects the reads not answered and ends the worker threads', async () => {
    const file = fileOf(testDb);
    const second = openDatabase({ engine: 'sqlite', file });
    expect(await runLongRead(second, leadsIn('Alwar'))).toHaveLength(1);
    expect(second.offThreadReads!().threadIds).toHaveLength(1);
    const running = runLongRead(second, slowCount(second));
    const waiting = runLongRead(second, leadsIn('Alwar'));
    expect(second.offThreadReads!().waiting).toBe(1);
    const outcomes = Promise.allSettled([running, waiting]);
    await second.close();
    expect((await outcomes).map((o) => o.status === 'rejected' && String(o.reason))).toEqual([
      'Error: the database is closed',
      'Error: the database is closed',
    ]);
    expect(second.offThreadReads!()).toMatchObject({ waiting: 0, threadIds: [] });
    await expect(second.readOffThread!({ sql: 'select 1', parameters: [] })).rejects.toThrow(
      /closed/,
    );
  });
});

describe.each(testEngines())('runLongRead without an off-thread reader on %s', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
  });
  afterAll(async () => testDb.drop());

  it('reads the usual way where there is no reader', async () => {
    const handles =
      engine === 'postgres'
        ? [testDb.handle]
        : [
            openDatabase({ engine: 'sqlite', file: ':memory:' }),
            openDatabase({ engine: 'sqlite', file: fileOf(testDb), readWorkers: 0 }),
          ];
    for (const handle of handles) {
      expect(handle.readOffThread).toBeUndefined();
      expect(await runLongRead(handle, rawRead(handle, sql<{ n: number }>`select 1 as n`))).toEqual(
        [{ n: 1 }],
      );
      if (handle !== testDb.handle) await handle.close();
    }
  });
});
