// Group commit on both engines: concurrent writes share one transaction, a failing one leaves nothing of its own,
// and on PostgreSQL a write that loses a deadlock to another process's batch runs again in the next batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-app';
import { makeLead } from '../test/fixtures';
import { openDatabase, type Db, type Tx } from './database';
import { MAX_WRITE_CONFLICTS, runWrite } from './write-batcher';

describe.each(testEngines())('runWrite on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database.drop());

  const cities = async (db: Db, names: string[]) =>
    (
      await db.selectFrom('leads').select('city').where('city', 'in', names).orderBy('id').execute()
    ).map((c) => c.city);

  it('commits concurrent writes together and rolls back only the one that fails', async () => {
    const { db } = database.handle;
    // The transaction each write last ran in: a batch that a write failed runs its other writes again.
    const lastRun = new Map<string, Tx>();
    const write = (city: string, fail: boolean) =>
      runWrite(db, engine, async (tx) => {
        lastRun.set(city, tx);
        await tx.insertInto('leads').values(makeLead({ city })).execute();
        if (fail) throw new Error(`failed ${city}`);
        return city;
      });
    const results = await Promise.allSettled([
      write('Alwar', false),
      write('Bhiwadi', true),
      write('Rewari', false),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(lastRun.get('Alwar')).toBe(lastRun.get('Rewari'));
    expect(await cities(db, ['Alwar', 'Bhiwadi', 'Rewari'])).toEqual(['Alwar', 'Rewari']);
  });

  it('keeps the batch going after a statement the database refuses (an aborted subtransaction on PostgreSQL)', async () => {
    const { db } = database.handle;
    const taken = await db
      .insertInto('leads')
      .values(makeLead({ city: 'Karnal' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const lastRun = new Map<string, Tx>();
    const write = (city: string, id?: number) =>
      runWrite(db, engine, async (tx) => {
        lastRun.set(city, tx);
        await tx
          .insertInto('leads')
          .values({ ...makeLead({ city }), ...(id === undefined ? {} : { id }) })
          .execute();
        // The item's own statement after its write: a later one of the batch must not see a failed item's rows.
        return (await tx.selectFrom('leads').select('id').where('city', '=', city).execute())
          .length;
      });
    const results = await Promise.allSettled([
      write('Panipat'),
      write('Sonipat', taken.id),
      write('Jind'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[2]).toEqual({ status: 'fulfilled', value: 1 });
    expect(lastRun.get('Panipat')).toBe(lastRun.get('Jind'));
    expect(await cities(db, ['Panipat', 'Sonipat', 'Jind'])).toEqual(['Panipat', 'Jind']);
  });

  it('reruns a write that lost a race (deadlock or serialization failure) and gives up after a few', async () => {
    const { db } = database.handle;
    let runs = 0;
    const conflict = Object.assign(new Error('could not serialize access'), { code: '40001' });
    const alwaysConflicting = runWrite(db, engine, async (tx) => {
      runs++;
      await tx
        .insertInto('leads')
        .values(makeLead({ city: 'Hisar' }))
        .execute();
      throw conflict;
    });
    let onceRuns = 0;
    const conflictingOnce = runWrite(db, engine, async (tx) => {
      onceRuns++;
      await tx
        .insertInto('leads')
        .values(makeLead({ city: 'Rohtak' }))
        .execute();
      if (onceRuns === 1) throw conflict;
      return 'second run';
    });
    await expect(alwaysConflicting).rejects.toBe(conflict);
    expect(runs).toBe(MAX_WRITE_CONFLICTS);
    await expect(conflictingOnce).resolves.toBe('second run');
    expect(onceRuns).toBe(2);
    expect(await cities(db, ['Hisar', 'Rohtak'])).toEqual(['Rohtak']);
  });

  it('keeps working after a batch and runs later writes in a new transaction', async () => {
    const { db } = database.handle;
    const value = await runWrite(db, engine, async (tx) => {
      await tx
        .insertInto('leads')
        .values(makeLead({ city: 'Palwal' }))
        .execute();
      return 'done';
    });
    expect(value).toBe('done');
    expect(await cities(db, ['Palwal'])).toEqual(['Palwal']);
  });

  // Only PostgreSQL has row locks two processes' batches can deadlock on (SQLite writes one transaction at a time).
  if (engine === 'postgres')
    it('resolves a deadlock between two processes’ batches: the losing write runs again, every write commits', async () => {
      const first = database.handle.db;
      const secondHandle = openDatabase(database.config);
      const second = secondHandle.db;
      try {
        await first
          .insertInto('settings')
          .values([
            { key: 'deadlock-x', value: '0' },
            { key: 'deadlock-y', value: '0' },
          ])
          .execute();
        const set = (tx: Tx, key: string, value: string) =>
          tx.updateTable('settings').set({ value }).where('key', '=', key).execute();
        // Each batch's first write locks one row and waits for the other batch's to do the same.
        let locked = 0;
        let bothLocked: () => void = () => undefined;
        const barrier = new Promise<void>((resolve) => (bothLocked = resolve));
        const lockFirst = (db: Db, key: string) =>
          runWrite(db, 'postgres', async (tx) => {
            await set(tx, key, 'locked');
            if (++locked === 2) bothLocked();
            await barrier;
          });
        const runs = { first: 0, second: 0 };
        const thenOther = (db: Db, key: string, who: 'first' | 'second') =>
          runWrite(db, 'postgres', async (tx) => {
            runs[who]++;
            await set(tx, key, who);
          });
        // Queued in the same turn of the event loop: each pair shares its process's batch.
        const writes = [
          lockFirst(first, 'deadlock-x'),
          thenOther(first, 'deadlock-y', 'first'),
          lockFirst(second, 'deadlock-y'),
          thenOther(second, 'deadlock-x', 'second'),
        ];
        await Promise.all(writes);
        // PostgreSQL broke the cycle by failing one of the second writes: that process's batch rolled back, its
        // first write ran again after the other batch committed, and the failed write once more in a batch of its own.
        expect(runs.first + runs.second).toBe(3);
        const values = await first
          .selectFrom('settings')
          .select(['key', 'value'])
          .where('key', 'in', ['deadlock-x', 'deadlock-y'])
          .orderBy('key')
          .execute();
        // Every write committed, the losing process's after the other's: the rows show the winner's writes overwritten.
        const byKey = Object.fromEntries(values.map((v) => [v.key, v.value]));
        expect([
          { 'deadlock-x': 'second', 'deadlock-y': 'locked' },
          { 'deadlock-x': 'locked', 'deadlock-y': 'first' },
        ]).toContainEqual(byKey);
      } finally {
        await secondHandle.close();
      }
    }, 20_000);
});
