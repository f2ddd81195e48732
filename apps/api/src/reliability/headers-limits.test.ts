// Security headers and request limits on each engine: helmet's CSP (frame-ancestors 'none'), HSTS, nosniff,
// Referrer-Policy, no-store on every API answer with personal data, and the 64 KiB body limit as a JSON 413.
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer, testEngines, useMembers, useTestApp } from '../test/test-app';
import { createUserPackage, createLeads } from '../test/fixtures';

const BODY_LIMIT = 64 * 1024;

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  const csp = directives(String(res.headers['content-security-policy'] ?? ''));
  expect(csp.get('default-src'), label).toBe("'self'");
  expect(csp.get('script-src'), label).toBe("'self'");
  expect(csp.get('object-src'), label).toBe("'none'");
  expect(csp.get('frame-ancestors'), label).toBe("'none'");
  // ASVS 5.0 3.4.3 asks for object-src 'none' and base-uri 'none' as the least global policy.
  expect(csp.get('base-uri'), label).toBe("'none'");
  expect(csp.get('form-action'), label).toBe("'self'");
  expect(res.headers['strict-transport-security'], label).toBe(
    'max-age=31536000; includeSubDomains',
  );
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-powered-by'], label).toBeUndefined();
  // Same-origin only: no CORS grant to other sites (ASVS 5.0 3.4.2).
  expect(res.headers['access-control-allow-origin'], label).toBeUndefined();
}

describe.each(testEngines())('security headers and limits on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer } = useMembers(ctx, { dealer: {} });
  let leadId: number;
  let userPackageId: number;

  beforeAll(async () => {
    leadId = (await createLeads(ctx, [{}]))[0]!.id;
    userPackageId = await createUserPackage(ctx, dealer.id, { credits: 3 });
  });

  const personal = (): [string, InjectOptions][] => [
    [
      'the login answer (a token)',
      {
        method: 'POST',
        url: '/api/account/login',
        payload: { userName: dealer.userName, password: dealer.password },
      },
    ],
    ['own profile', { url: `/api/users/${dealer.userName}`, headers: bearer(dealer) }],
    ['own user packages', { url: `/api/userpackage/user/${dealer.id}`, headers: bearer(dealer) }],
    ['one user package', { url: `/api/userpackage/${userPackageId}`, headers: bearer(dealer) }],
    [
      'an unlock (the contact)',
      { method: 'POST', url: `/api/leads/${leadId}/unlock`, headers: bearer(dealer) },
    ],
    ['a lead read after unlocking', { url: `/api/leads/${leadId}`, headers: bearer(dealer) }],
    ['the lead list', { url: '/api/leads', headers: bearer(dealer) }],
    [
      'unlocked lead ids',
      { url: `/api/userpackagelead/user/${dealer.userName}`, headers: bearer(dealer) },
    ],
    ['a refused call', { url: '/api/users', headers: bearer(dealer) }],
    ['an anonymous 401', { url: `/api/userpackage/user/${dealer.id}` }],
    ['an unknown API path', { url: '/api/nothing-here' }],
  ];

  it('sends CSP, HSTS, nosniff and Referrer-Policy, and no-store, on every API answer with personal data', async () => {
    for (const [label, options] of personal()) {
      const res = await ctx.app.inject(options);
      expect(res.statusCode, label).toBeLessThan(500);
      expectSecurityHeaders(res, label);
      expect(res.headers['cache-control'], label).toBe('no-store');
    }
  });

  it('sends the same headers on the API documentation page', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expectSecurityHeaders(res, 'docs');
  });

  it(`refuses a body over ${BODY_LIMIT / 1024} KiB with a JSON 413 in the documented shape`, async () => {
    const userName = `big${Date.now()}`;
    const payload = JSON.stringify({ userName, Name: 'x'.repeat(BODY_LIMIT), password: 'x' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ status: 413, message: expect.any(String) });
    expectSecurityHeaders(res, '413');
    const stored = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', userName)
      .execute();
    expect(stored).toEqual([]);
  });

  it('reads a body just under the limit (and then validates it)', async () => {
    const filler = 'x'.repeat(BODY_LIMIT - 200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'nobody', password: 'x', filler }),
    });
    expect(res.statusCode).toBe(401);
  });
});
