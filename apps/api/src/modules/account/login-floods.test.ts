// A flood of logins cannot starve the server: a per-IP limit across user names answers 429 before any argon2 run,
// and argon2 runs through a bounded gate, so other requests (/api/health) keep being answered.
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@dealerleads/shared';
import { createMember, testEngines, useTestApp } from '../../test/test-app';

describe.each(testEngines())('login floods on %s', (engine) => {
  const ctx = useTestApp(engine, {
    config: {
      rateLimits: { login: 1000, loginPerIp: 5, leadSubmit: 1000, api: 100_000 },
      passwordHashing: { concurrency: 1, queue: 1 },
    },
  });
  const login = (userName: string, password: string, ip = '203.0.113.7') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName, password },
      remoteAddress: ip,
    });

  it('limits logins per IP across user names, refusing the excess before any hashing', async () => {
    const runsBefore = ctx.app.passwordHasher.runs;
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await login(`random${i}x${Date.now()}`, 'Wrong#2026', '203.0.113.8');
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ status: 429, message: apiMessages.tooManyLogins });
      }
    }
    expect(codes).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    expect(ctx.app.passwordHasher.runs - runsBefore).toBe(5);
    // Another address is not affected.
    expect((await login('someone', 'Wrong#2026', '203.0.113.9')).statusCode).toBe(401);
  });

  it('answers 503 at once when the hashing queue is full, and keeps answering /api/health', async () => {
    const member = await createMember(ctx);
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    // One run in progress and one waiting: the gate (concurrency 1, queue 1) is full.
    const holders = [
      ctx.app.passwordHasher.gate.run(() => blocked),
      ctx.app.passwordHasher.gate.run(() => blocked),
    ];
    try {
      const busy = await login(member.userName, member.password, '198.51.100.1');
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toMatchObject({ status: 503, message: apiMessages.serverBusy });
      const health = await ctx.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await login(member.userName, member.password, '198.51.100.1')).statusCode).toBe(200);
  });
});
