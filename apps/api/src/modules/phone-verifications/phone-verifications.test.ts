// Verified numbers through real HTTP on each engine (design §11.1): the code by SMS (read from the outbox file), its
// hashing, expiry, tries, resend wait and per-number limit, and the token bound to the number.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  textMessages,
  phoneVerificationMessages as msg,
  type PhoneVerification,
  type PhoneVerificationToken,
} from '@dealerleads/shared';
import { TEST_JWT_SECRET, json, testEngines, useTestApp } from '../../test/test-app';
import { VERIFICATION, checkPhoneToken } from './phone-verifications.service';
import { VERIFICATION_RETENTION_MS, runLeadLifecycle } from '../owners/lead-lifecycle';

describe.each(testEngines())('phone verifications on %s', (engine) => {
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'dl-sms-'));
  let now = Date.now();
  const ctx = useTestApp(engine, {
    config: { sms: { provider: 'outbox', outboxDir } },
    clock: () => new Date(now),
  });
  afterAll(() => rmSync(outboxDir, { recursive: true, force: true }));

  const start = (phoneNumber: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/phone-verifications', payload: { phoneNumber } });
  const confirm = (id: string, code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/phone-verifications/${id}/confirm`,
      payload: { code },
    });
  /** The code of the newest text to `phone` in the outbox folder. */
  const codeFor = (phone: string) => {
    const files = readdirSync(outboxDir)
      .filter((f) => f.endsWith(`-${phone}.txt`))
      .sort();
    const text = readFileSync(path.join(outboxDir, files.at(-1)!), 'utf8');
    return { text, code: /(\d{6}) is your DealerLeads code/.exec(text)![1]!, file: files.at(-1)! };
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a 6-digit code by SMS and confirms it for a token bound to the number', async () => {
    const res = await start('9876500001');
    expect(res.statusCode, res.body).toBe(201);
    const body = json<PhoneVerification>(res);
    expect(new Date(body.expiresAt).getTime() - now).toBe(VERIFICATION.codeMinutes * 60_000);
    expect(new Date(body.resendAfter).getTime() - now).toBe(VERIFICATION.resendSeconds * 1000);
    const { text, code, file } = codeFor('9876500001');
    expect(text).toContain('To: +919876500001');
    expect(statSync(path.join(outboxDir, file)).mode & 0o777).toBe(0o600);

    // Stored hashed: the code itself is nowhere in the row.
    const row = await ctx.database.db
      .selectFrom('phone_verifications')
      .selectAll()
      .where('public_id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    const queued = await ctx.database.db
      .selectFrom('sms_outbox')
      .select(['status', 'attempts'])
      .where('phone_number', '=', '9876500001')
      .execute();
    expect(queued).toEqual([{ status: 'sent', attempts: 1 }]);

    const ok = await confirm(body.id, code);
    expect(ok.statusCode, ok.body).toBe(200);
    const { verificationToken } = json<PhoneVerificationToken>(ok);
    expect(checkPhoneToken(TEST_JWT_SECRET, verificationToken, '9876500001', new Date(now))).toBe(
      'ok',
    );
    expect(checkPhoneToken(TEST_JWT_SECRET, verificationToken, '9876500002', new Date(now))).toBe(
      'other-number',
    );
    const late = new Date(now + VERIFICATION.tokenMinutes * 60_000 + 1000);
    expect(checkPhoneToken(TEST_JWT_SECRET, verificationToken, '9876500001', late)).toBe('invalid');
    expect(
      checkPhoneToken(TEST_JWT_SECRET, `${verificationToken}x`, '9876500001', new Date(now)),
    ).toBe('invalid');

    // A code works once.
    const again = await confirm(body.id, code);
    expect(again.statusCode).toBe(400);
  });

  it('refuses a number that is not an Indian mobile and sends nothing', async () => {
    const res = await start('5812345678');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.phoneNumber).toContain(textMessages.notIndianMobile('Phone Number'));
    expect(readdirSync(outboxDir).some((f) => f.includes('5812345678'))).toBe(false);
  });

  it('counts wrong codes and stops after five tries, even for the right one', async () => {
    const { id } = json<PhoneVerification>(await start('9876500003'));
    const { code } = codeFor('9876500003');
    for (let i = 1; i < VERIFICATION.maxTries; i++) {
      const res = await confirm(id, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(msg.wrongCode);
    }
    const last = await confirm(id, wrong(code));
    expect(last.json().message).toBe(msg.tooManyTries);
    const right = await confirm(id, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(msg.tooManyTries);
  });

  it('refuses an expired code', async () => {
    const { id } = json<PhoneVerification>(await start('9876500004'));
    const { code } = codeFor('9876500004');
    now += VERIFICATION.codeMinutes * 60_000 + 1000;
    const res = await confirm(id, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.expired);
  });

  it('waits 30 s before another code and limits codes per number', async () => {
    expect((await start('9876500005')).statusCode).toBe(201);
    const soon = await start('9876500005');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(msg.resendTooSoon);
    for (let i = 1; i < VERIFICATION.perNumberPerHour; i++) {
      now += VERIFICATION.resendSeconds * 1000;
      expect((await start('9876500005')).statusCode).toBe(201);
    }
    now += VERIFICATION.resendSeconds * 1000;
    const over = await start('9876500005');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(msg.tooManyCodes);
  });

  it('answers 404 for a verification that does not exist and 400 for a malformed code', async () => {
    const res = await confirm('nope', '123456');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.notFound);
    const { id } = json<PhoneVerification>(await start('9876500006'));
    const bad = await confirm(id, '12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.code).toContain(msg.codeFormat);
  });

  it("purges verification and SMS outbox rows with the owners' sweep once a day old", async () => {
    expect((await start('9876500007')).statusCode).toBe(201);
    const count = async (table: 'phone_verifications' | 'sms_outbox') =>
      (
        await ctx.database.db
          .selectFrom(table)
          .select('id')
          .where('phone_number', '=', '9876500007')
          .execute()
      ).length;
    await runLeadLifecycle(ctx.database.db, engine, new Date(now + 1000));
    expect(await count('phone_verifications')).toBe(1);
    expect(await count('sms_outbox')).toBe(1);
    await runLeadLifecycle(
      ctx.database.db,
      engine,
      new Date(now + VERIFICATION_RETENTION_MS + 1000),
    );
    expect(await count('phone_verifications')).toBe(0);
    expect(await count('sms_outbox')).toBe(0);
  });
});
