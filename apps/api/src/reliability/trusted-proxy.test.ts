// TRUST_PROXY behind one load balancer: the client IP is the right-most X-Forwarded-For entry no trusted proxy wrote,
// so rotating the left-most entries (which the client writes) does not escape the per-IP limits or forge the audit
// log's IP; X-Forwarded-Proto and X-Request-Id are taken only from a trusted peer.
import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { loadConfig, type AppConfig } from '../config';
import { bearer, testEngines, TEST_JWT_SECRET, useMembers, useTestApp } from '../test/test-app';

/** The setting as an operator writes it, through the real configuration parser. */
function trustProxyOf(text: string): AppConfig['trustProxy'] {
  return loadConfig({ JWT_SECRET: TEST_JWT_SECRET, TRUST_PROXY: text }).trustProxy;
}

const LOGIN_PER_NAME = 10;
const LOGIN_PER_IP = 30;
const OWNER_PER_IP = 5;

/** The proxy appends the address it saw; everything before it is whatever the client sent. */
const forwardedFor = (clientWritten: string, seenByProxy: string) => ({
  'x-forwarded-for': `${clientWritten}, ${seenByProxy}`,
});

describe.each(testEngines())('one trusted proxy hop (TRUST_PROXY=1) on %s', (engine) => {
  const ctx = useTestApp(engine, {
    config: {
      trustProxy: trustProxyOf('1'),
      rateLimits: {
        login: LOGIN_PER_NAME,
        loginPerIp: LOGIN_PER_IP,
        leadSubmit: 1000,
        api: 100_000,
      },
      ownerRateLimit: OWNER_PER_IP,
    },
  });
  const { admin, victim } = useMembers(ctx, { admin: { role: 'Admin' }, victim: {} });

  /** Statuses of `count` requests, the i-th with a fresh left-most entry. */
  async function rotating(count: number, request: (i: number) => InjectOptions) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await ctx.app.inject(request(i))).statusCode);
    return statuses;
  }
  const firstRefusal = (statuses: number[]) => statuses.indexOf(429);

  it("limits guesses at one member's password per IP, whatever the client puts first", async () => {
    const statuses = await rotating(80, (i) => ({
      method: 'POST',
      url: '/api/account/login',
      headers: forwardedFor(`198.51.100.${i}`, '203.0.113.7'),
      payload: { userName: victim.userName, password: `wrong-guess-${i}` },
    }));
    expect(statuses.slice(0, LOGIN_PER_NAME)).toEqual(Array(LOGIN_PER_NAME).fill(401));
    expect(firstRefusal(statuses)).toBe(LOGIN_PER_NAME);
    expect(statuses.slice(LOGIN_PER_NAME).every((s) => s === 429)).toBe(true);
    // Another client behind the same proxy is not held back by the first one's limit.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: forwardedFor('198.51.100.1', '203.0.113.99'),
      payload: { userName: victim.userName, password: victim.password },
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits logins per IP across user names, whatever the client puts first', async () => {
    const statuses = await rotating(80, (i) => ({
      method: 'POST',
      url: '/api/account/login',
      headers: forwardedFor(`2001:db8::${i.toString(16)}`, '203.0.113.8'),
      payload: { userName: `nobody${i}`, password: 'wrong-guess' },
    }));
    expect(firstRefusal(statuses)).toBe(LOGIN_PER_IP);
    expect(statuses.slice(LOGIN_PER_IP).every((s) => s === 429)).toBe(true);
  });

  it("limits guessing owners' links per IP, whatever the client puts first", async () => {
    const statuses = await rotating(40, (i) => ({
      url: `/api/owner/leads/guess${i}`,
      headers: forwardedFor(`192.0.2.${i}, 10.9.8.${i}`, '203.0.113.9'),
    }));
    expect(statuses.slice(0, OWNER_PER_IP)).toEqual(Array(OWNER_PER_IP).fill(404));
    expect(firstRefusal(statuses)).toBe(OWNER_PER_IP);
  });

  it('records the IP the proxy saw in the audit log, not the one the client wrote', async () => {
    const code = `PROXY${Date.now() % 100_000}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/packages/add',
      headers: { ...bearer(admin), ...forwardedFor('1.2.3.4', '203.0.113.10') },
      payload: {
        packageName: 'Proxy test',
        packageCode: code,
        packageType: 'Lead',
        packageCredits: 10,
        packageUnit: 'Leads',
        packageValidity: 30,
        packagePrice: 999,
      },
    });
    expect(res.statusCode).toBe(201);
    const row = await ctx.database.db
      .selectFrom('audit_log')
      .select('ip_address')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.ip_address).toBe('203.0.113.10');
  });

  it("keeps the proxy's X-Forwarded-Proto and X-Request-Id", async () => {
    const res = await ctx.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https', 'x-request-id': 'lb-request-0001' },
    });
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(res.headers['x-request-id']).toBe('lb-request-0001');
  });
});

describe('a proxy named by its address (TRUST_PROXY=<subnet>)', () => {
  // The test's requests come from 127.0.0.1: a listed proxy here, a stranger there.
  const trusted = useTestApp('sqlite', {
    config: { trustProxy: trustProxyOf('10.0.0.0/8, loopback'), ownerRateLimit: OWNER_PER_IP },
  });
  const stranger = useTestApp('sqlite', {
    config: { trustProxy: trustProxyOf('10.0.0.0/8'), ownerRateLimit: OWNER_PER_IP },
  });

  it('skips every trusted proxy from the right to find the client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < OWNER_PER_IP + 2; i++) {
      const res = await trusted.app.inject({
        url: `/api/owner/leads/guess${i}`,
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.20, 10.1.2.3` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.indexOf(429)).toBe(OWNER_PER_IP);
  });

  it('ignores X-Forwarded-* from a peer that is not a listed proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < OWNER_PER_IP + 2; i++) {
      const res = await stranger.app.inject({
        url: `/api/owner/leads/guess${i}`,
        headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-forwarded-proto': 'https' },
      });
      statuses.push(res.statusCode);
      expect(String(res.headers['content-security-policy'])).not.toContain(
        'upgrade-insecure-requests',
      );
    }
    expect(statuses.indexOf(429)).toBe(OWNER_PER_IP);
  });
});

describe('TRUST_PROXY values', () => {
  it.each(['true', 'TRUE', 'yes'])('refuses %s, saying what to set instead', (value) => {
    expect(() => trustProxyOf(value)).toThrow(
      /TRUST_PROXY: .*any client.*number of proxies in front of the server \(e\.g\. 1\) or their addresses/,
    );
  });

  it.each(['10.0.0.300', '10.0.0.0/33', 'proxy.example.in', '10.0.0.1,', '::1/129'])(
    'refuses %s, naming the entry',
    (value) => {
      expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY: .*(not an IP|prefix|empty)/);
    },
  );

  it('reads no proxy, a hop count, and addresses with subnets', () => {
    for (const none of [undefined, '', 'false', '0', 'no']) {
      expect(loadConfig({ JWT_SECRET: TEST_JWT_SECRET, TRUST_PROXY: none }).trustProxy).toBe(false);
    }
    expect(trustProxyOf('2')).toEqual({ hops: 2 });
    expect(trustProxyOf(' 10.0.0.0/8, 192.168.1.5 ,fd00::/8,loopback')).toEqual({
      addresses: ['10.0.0.0/8', '192.168.1.5', 'fd00::/8', 'loopback'],
    });
  });
});
