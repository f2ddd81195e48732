// Writes of one kind that arrive together run as one set: one write of the group commit, one call of the set's work
// with every input, one outcome per input; a set that throws fails all its inputs and leaves nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-app';
import { makeLead } from '../test/fixtures';
import type { Db } from './database';
import { runWriteInSet, type SetWork } from './write-sets';

describe.each(testEngines())('runWriteInSet on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database.drop());

  const cities = async (db: Db, names: string[]) =>
    (
      await db.selectFrom('leads').select('city').where('city', 'in', names).orderBy('id').execute()
    ).map((c) => c.city);

  /** Inserts a lead per city in one statement; a city starting with "x" is refused, "boom" fails the whole set. */
  function citySets() {
    const calls: string[][] = [];
    const work: SetWork<string, number> = async (tx, inputs) => {
      calls.push([...inputs]);
      if (inputs.includes('boom')) {
        await tx
          .insertInto('leads')
          .values(makeLead({ city: 'Before boom' }))
          .execute();
        throw new Error('the set failed');
      }
      const accepted = inputs.filter((city) => !city.startsWith('x'));
      if (accepted.length > 0)
        await tx
          .insertInto('leads')
          .values(accepted.map((city) => makeLead({ city })))
          .execute();
      return inputs.map((city, i) =>
        city.startsWith('x') ? { error: new Error(`refused ${city}`) } : { ok: i },
      );
    };
    return { calls, work };
  }

  it('runs inputs that arrive together as one call and answers each its own outcome', async () => {
    const { db } = database.handle;
    const { calls, work } = citySets();
    const results = await Promise.allSettled(
      ['Ajmer', 'xKota', 'Sikar'].map((city) => runWriteInSet(db, engine, work, city)),
    );
    expect(calls).toEqual([['Ajmer', 'xKota', 'Sikar']]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 0 },
      { status: 'rejected', reason: new Error('refused xKota') },
      { status: 'fulfilled', value: 2 },
    ]);
    expect(await cities(db, ['Ajmer', 'xKota', 'Sikar'])).toEqual(['Ajmer', 'Sikar']);
  });

  it('starts a new set for inputs that arrive once the set has begun', async () => {
    const { db } = database.handle;
    const { calls, work } = citySets();
    const first = runWriteInSet(db, engine, work, 'Bundi');
    // Wait until the first set's work has run: the set closed when it began.
    await first;
    await Promise.all([
      runWriteInSet(db, engine, work, 'Churu'),
      runWriteInSet(db, engine, work, 'Dausa'),
    ]);
    expect(calls).toEqual([['Bundi'], ['Churu', 'Dausa']]);
  });

  it('fails every input of a set whose work throws, and keeps nothing it wrote', async () => {
    const { db } = database.handle;
    const { work } = citySets();
    const results = await Promise.allSettled(
      ['Nagaur', 'boom'].map((city) => runWriteInSet(db, engine, work, city)),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await cities(db, ['Nagaur', 'Before boom'])).toEqual([]);
  });
});
