// GET /api/health names the engine and its version on each engine.
import { describe, expect, it } from 'vitest';
import { testEngines, useTestApp } from '../../test/test-app';

describe.each(testEngines())('/api/health on %s', (engine) => {
  const ctx = useTestApp(engine);

  it('names the database engine with its real version', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const { database } = res.json<{ database: { engine: string; version: string; ok: boolean } }>();
    expect(database).toMatchObject({ engine, ok: true });
    expect(database.version).toMatch(
      engine === 'sqlite' ? /^SQLite \d+\.\d+\.\d+$/ : /^PostgreSQL \d+(\.\d+)?/,
    );
  });
});
