// The built web app is served pre-compressed: Brotli or gzip copies to clients that accept them, the
// plain file to the others, with the fingerprinted assets cached for good and index.html revalidated.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext } from '../test/test-app';

const INDEX_HTML = `<!doctype html><html><head><title>DealerLeads</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>\n`;
const SCRIPT = `export const leads = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `lead ${i}`))};\n`;

function writeWithCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

describe('the web app, pre-compressed', () => {
  let webDist: string;
  let ctx: TestContext;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'dealerleads-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeWithCopies(path.join(webDist, 'index.html'), INDEX_HTML);
    writeWithCopies(path.join(webDist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(
      path.join(webDist, 'sw.js'),
      'self.addEventListener("fetch", () => undefined);\n',
    );
    ctx = await createTestApp('sqlite', { webDist });
  });

  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('sends an asset to `accept-encoding: %s` as %s', async (accept, encoding) => {
    const res = await get('/assets/index-abc123.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('sends the plain asset to a client that accepts no encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('sends index.html for the screens, compressed when accepted, never cached unchecked', async () => {
    for (const [url, accept, encoding] of [
      ['/dealers/leads?pageNumber=2', 'br', 'br'],
      ['/dealers/leads', 'gzip', 'gzip'],
      ['/dealers/members/someone', undefined, undefined],
      ['/index.html', 'br', 'br'],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(INDEX_HTML);
    }
  });

  it('answers a path that is no screen with HTTP 404 and the app (which shows its not-found screen)', async () => {
    for (const url of ['/no/such/page', '/members/someone', '/dealers/leads/extra']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('answers a missing asset or file with a 404, never the page', async () => {
    for (const url of [
      '/assets/index-gone.js',
      '/assets/style-gone.css',
      '/favicon.ico',
      '/media/x/1.webp',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('has the service worker checked on every visit', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths out of the fallback', async () => {
    const api = await get('/api/no-such-thing', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(api.json()).toMatchObject({ status: 404 });
  });
});
