// Sign-up and login through real HTTP on each engine: every rule of docs/rules.md with its exact message.
import { describe, expect, it } from 'vitest';
import { apiMessages, textMessages } from '@dealerleads/shared';
import {
  bearer,
  createMember,
  createTestApp,
  json,
  testEngines,
  useTestApp,
} from '../../test/test-app';

const valid = {
  userName: 'ravi.kumar',
  Name: 'Ravi Kumar',
  email: 'ravi@example.in',
  phone: '9876543210',
  role: 'Dealer',
  pincode: '110001',
  state: 'Delhi',
  City: 'New Delhi',
  password: 'Secret#2026',
  confirmPassword: 'Secret#2026',
};

type ValidationBody = { title: string; status: number; errors: Record<string, string[]> };

describe.each(testEngines())('account on %s', (engine) => {
  const ctx = useTestApp(engine);

  const register = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/register', payload });

  it('registers a member and never returns the password hash', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      userName: 'ravi.kumar',
      name: 'Ravi Kumar',
      role: 'Dealer',
      status: true,
      city: 'New Delhi',
    });
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('refuses a taken user name, whatever its case', async () => {
    const res = await register({ ...valid, userName: 'RAVI.KUMAR' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: apiMessages.usernameTaken });
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing userName', { userName: '' }, 'userName', textMessages.required('Username')],
    [
      'userName with a space',
      { userName: 'ravi kumar' },
      'userName',
      'Username must not contain spaces',
    ],
    ['missing Name', { Name: '  ' }, 'Name', textMessages.required('Name')],
    ['missing email', { email: '' }, 'email', textMessages.required('Email')],
    ['bad email', { email: 'ravi@' }, 'email', 'Please enter a valid Email'],
    ['short phone', { phone: '98765' }, 'phone', textMessages.minLength('Phone', 10)],
    ['long phone', { phone: '98765432101' }, 'phone', textMessages.maxLength('Phone', 10)],
    ['phone that is no Indian mobile', { phone: '5812345678' }, 'phone', textMessages.notIndianMobile('Phone')],
    ['short pincode', { pincode: '1100' }, 'pincode', textMessages.minLength('Pincode', 6)],
    ['long pincode', { pincode: '1100011' }, 'pincode', textMessages.maxLength('Pincode', 6)],
    ['missing state', { state: '' }, 'state', textMessages.required('State')],
    ['missing City', { City: '' }, 'City', textMessages.required('City')],
    [
      'short password',
      { password: 'Ab1!', confirmPassword: 'Ab1!' },
      'password',
      textMessages.minLength('Password', 8),
    ],
    [
      'long password',
      { password: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) },
      'password',
      textMessages.maxLength('Password', 64),
    ],
    [
      'mismatched confirmation',
      { confirmPassword: 'Other#2026' },
      'confirmPassword',
      textMessages.passwordsMustMatch,
    ],
    ['no role', { role: '' }, 'role', textMessages.required('Role')],
    ['Admin role', { role: 'Admin' }, 'role', 'Role must be one of User, Dealer, Seller, Buyer'],
  ];
  it.each(cases)('rejects %s with the exact message', async (_name, change, field, message) => {
    const res = await register({
      ...valid,
      userName: `u${Math.random().toString(36).slice(2, 8)}`,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    const body = json<ValidationBody>(res);
    expect(body.title).toBe(apiMessages.validationTitle);
    expect(body.errors[field]).toContain(message);
  });

  it('accepts a sign-up without the optional phone and pincode', async () => {
    const res = await register({ ...valid, userName: 'no.phone', phone: '', pincode: undefined });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone: null, pincode: null });
  });

  it('logs in with the right password and the token opens protected routes', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: 'Ravi.Kumar', password: valid.password },
    });
    expect(res.statusCode).toBe(200);
    const user = json<{ id: number; username: string; token: string; role: string }>(res);
    expect(user).toMatchObject({ username: 'ravi.kumar', role: 'Dealer' });
    const ok = await ctx.app.inject({ url: '/api/buggy/auth', headers: bearer(user) });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    for (const payload of [
      { userName: 'ravi.kumar', password: 'Wrong#2026' },
      { userName: 'nobody', password: 'Wrong#2026' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/account/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, message: apiMessages.invalidCredentials });
    }
  });

  it('refuses an inactive member', async () => {
    const member = await createMember(ctx, { status: false });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: member.userName, password: member.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: apiMessages.inactiveMember });
  });

  it('stops an existing token once the member is deactivated', async () => {
    const member = await createMember(ctx);
    expect(
      (await ctx.app.inject({ url: '/api/buggy/auth', headers: bearer(member) })).statusCode,
    ).toBe(200);
    await ctx.database.db
      .updateTable('users')
      .set({ status: 0 })
      .where('id', '=', member.id)
      .execute();
    // A change made outside the API (here straight in the database) reaches a PostgreSQL process that remembered the
    // member by its member_changes notification, within moments (docs/hardening.md, "Sessions").
    await expect
      .poll(
        async () =>
          (await ctx.app.inject({ url: '/api/buggy/auth', headers: bearer(member) })).statusCode,
        { timeout: 2000, interval: 20 },
      )
      .toBe(401);
  });

  it('answers 401 to a protected route without, with an expired and with a forged token', async () => {
    const member = await createMember(ctx);
    const expired = ctx.app.jwt.sign(
      { sub: String(member.id), name: member.userName, ver: 0 },
      { expiresIn: -10 },
    );
    const [header, payload] = member.token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: String(member.id), name: 'x', role: 'Admin' }),
    ).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const headers of [
      {},
      { authorization: `Bearer ${expired}` },
      { authorization: `Bearer ${header}.${forgedPayload}.${member.token.split('.')[2]}` },
      { authorization: `Bearer ${none}` },
      { authorization: 'Bearer not-a-token' },
    ]) {
      const res = await ctx.app.inject({ url: '/api/buggy/auth', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401 });
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: apiMessages.notFound });
  });

  it('reports the engine on /api/health', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { engine, ok: true } });
  });

  it('rate-limits login attempts per user name', async () => {
    const limited = await createTestApp(engine, {
      rateLimits: { login: 3, loginPerIp: 1000, leadSubmit: 10, api: 1000 },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { userName: 'someone', password: 'Wrong#2026' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { userName: 'someone', password: 'Wrong#2026' },
      });
      expect(res.json()).toMatchObject({ status: 429, message: apiMessages.tooManyLogins });
    } finally {
      await limited.close();
    }
  });
});
