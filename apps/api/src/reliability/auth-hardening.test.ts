// Auth hardening on each engine: forged and expired tokens, brute-force limits, password rules and hashing,
// deactivated members, and the configuration's refusal of weak or missing JWT secrets.
import { generateKeyPairSync, createSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiMessages, LIMITS, textMessages } from '@dealerleads/shared';
import { isStrongSecret, loadConfig } from '../config';
import {
  bearer,
  createMember,
  createTestApp,
  TEST_JWT_SECRET,
  testEngines,
  useMembers,
  useTestApp,
} from '../test/test-app';
import { makeJwt } from './http';

const ARGON2ID_OWASP = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

describe.each(testEngines())('auth hardening on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, dealer } = useMembers(ctx, { admin: { role: 'Admin' }, dealer: {} });

  const now = () => Math.floor(Date.now() / 1000);
  const asAdmin = () => ({
    sub: String(admin.id),
    name: admin.userName,
    ver: 0,
    iat: now(),
    exp: now() + 600,
  });
  const call = (token: string, url = '/api/users') =>
    ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

  describe('forged tokens', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rs256 = (payload: Record<string, unknown>) => {
      const head = `${Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      const signature = createSign('RSA-SHA256')
        .update(head)
        .sign(rsa.privateKey)
        .toString('base64url');
      return `${head}.${signature}`;
    };

    it('accepts a correctly signed HS256 token, so the refusals below are about the forgery', async () => {
      const res = await call(makeJwt({ alg: 'HS256', typ: 'JWT' }, asAdmin(), TEST_JWT_SECRET));
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['alg none, unsigned', () => makeJwt({ alg: 'none', typ: 'JWT' }, asAdmin(), null)],
      ['alg None, unsigned', () => makeJwt({ alg: 'None', typ: 'JWT' }, asAdmin(), null)],
      [
        'alg none with a signature',
        () => makeJwt({ alg: 'none', typ: 'JWT' }, asAdmin(), TEST_JWT_SECRET),
      ],
      [
        'HS256 signed with another key',
        () =>
          makeJwt(
            { alg: 'HS256', typ: 'JWT' },
            asAdmin(),
            'another-secret-0123456789-abcdefghijklmnop',
          ),
      ],
      [
        'HS512 signed with the real secret',
        () => makeJwt({ alg: 'HS512', typ: 'JWT' }, asAdmin(), TEST_JWT_SECRET),
      ],
      [
        'an RS256 header HMAC-signed with the secret (HS/RS confusion)',
        () => makeJwt({ alg: 'RS256', typ: 'JWT' }, asAdmin(), TEST_JWT_SECRET),
      ],
      ['an RS256 token signed with an attacker key', () => rs256(asAdmin())],
      [
        'an expired token',
        () =>
          makeJwt(
            { alg: 'HS256', typ: 'JWT' },
            { ...asAdmin(), iat: now() - 7200, exp: now() - 3600 },
            TEST_JWT_SECRET,
          ),
      ],
      [
        'a token for a member that does not exist',
        () =>
          makeJwt({ alg: 'HS256', typ: 'JWT' }, { ...asAdmin(), sub: '99999999' }, TEST_JWT_SECRET),
      ],
      [
        'a token whose subject is not a number',
        () =>
          makeJwt({ alg: 'HS256', typ: 'JWT' }, { ...asAdmin(), sub: '1 OR 1=1' }, TEST_JWT_SECRET),
      ],
      [
        'a truncated token',
        () => makeJwt({ alg: 'HS256', typ: 'JWT' }, asAdmin(), TEST_JWT_SECRET).slice(0, -5),
      ],
    ])('refuses %s with 401', async (_name, forge) => {
      const res = await call(forge());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, message: apiMessages.unauthorized });
    });

    it('refuses a token it has accepted (and remembered) once the token expires', async () => {
      const exp = now() + 1;
      const token = makeJwt({ alg: 'HS256', typ: 'JWT' }, { ...asAdmin(), exp }, TEST_JWT_SECRET);
      expect((await call(token)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
      const res = await call(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, message: apiMessages.unauthorized });
    });

    it("refuses a dealer's real token with the payload changed to the Admin's id and role", async () => {
      const [header, , signature] = dealer.token.split('.');
      const payload = Buffer.from(JSON.stringify({ ...asAdmin(), role: 'Admin' })).toString(
        'base64url',
      );
      const res = await call(`${header}.${payload}.${signature}`);
      expect(res.statusCode).toBe(401);
    });

    it('takes the role from the database, never from the token', async () => {
      const claimsAdmin = makeJwt(
        { alg: 'HS256', typ: 'JWT' },
        {
          sub: String(dealer.id),
          name: admin.userName,
          ver: 0,
          role: 'Admin',
          iat: now(),
          exp: now() + 600,
        },
        TEST_JWT_SECRET,
      );
      expect((await call(claimsAdmin)).statusCode).toBe(403);
    });

    it('refuses a bad token even on a public route, rather than treating the caller as anonymous', async () => {
      const res = await call(makeJwt({ alg: 'none' }, asAdmin(), null), '/api/leads');
      expect(res.statusCode).toBe(401);
      const garbage = await ctx.app.inject({
        url: '/api/leads',
        headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
      });
      expect(garbage.statusCode).toBe(401);
    });
  });

  describe('login brute force', () => {
    it('answers 429 with the clear message once the attempts per minute are spent, even for the right password', async () => {
      const limited = await createTestApp(engine, {
        rateLimits: { login: 5, loginPerIp: 1000, leadSubmit: 1000, api: 100_000 },
      });
      try {
        const victim = await createMember(limited, { userName: `victim${Date.now()}` });
        const attempt = (password: string) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/account/login',
            payload: { userName: victim.userName, password },
          });
        // createMember logged in once already.
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) codes.push((await attempt(`Guess#${i}xxxxx`)).statusCode);
        expect(codes).toEqual([401, 401, 401, 401]);
        const blocked = await attempt(`Guess#4xxxxx`);
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toMatchObject({ status: 429, message: apiMessages.tooManyLogins });
        expect(blocked.headers['retry-after']).toBeDefined();
        // The real password does not get through the block either.
        expect((await attempt(victim.password)).statusCode).toBe(429);
        // The same name in another case is the same account, so the same counter.
        const shouted = await limited.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { userName: victim.userName.toUpperCase(), password: victim.password },
        });
        expect(shouted.statusCode).toBe(429);
      } finally {
        await limited.close();
      }
    });
  });

  describe('passwords', () => {
    const registration = (password: string, userName: string) => ({
      userName,
      Name: 'Password Tester',
      email: `${userName}@example.in`,
      role: 'Dealer',
      state: 'Delhi',
      City: 'New Delhi',
      password,
      confirmPassword: password,
    });
    let n = 0;
    const register = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: registration(password, `pw${(n += 1)}${Date.now()}`),
      });

    it(`takes ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters at sign-up (docs/deviations.md)`, async () => {
      expect(LIMITS.passwordMin).toBe(8);
      expect(LIMITS.passwordMax).toBe(64);
      const short = await register('Seven#7');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        errors: { password: [textMessages.minLength('Password', 8)] },
      });
      const long = await register('L'.repeat(65));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({
        errors: { password: [textMessages.maxLength('Password', 64)] },
      });
      expect((await register('Eight#88')).statusCode).toBe(201);
      expect((await register('x'.repeat(64))).statusCode).toBe(201);
    });

    it('takes 8 to 64 characters on the member edit too', async () => {
      const member = await createMember(ctx);
      const update = (password: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/users/update/${member.id}`,
          headers: bearer(member),
          payload: {
            name: 'Edited',
            city: 'Noida',
            email: `${member.userName}@example.in`,
            password,
          },
        });
      expect((await update('Seven#7')).json()).toMatchObject({
        errors: { password: [textMessages.minLength('Password', 8)] },
      });
      expect((await update('L'.repeat(65))).json()).toMatchObject({
        errors: { password: [textMessages.maxLength('Password', 64)] },
      });
      expect((await update('Eight#88')).statusCode).toBe(200);
    });

    it('verifies the password exactly as sent: no truncation, no case folding, no trimming', async () => {
      const password = `Exact-${'k'.repeat(50)}-Pass#9`;
      expect(password.length).toBeLessThanOrEqual(64);
      const userName = `exact${Date.now()}`;
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/account/register',
            payload: registration(password, userName),
          })
        ).statusCode,
      ).toBe(201);
      const login = (candidate: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { userName, password: candidate },
        });
      expect((await login(password)).statusCode).toBe(200);
      for (const wrong of [
        password.slice(0, -1),
        password.toLowerCase(),
        password.toUpperCase(),
        ` ${password}`,
      ])
        expect((await login(wrong)).json()).toMatchObject({
          status: 401,
          message: apiMessages.invalidCredentials,
        });
    });

    it('stores argon2id hashes (OWASP cost) on sign-up and on a password change, never the password', async () => {
      const res = await register('Argon2id#Check');
      const id = res.json<{ id: number }>().id;
      const read = () =>
        ctx.database.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      const first = (await read()).password_hash;
      expect(first).toMatch(ARGON2ID_OWASP);
      expect(first).not.toContain('Argon2id#Check');
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/update/${id}`,
        headers: bearer(admin),
        payload: {
          name: 'Tester',
          city: 'Noida',
          email: 'argon@example.in',
          password: 'Changed#Password1',
        },
      });
      const second = (await read()).password_hash;
      expect(second).toMatch(ARGON2ID_OWASP);
      expect(second).not.toBe(first);
      const all = await ctx.database.db.selectFrom('users').select('password_hash').execute();
      expect(all.every((u) => u.password_hash.startsWith('$argon2id$'))).toBe(true);
    });
  });

  describe('sessions end with a password, status or role change', () => {
    const edit = (id: number, who: { token: string }, changes: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/users/update/${id}`,
        headers: bearer(who),
        payload: { name: 'Paused', city: 'Noida', email: `m${id}@example.in`, ...changes },
      });
    const login = (userName: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { userName, password },
      });
    const works = async (token: string) =>
      (await call(token, '/api/buggy/auth')).statusCode === 200;

    it('stops a token the moment an Admin deactivates the member, and never honours it again after a reactivation', async () => {
      const member = await createMember(ctx);
      expect(await works(member.token)).toBe(true);
      expect((await edit(member.id, admin, { status: false })).statusCode).toBe(200);
      const refused = await call(member.token, '/api/buggy/auth');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ status: 401, message: apiMessages.unauthorized });
      expect((await login(member.userName, member.password)).json()).toMatchObject({
        status: 401,
        message: apiMessages.inactiveMember,
      });
      expect((await edit(member.id, admin, { status: true })).statusCode).toBe(200);
      expect(await works(member.token)).toBe(false);
      const fresh = await login(member.userName, member.password);
      expect(fresh.statusCode).toBe(200);
      expect(await works(fresh.json<{ token: string }>().token)).toBe(true);
    });

    it('ends every token issued before a password change, by an Admin or by the member', async () => {
      const member = await createMember(ctx);
      const second = (await login(member.userName, member.password)).json<{ token: string }>()
        .token;
      expect((await edit(member.id, admin, { password: 'Changed#2026a' })).statusCode).toBe(200);
      expect(await works(member.token)).toBe(false);
      expect(await works(second)).toBe(false);
      expect((await login(member.userName, member.password)).statusCode).toBe(401);
      const afterAdmin = (await login(member.userName, 'Changed#2026a')).json<{ token: string }>()
        .token;
      expect(await works(afterAdmin)).toBe(true);
      // The member's own change ends their sessions too, the one that made it included.
      expect(
        (await edit(member.id, { token: afterAdmin }, { password: 'Changed#2026b' })).statusCode,
      ).toBe(200);
      expect(await works(afterAdmin)).toBe(false);
      expect((await login(member.userName, 'Changed#2026b')).statusCode).toBe(200);
    });

    it('ends the tokens of a member whose role an Admin changes, and keeps them through other edits', async () => {
      const member = await createMember(ctx);
      expect((await edit(member.id, admin, { name: 'Renamed', role: 'Dealer' })).statusCode).toBe(
        200,
      );
      expect(await works(member.token)).toBe(true);
      expect((await edit(member.id, admin, { role: 'User' })).statusCode).toBe(200);
      expect(await works(member.token)).toBe(false);
    });

    it('refuses a correctly signed token that carries no version or an old one', async () => {
      const member = await createMember(ctx);
      const claims = {
        sub: String(member.id),
        name: member.userName,
        iat: now(),
        exp: now() + 600,
      };
      const sign = (extra: Record<string, unknown>) =>
        makeJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, ...extra }, TEST_JWT_SECRET);
      expect(await works(sign({ ver: 0 }))).toBe(true);
      expect(await works(sign({}))).toBe(false);
      expect(await works(sign({ ver: '0' }))).toBe(false);
      expect(await works(sign({ ver: -1 }))).toBe(false);
      expect(await works(sign({ ver: 1 }))).toBe(false);
    });
  });
});

