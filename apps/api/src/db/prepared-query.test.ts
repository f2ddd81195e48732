// preparedQuery: compiled once, run with each call's own arguments, on each engine.
import { describe, expect, it } from 'vitest';
import { createMember, testEngines, useTestApp } from '../test/test-app';
import { preparedQuery } from './prepared-query';

describe.each(testEngines())('preparedQuery on %s', (engine) => {
  const ctx = useTestApp(engine);

  // Arguments given in another order than the query uses them, next to a constant of the query.
  const membersNamed = preparedQuery((db, role: string, name: string) =>
    db
      .selectFrom('users')
      .select('user_name')
      .where('user_name', '=', name)
      .where('status', '=', 1)
      .where('role', '=', role),
  );

  it('runs with the arguments of each call', async () => {
    const dealer = await createMember(ctx);
    const admin = await createMember(ctx, { role: 'Admin' });
    const db = ctx.database.db;
    expect(await membersNamed(db, 'Dealer', dealer.userName)).toEqual([
      { user_name: dealer.userName },
    ]);
    expect(await membersNamed(db, 'Admin', admin.userName)).toEqual([
      { user_name: admin.userName },
    ]);
    expect(await membersNamed(db, 'Admin', dealer.userName)).toEqual([]);
    // Inside a transaction too (another Kysely instance, compiled again).
    await db.transaction().execute(async (tx) => {
      expect(await membersNamed(tx, 'Dealer', dealer.userName)).toHaveLength(1);
    });
  });

  it('refuses a query that leaves out an argument', async () => {
    const broken = preparedQuery((db, id: number) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', '=', 1 + 0 * id),
    );
    await expect(broken(ctx.database.db, 5)).rejects.toThrow(/every argument/);
  });
});
