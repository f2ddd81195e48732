// PostgreSQL prepared statements: a parameterised text is prepared once per connection under its hash's name and then
// only run; a connection prepares no more than its cap, and runs further texts unnamed with the same answers. Writes
// are counted as they may commit, which is what tells the lead list engine to look again.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePostgres } from '../test/test-app';
import { completedWrites, onWriteCompleted, preparingPool } from './postgres-statements';

describePostgres('prepared statements', () => {
  let db: Kysely<unknown>;
  beforeAll(() => {
    // One connection, so every statement of the test meets the same server session.
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    db = new Kysely({
      dialect: new PostgresDialect({ pool: preparingPool(pool, { maxNamed: 2 }) }),
    });
  });
  afterAll(async () => db.destroy());

  const prepared = async () =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements order by statement`.execute(db)
    ).rows;

  it('prepares each parameterised text once, up to the cap, and answers alike past it', async () => {
    const texts = ['plus', 'times', 'minus'] as const;
    const run = (text: (typeof texts)[number], n: number) => {
      if (text === 'plus') return sql<{ v: number }>`select ${n}::int + 1 as v`.execute(db);
      if (text === 'times') return sql<{ v: number }>`select ${n}::int * 2 as v`.execute(db);
      return sql<{ v: number }>`select ${n}::int - 1 as v`.execute(db);
    };
    const answers: number[] = [];
    for (const n of [5, 7]) for (const text of texts) answers.push((await run(text, n)).rows[0]!.v);
    expect(answers).toEqual([6, 10, 4, 8, 14, 6]);
    const named = await prepared();
    // The first two texts are prepared, each once, under a name of its own; the third ran unnamed.
    expect(named.map((p) => p.statement)).toEqual([
      'select $1::int * 2 as v',
      'select $1::int + 1 as v',
    ]);
    expect(new Set(named.map((p) => p.name)).size).toBe(2);
    expect(named.every((p) => p.name.startsWith('dl_'))).toBe(true);
  });

  it('runs a text without parameters by the simple protocol (several statements in one)', async () => {
    // The extended protocol refuses two commands in one statement.
    await sql`create temporary table simple_protocol (v int); insert into simple_protocol values (2)`.execute(
      db,
    );
    const result = await sql<{ v: number }>`select v from simple_protocol`.execute(db);
    expect(result.rows).toEqual([{ v: 2 }]);
  });

  it('counts a write when it may have committed: its COMMIT, or the statement itself outside a transaction', async () => {
    await sql`create temporary table counted_writes (v int)`.execute(db);
    let heard = 0;
    const stop = onWriteCompleted(() => heard++);
    try {
      const before = completedWrites();
      await db.transaction().execute(async (tx) => {
        await sql`insert into counted_writes values (1)`.execute(tx);
        await sql`update counted_writes set v = 2`.execute(tx);
        // Nothing is committed before the COMMIT.
        expect(completedWrites()).toBe(before);
      });
      expect(completedWrites()).toBe(before + 1);
      await sql`insert into counted_writes values (3)`.execute(db);
      expect(completedWrites()).toBe(before + 2);
      await sql`select v from counted_writes`.execute(db);
      expect(completedWrites()).toBe(before + 2);
      expect(heard).toBe(2);
    } finally {
      stop();
    }
  });
});