describe('JWT secret configuration', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-config-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const postgres = 'postgres://app@db.example.in:5432/dealerleads';

  it('refuses PostgreSQL without a JWT_SECRET, in production and otherwise', () => {
    for (const NODE_ENV of ['production', 'development', 'test'])
      expect(() => loadConfig({ NODE_ENV, DATABASE_URL: postgres, DATA_DIR: dataDir() })).toThrow(
        /JWT_SECRET is required/,
      );
  });

  it.each([
    '',
    'secret',
    'changeme',
    'a'.repeat(64),
    'abcabcabcabcabcabcabcabcabcabcabcabc',
    'short-but-varied-0123456789',
  ])('refuses the weak secret %j on either engine', (secret) => {
    expect(isStrongSecret(secret)).toBe(false);
    for (const DATABASE_URL of [postgres, `file:${path.join(dataDir(), 'x.db')}`])
      expect(() =>
        loadConfig({
          NODE_ENV: 'production',
          DATABASE_URL,
          JWT_SECRET: secret,
          DATA_DIR: dataDir(),
        }),
      ).toThrow(/JWT_SECRET is too weak/);
  });

  it('refuses a weak secret left in the data folder instead of a generated one', () => {
    const dir = dataDir();
    loadConfig({ NODE_ENV: 'production', DATA_DIR: dir });
    writeFileSync(path.join(dir, 'jwt-secret'), 'changeme\n');
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/weak secret/);
  });

  it('accepts a long random secret', () => {
    const secret = 'Zk3q9-Vw2xLr8_Tn5yHb7mJc4sGd1fPa6uQe0oIi';
    expect(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: postgres, JWT_SECRET: secret }).jwtSecret,
    ).toBe(secret);
  });

  it('has no default secret: embedded SQLite gets a random one per data folder, kept owner-only', () => {
    const first = dataDir();
    const second = dataDir();
    const a = loadConfig({ NODE_ENV: 'production', DATA_DIR: first }).jwtSecret;
    const b = loadConfig({ NODE_ENV: 'production', DATA_DIR: second }).jwtSecret;
    expect(a).not.toBe(b);
    expect(isStrongSecret(a)).toBe(true);
    expect(a.length).toBeGreaterThanOrEqual(64);
    // Stable across restarts, stored where only the owner may read it.
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: first }).jwtSecret).toBe(a);
    const file = path.join(first, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(a);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
