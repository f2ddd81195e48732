// A PostgreSQL connection the server ends while it sits idle in the pool (a restart, an administrator, a dropped
// database) must not end the API process: the pool replaces it and the next query works.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describePostgres, type TestDatabase } from '../test/test-app';

describePostgres('the pool', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database.drop());

  it('survives the server ending an idle connection, and answers the next query', async () => {
    const { db } = database.handle;
    const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!
      .pid;
    const other = await createTestDatabase(engine, { migrated: false });
    try {
      const ended = await sql<{ ok: boolean }>`select pg_terminate_backend(${pid}) as ok`.execute(
        other.handle.db,
      );
      expect(ended.rows[0]!.ok).toBe(true);
    } finally {
      await other.drop();
    }
    // Give the pool the moment it needs to hear of the ended connection (an unhandled report would fail the run).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(after.rows[0]!.one).toBe(1);
  });
});
