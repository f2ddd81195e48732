// The production request log: one info line per API request carrying the request id the answer names in
// X-Request-Id; the web app's files (and client routes' index.html) log nothing at info.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/test-app';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  url?: string;
  route?: string;
  status?: number;
  ms?: number;
}

describe('request log', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let webDist: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'dealerleads-log-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>DealerLeads</title>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'export {};');
    testDb = await createTestDatabase('sqlite');
    ({ app } = await buildApp(
      testConfig(testDb.config, { logLevel: 'info', env: 'production', webDist }),
      {
        database: testDb.handle,
        logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
      },
    ));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  const requestLines = () => lines.filter((line) => line.msg === 'request');

  it('writes one line per API request, with the id the answer carries, and none for the web app', async () => {
    lines.length = 0;
    const ok = await app.inject({ url: '/api/settings?x=1' });
    const refused = await app.inject({ url: '/api/users' });
    const missing = await app.inject({ url: '/api/nothing-here' });
    const asset = await app.inject({ url: '/assets/index-abc.js' });
    const clientRoute = await app.inject({ url: '/dealers/leads' });
    expect([ok, refused, missing, asset, clientRoute].map((r) => r.statusCode)).toEqual([
      200, 401, 404, 200, 200,
    ]);

    const logged = requestLines();
    expect(logged.map((line) => [line.url, line.route, line.status])).toEqual([
      ['/api/settings?x=1', '/api/settings', 200],
      ['/api/users', '/api/users', 401],
      ['/api/nothing-here', 'unmatched', 404],
    ]);
    expect(logged.map((line) => line.reqId)).toEqual(
      [ok, refused, missing].map((res) => res.headers['x-request-id']),
    );
    for (const line of logged) expect(line.level).toBe(30);
    // Fastify's own "incoming request" / "request completed" pair is off.
    expect(lines.filter((line) => /incoming request|request completed/.test(line.msg))).toEqual([]);
    // An owner's private link never reaches the log.
    lines.length = 0;
    const token = 'a'.repeat(43);
    await app.inject({ url: `/api/owner/leads/${token}` });
    expect(JSON.stringify(requestLines())).not.toContain(token);
    expect(requestLines()).toHaveLength(1);
    expect(asset.headers['x-request-id']).toBeDefined();
  });

  it('writes no unsubscribe token or stream ticket, whatever the answer', async () => {
    lines.length = 0;
    const unsubscribeToken = `s12.mabc123.${'u'.repeat(43)}`;
    const ticket = `7.1999999999.${'t'.repeat(43)}`;
    await app.inject({ url: `/api/unsubscribe?token=${unsubscribeToken}` });
    await app.inject({
      method: 'POST',
      url: `/api/unsubscribe?x=1&token=${unsubscribeToken}&y=2`,
      payload: { 'List-Unsubscribe': 'One-Click' },
    });
    await app.inject({ url: `/api/notifications/stream?ticket=${ticket}&lastEventId=4` });
    const text = JSON.stringify(lines);
    expect(text).not.toContain(unsubscribeToken);
    expect(text).not.toContain(ticket);
    expect(requestLines().map((line) => line.url)).toEqual([
      '/api/unsubscribe?token=[redacted]',
      '/api/unsubscribe?x=1&token=[redacted]&y=2',
      '/api/notifications/stream?ticket=[redacted]&lastEventId=4',
    ]);
  });

  it('logs a 500 with the id its body names', async () => {
    lines.length = 0;
    const crash = await app.inject({ url: '/api/buggy/server-error' });
    expect(crash.statusCode).toBe(500);
    const body = crash.json<{ requestId: string; message: string; stack?: string }>();
    expect(body.requestId).toBe(crash.headers['x-request-id']);
    expect(body.stack).toBeUndefined();
    const forRequest = lines.filter((line) => line.reqId === body.requestId);
    expect(forRequest.some((line) => line.level === 50)).toBe(true);
    expect(forRequest.filter((line) => line.msg === 'request')).toHaveLength(1);
  });
});
