// GET /api/health names the engine on each engine; its exact version only for a caller holding the metrics token.
import { describe, expect, it } from 'vitest';
import { bearer, testEngines, useMembers, useTestApp } from '../../test/test-app';

const METRICS_TOKEN = 'metrics-0123456789-abcdefghijklmnopqrstuvwxyz';

interface Health {
  status: string;
  database: { engine: string; version?: string; ok: boolean };
}

describe.each(testEngines())('/api/health on %s', (engine) => {
  const ctx = useTestApp(engine, { config: { metricsToken: METRICS_TOKEN } });
  const { admin } = useMembers(ctx, { admin: { role: 'Admin' } });
  const health = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: '/api/health', headers });

  it('names the database engine with its real version to the metrics token holder', async () => {
    const res = await health({ authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.statusCode).toBe(200);
    const { database } = res.json<Health>();
    expect(database).toMatchObject({ engine, ok: true });
    expect(database.version).toMatch(
      engine === 'sqlite' ? /^SQLite \d+\.\d+\.\d+$/ : /^PostgreSQL \d+(\.\d+)?/,
    );
  });

  it('keeps the version from everyone else, a member or a wrong token included', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer not-the-metrics-token' },
      { authorization: `Bearer ${METRICS_TOKEN}x` },
      bearer(admin),
    ]) {
      const res = await health(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json<Health>()).toMatchObject({ status: 'ok', database: { engine, ok: true } });
      expect(res.json<Health>().database.version).toBeUndefined();
      expect(res.body).not.toMatch(/SQLite \d|PostgreSQL \d/);
    }
  });
});

describe('/api/health without METRICS_TOKEN', () => {
  const ctx = useTestApp('sqlite');

  it('shows the version to nobody', async () => {
    const res = await ctx.app.inject({ url: '/api/health', headers: { authorization: 'Bearer ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Health>().database.version).toBeUndefined();
  });
});
