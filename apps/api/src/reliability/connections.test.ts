// What reaches the server over a real socket: slow senders are cut off by the request, headers and keep-alive
// time-outs; absolute-form request lines get the same auth and no-store as any other; the CSP upgrades
// requests to https only when the site is served over https.
import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, testEngines, useMembers, useTestApp } from '../test/test-app';

/** Raw bytes to and from the listening app. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  let open = true;
  void closed.then(() => (open = false));
  return {
    socket,
    closed,
    get open() {
      return open;
    },
    get received() {
      return received;
    },
    send: (text: string) =>
      new Promise<void>((resolve) => {
        if (!open) return resolve();
        socket.write(text, () => resolve());
      }),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `text` one byte at a time, every `everyMs`, until all is sent or the server closes the connection. */
async function trickle(conn: ReturnType<typeof rawConnection>, text: string, everyMs: number) {
  let sent = 0;
  for (const byte of text) {
    if (!conn.open) break;
    await conn.send(byte);
    sent += 1;
    await pause(everyMs);
  }
  return sent;
}

function portOf(address: ReturnType<import('node:net').Server['address']>): number {
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

describe('time-outs on a listening server', () => {
  const ctx = useTestApp('sqlite', {
    config: { timeouts: { request: 1200, headers: 600, keepAlive: 300 } },
  });
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = portOf(ctx.app.server.address());
  });

  it('answers 408 and closes a connection whose login body arrives a byte at a time', async () => {
    const body = JSON.stringify({ userName: 'slowloris', password: 'x'.repeat(150) });
    const conn = rawConnection(port);
    await conn.send(
      `POST /api/account/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const sent = await trickle(conn, body, 50);
    await conn.closed;
    expect(sent).toBeLessThan(body.length);
    expect(conn.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose headers never finish', async () => {
    const conn = rawConnection(port);
    const headers = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'y'.repeat(200)}\r\n\r\n`;
    const sent = await trickle(conn, headers, 25);
    await conn.closed;
    expect(sent).toBeLessThan(headers.length);
    expect(conn.received).not.toMatch(/^HTTP\/1\.1 200 /);
  });

  it('closes an idle kept-alive connection after answering', async () => {
    const conn = rawConnection(port);
    await conn.send(
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n',
    );
    await conn.closed;
    expect(conn.received).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe.each(testEngines())('absolute-form request lines on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer, other } = useMembers(ctx, { dealer: {}, other: {} });
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = portOf(ctx.app.server.address());
  });

  async function send(target: string, headers: Record<string, string> = {}) {
    const conn = rawConnection(port);
    const lines = Object.entries({ Host: `127.0.0.1:${port}`, Connection: 'close', ...headers })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    await conn.send(`GET ${target} HTTP/1.1\r\n${lines}\r\n\r\n`);
    await conn.closed;
    const [head = '', body = ''] = conn.received.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body };
  }

  it('checks the token and sends no-store exactly as for the origin-form line', async () => {
    const absolute = `http://127.0.0.1:${port}`;
    for (const prefix of ['', absolute]) {
      const mine = await send(`${prefix}/api/users/${dealer.userName}`, bearer(dealer));
      expect(mine.status, prefix).toBe(200);
      expect(mine.head, prefix).toContain('cache-control: no-store');
      // Another member's profile is refused, and a forged token is refused, not read as anonymous.
      expect((await send(`${prefix}/api/users/${other.userName}`, bearer(dealer))).status).toBe(
        403,
      );
      const forged = await send(`${prefix}/api/leads`, { authorization: 'Bearer a.b.c' });
      expect(forged.status, prefix).toBe(401);
      const unknown = await send(`${prefix}/api/nothing-here`);
      expect(unknown.status, prefix).toBe(404);
      expect(unknown.head, prefix).toContain('cache-control: no-store');
    }
  });
});

describe('upgrade-insecure-requests', () => {
  const plain = useTestApp('sqlite');
  const proxied = useTestApp('sqlite', { config: { trustProxy: { hops: 1 } } });
  const cspOf = (headers: Record<string, unknown>) => String(headers['content-security-policy']);

  it('is left out over plain http, so a LAN address loads its assets', async () => {
    const res = await plain.app.inject({
      url: '/api/health',
      headers: { host: '192.168.1.20:3000' },
    });
    expect(cspOf(res.headers)).not.toContain('upgrade-insecure-requests');
    expect(cspOf(res.headers)).toContain("default-src 'self'");
  });

  it('is sent when a trusted proxy says the request came over https, and only then', async () => {
    const https = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(cspOf(https.headers)).toContain('upgrade-insecure-requests');
    const http = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(cspOf(http.headers)).not.toContain('upgrade-insecure-requests');
    // An untrusted client cannot ask for it either way: without TRUST_PROXY the header is ignored.
    const spoofed = await plain.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(cspOf(spoofed.headers)).not.toContain('upgrade-insecure-requests');
  });
});

describe.each(testEngines())('Host headers on %s', (engine) => {
  const ctx = useTestApp(engine);
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = portOf(ctx.app.server.address());
  });

  async function send(path: string, hostLines: string[]) {
    const conn = rawConnection(port);
    await conn.send(
      `GET ${path} HTTP/1.1\r\n${hostLines.join('\r\n')}\r\nConnection: close\r\n\r\n`,
    );
    await conn.closed;
    const [head = '', body = ''] = conn.received.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body };
  }

  it('refuses a request with two Host headers with a JSON 400, whichever route it names', async () => {
    for (const path of ['/api/health', '/api/leads', '/api/nothing-here', '/dealers/leads']) {
      for (const hosts of [
        [`Host: 127.0.0.1:${port}`, 'Host: evil.example'],
        ['host: evil.example', `HOST: 127.0.0.1:${port}`],
      ]) {
        const res = await send(path, hosts);
        expect(res.status, `${path} ${hosts.join(' ')}`).toBe(400);
        expect(res.head).toContain('content-type: application/json');
        expect(JSON.parse(res.body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n$/g, ''))).toMatchObject({
          status: 400,
          message: 'The request has more than one Host header',
        });
      }
    }
    expect((await send('/api/health', [`Host: 127.0.0.1:${port}`])).status).toBe(200);
  });
});
