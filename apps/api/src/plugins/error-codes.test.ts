// Every error answer carries a stable code beside its unchanged message, so a client can say it in another language.
import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODES,
  apiMessages,
  creditFlowMessages,
  errorCodeOf,
  orderMessages,
  STATUS_ERROR_CODES,
} from '@dealerleads/shared';
import { bearer, testEngines, useMembers, useTestApp } from '../test/test-app';

describe('error codes', () => {
  it('names each fixed text by its group and key, and an unknown text by its status', () => {
    expect(errorCodeOf(apiMessages.invalidCredentials, 401)).toBe('api.invalidCredentials');
    expect(errorCodeOf(creditFlowMessages.allCreditsUsed, 400)).toBe(
      'creditFlow.allCreditsUsed',
    );
    expect(errorCodeOf(orderMessages.utrTaken, 400)).toBe('order.utrTaken');
    expect(errorCodeOf('Some text no set holds', 400)).toBe('badRequest');
    expect(errorCodeOf('Some text no set holds', 418)).toBe('error');
    expect(API_ERROR_CODES['api.leadNotFound']).toBe(apiMessages.leadNotFound);
  });

  it('gives different texts different codes', () => {
    for (const [code, text] of Object.entries(API_ERROR_CODES)) {
      const first = errorCodeOf(text, 400);
      expect(API_ERROR_CODES[first], code).toBe(text);
    }
    expect(Object.values(STATUS_ERROR_CODES)).not.toContain('validation');
  });
});

describe.each(testEngines())('error bodies on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer } = useMembers(ctx, { dealer: {} });

  it('adds the code to a business-rule error, keeping status and message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: dealer.userName, password: 'wrong-password-here' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: 401,
      code: 'api.invalidCredentials',
      message: apiMessages.invalidCredentials,
    });
  });

  it('gives a validation body the code "validation", and a missing lead its own code', async () => {
    const invalid = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/preferences',
      payload: { language: 'fr' },
      headers: bearer(dealer),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      title: apiMessages.validationTitle,
      status: 400,
      code: 'validation',
    });
    const unauthorised = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/preferences',
      payload: { language: 'hi' },
    });
    expect(unauthorised.json()).toMatchObject({ status: 401, code: expect.any(String) });
    const missing = await ctx.app.inject({ url: '/api/no-such-route', headers: bearer(dealer) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      status: 404,
      code: 'api.notFound',
      message: apiMessages.notFound,
    });
  });
});
