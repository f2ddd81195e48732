// GET /metrics on each engine: off without a token, refused without the right one, and its counters follow real
// requests (by route pattern, never the raw URL); every answer carries X-Request-Id, a 500 also in its body.
import { describe, expect, it } from 'vitest';
import { createUserPackage, createLeads } from '../test/fixtures';
import {
  bearer,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestAppFixture,
} from '../test/test-app';

const TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';

/** The value of one series (labels in any order), or undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z0-9_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(ctx: TestAppFixture): Promise<string> {
  const res = await ctx.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
}

describe('metrics without a token configured', () => {
  const ctx = useTestApp('sqlite');

  it('answers 404 in the JSON shape, whatever is sent', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await ctx.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: expect.any(String) as string });
    }
  });
});

describe.each(testEngines())('metrics on %s', (engine) => {
  const ctx = useTestApp(engine, { config: { metricsToken: TOKEN } });
  const { dealer } = useMembers(ctx, { dealer: {} });

  it('refuses a scrape without the token or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      'Bearer ',
    ]) {
      const res = await ctx.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('dealerleads_');
    }
    // A member's login token is not the metrics token.
    const res = await ctx.app.inject({ url: '/metrics', headers: bearer(dealer) });
    expect(res.statusCode).toBe(401);
  });

  it('counts requests and their latency by route pattern and status', async () => {
    const [lead] = await createLeads(ctx, [{}]);
    const before = await scrape(ctx);
    const labels = { method: 'GET', route: '/api/leads/:id', status: '200' };
    const start = sample(before, 'dealerleads_http_requests_total', labels) ?? 0;
    for (let i = 0; i < 3; i += 1) {
      expect((await ctx.app.inject({ url: `/api/leads/${lead!.id}` })).statusCode).toBe(200);
    }
    await ctx.app.inject({ url: '/api/leads/999999' });
    await ctx.app.inject({ url: '/api/no-such-route' });
    const after = await scrape(ctx);
    expect(sample(after, 'dealerleads_http_requests_total', labels)).toBe(start + 3);
    expect(
      sample(after, 'dealerleads_http_requests_total', { ...labels, status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'dealerleads_http_request_duration_seconds_count', labels)).toBe(
      start + 3,
    );
    expect(
      sample(after, 'dealerleads_http_requests_total', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // Never the raw URL: no lead id in any label.
    expect(after).not.toContain(`/api/leads/${lead!.id}"`);
  });

  it('counts unlocks by outcome and lead submissions', async () => {
    const [first, second] = await createLeads(ctx, [{}, {}]);
    const before = await scrape(ctx);
    const count = (text: string, name: string, outcome: string) =>
      sample(text, name, { outcome }) ?? 0;

    const unlock = (id: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/leads/${id}/unlock`, headers: bearer(dealer) });
    expect((await unlock(first!.id)).statusCode).toBe(400); // no package yet
    await createUserPackage(ctx, dealer.id, { credits: 5 });
    expect((await unlock(first!.id)).statusCode).toBe(200);
    expect((await unlock(first!.id)).statusCode).toBe(200); // a repeat is free
    expect((await unlock(second!.id)).statusCode).toBe(200);
    expect((await unlock(999999)).statusCode).toBe(404);

    const submit = (phoneNumber: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: {
          year: 2020,
          brand: 'kia',
          model: 'Seltos',
          ownerType: 'first',
          transmission: 'manual',
          fuelType: 'petrol',
          seats: 5,
          fullName: 'Owner',
          city: 'Noida',
          phoneNumber,
          price: 900_000,
          consent: true,
        },
      });
    expect((await submit('9123456780')).statusCode).toBe(201);
    expect((await submit('12')).statusCode).toBe(400);

    const after = await scrape(ctx);
    const name = 'dealerleads_unlocks_total';
    expect(count(after, name, 'charged') - count(before, name, 'charged')).toBe(2);
    expect(count(after, name, 'free') - count(before, name, 'free')).toBe(1);
    expect(count(after, name, 'refused') - count(before, name, 'refused')).toBe(1);
    expect(count(after, name, 'not_found') - count(before, name, 'not_found')).toBe(1);
    const submissions = 'dealerleads_lead_submissions_total';
    expect(count(after, submissions, 'accepted') - count(before, submissions, 'accepted')).toBe(1);
    expect(count(after, submissions, 'refused') - count(before, submissions, 'refused')).toBe(1);
  });

  it('reports the lead list engine, the database and the process', async () => {
    const text = await scrape(ctx);
    const ready = sample(text, 'dealerleads_lead_list_ready');
    expect([0, 1]).toContain(ready);
    const states = ['loading', 'ready', 'behind', 'failed'].map(
      (state) => sample(text, 'dealerleads_lead_list_state', { state }) ?? 0,
    );
    expect(states.reduce((a, b) => a + b, 0)).toBe(1);
    expect(sample(text, 'dealerleads_lead_list_lag_versions')).toBeDefined();
    if (engine === 'postgres') {
      expect(sample(text, 'dealerleads_db_pool_connections', { state: 'total' })).toBeGreaterThan(
        0,
      );
      for (const state of ['idle', 'waiting'])
        expect(sample(text, 'dealerleads_db_pool_connections', { state })).toBeGreaterThanOrEqual(
          0,
        );
    } else {
      expect(sample(text, 'dealerleads_db_write_queue')).toBe(0);
      const reads = ctx.database.offThreadReads!();
      expect(sample(text, 'dealerleads_db_off_thread_reads', { state: 'answered' })).toBe(
        reads.reads,
      );
      expect(sample(text, 'dealerleads_db_off_thread_reads', { state: 'waiting' })).toBe(0);
    }
    expect(sample(text, 'dealerleads_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'dealerleads_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'dealerleads_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('gives every answer an X-Request-Id, and a 500 its id in the body too', async () => {
    const ok = await ctx.app.inject({ url: '/api/settings' });
    const refused = await ctx.app.inject({ url: '/api/users' });
    const ids = [ok, refused].map((res) => String(res.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    // A client cannot choose its id unless a trusted proxy is in front.
    const forged = await ctx.app.inject({
      url: '/api/settings',
      headers: { 'x-request-id': 'forged-request-id-123' },
    });
    expect(forged.headers['x-request-id']).not.toBe('forged-request-id-123');

    const crash = await ctx.app.inject({ url: '/api/buggy/server-error' });
    expect(crash.statusCode).toBe(500);
    expect(json<{ requestId: string }>(crash).requestId).toBe(crash.headers['x-request-id']);
  });
});
