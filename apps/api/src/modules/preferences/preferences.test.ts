// A member keeps their language on the server: PUT /api/me/preferences, read back on their member JSON.
import { describe, expect, it } from 'vitest';
import { bearer, testEngines, useMembers, useTestApp } from '../../test/test-app';

describe.each(testEngines())('preferences on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer } = useMembers(ctx, { dealer: {} });

  const put = (body: unknown, headers = bearer(dealer)) =>
    ctx.app.inject({ method: 'PUT', url: '/api/me/preferences', payload: body as object, headers });
  const member = async () =>
    (await ctx.app.inject({ url: `/api/users/${dealer.userName}`, headers: bearer(dealer) })).json<{
      language: string | null;
    }>();

  it('starts without a language, keeps the one chosen, and shows it on the member', async () => {
    expect((await member()).language).toBeNull();
    const res = await put({ language: 'hi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ language: 'hi' });
    expect((await member()).language).toBe('hi');
    expect((await put({ language: 'en' })).json()).toEqual({ language: 'en' });
    expect((await member()).language).toBe('en');
  });

  it('refuses another language or a visitor, changing nothing', async () => {
    for (const body of [{}, { language: 'fr' }, { language: 'HI' }, { language: null }]) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    }
    expect((await put({ language: 'hi' }, {})).statusCode).toBe(401);
    expect((await member()).language).toBe('en');
  });

  it('gives the saved language with the login, so a new device starts in it', async () => {
    const login = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { userName: dealer.userName, password: dealer.password },
        })
      ).json<{ token: string; language: string | null }>();
    await put({ language: 'hi' });
    const first = await login();
    expect(first.language).toBe('hi');
    expect(first.token).not.toBe('');
    await put({ language: 'en' });
    expect((await login()).language).toBe('en');
  });
});
