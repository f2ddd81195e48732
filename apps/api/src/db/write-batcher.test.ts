// Group commit on SQLite: concurrent writes share one transaction, and a failing one undoes only its own writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { leadValues } from '../test/fixtures';
import type { Tx } from './database';
import { runWrite } from './write-batcher';

describe('runWrite on sqlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database.drop());

  it('commits concurrent writes together and rolls back only the one that fails', async () => {
    const { db } = database.handle;
    const seen: Tx[] = [];
    const write = (city: string, fail: boolean) =>
      runWrite(db, 'sqlite', async (tx) => {
        seen.push(tx);
        await tx.insertInto('leads').values(leadValues({ city })).execute();
        if (fail) throw new Error(`failed ${city}`);
        return city;
      });
    const results = await Promise.allSettled([
      write('Alwar', false),
      write('Bhiwadi', true),
      write('Rewari', false),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(new Set(seen).size).toBe(1);
    const cities = await db.selectFrom('leads').select('city').orderBy('id').execute();
    expect(cities.map((c) => c.city)).toEqual(['Alwar', 'Rewari']);
  });

  it('keeps working after a batch and runs later writes in a new transaction', async () => {
    const { db } = database.handle;
    const value = await runWrite(db, 'sqlite', async (tx) => {
      await tx
        .insertInto('leads')
        .values(leadValues({ city: 'Palwal' }))
        .execute();
      return 'done';
    });
    expect(value).toBe('done');
    expect(
      await db.selectFrom('leads').select('id').where('city', '=', 'Palwal').execute(),
    ).toHaveLength(1);
  });
});
