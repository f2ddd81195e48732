// Forgot password through real HTTP on each engine (design §11.1): one answer for members and strangers alike, the
// SMS code (hashed, 10 minutes, 5 tries, once), the e-mailed link (30 minutes, once), the limits per login and per IP,
// the password rules of sign-up, every old session ended and the audit entry.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { passwordResetMessages as msg, textMessages } from '@dealerleads/shared';
import {
  TEST_JWT_SECRET,
  bearer,
  createMember,
  testConfig,
  testEngines,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { passwordResetLinkToken } from '../alerts/password-reset-mail.service';
import { PASSWORD_RESET, loginHashOf } from './password-reset.service';
import { VERIFICATION_RETENTION_MS, runLeadLifecycle } from '../owners/lead-lifecycle';

const NEW_PASSWORD = 'Fresh-Start-2026';
let ipCounter = 0;
/** Each test asks from its own address, so the limits per IP of one test never reach another. */
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

describe.each(testEngines())('password resets on %s', (engine) => {
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'dl-reset-sms-'));
  const mailDir = mkdtempSync(path.join(tmpdir(), 'dl-reset-mail-'));
  let now = Date.now();
  const ctx = useTestApp(engine, {
    config: {
      sms: { provider: 'outbox', outboxDir },
      mail: {
        ...testConfig({ engine: 'sqlite', file: ':memory:' }).mail,
        outboxDir: mailDir,
        workerIntervalMs: 50,
      },
    },
    clock: () => new Date(now),
  });
  afterAll(() => {
    rmSync(outboxDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  });

  let phoneCounter = 0;
  /** A member with a mobile of their own (test members otherwise share one) and a verified e-mail. */
  const member = async (
    changes: { email_verified?: 0 | 1; email?: string } = {},
  ): Promise<TestMember & { phone: string }> => {
    const created = await createMember(ctx);
    phoneCounter += 1;
    const phone = `91${String(Date.now() % 100_000).padStart(5, '0')}${String(phoneCounter).padStart(3, '0')}`;
    await ctx.database.db
      .updateTable('users')
      .set({ phone, ...changes })
      .where('id', '=', created.id)
      .execute();
    return { ...created, phone };
  };
  const ask = (login: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/password-resets',
      payload: { login },
      remoteAddress: ip,
    });
  const confirm = (login: string, code: string, ip: string, newPassword = NEW_PASSWORD) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/password-resets/confirm',
      payload: { login, code, newPassword },
      remoteAddress: ip,
    });
  const confirmLink = (token: string, ip: string, newPassword = NEW_PASSWORD) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/password-resets/confirm-link',
      payload: { token, newPassword },
      remoteAddress: ip,
    });
  const login = (userName: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName, password },
    });
  /** The newest reset text queued for `phone` (written before the answer, sent just after it). */
  const textTo = async (phone: string) =>
    (
      await ctx.database.db
        .selectFrom('sms_outbox')
        .select(['body', 'idempotency_key'])
        .where('phone_number', '=', phone)
        .where('idempotency_key', 'like', 'reset-%')
        .orderBy('id', 'desc')
        .executeTakeFirst()
    )?.body;
  const codeOf = async (phone: string) =>
    /^(\d{6}) is your DealerLeads code/.exec((await textTo(phone)) ?? '')![1]!;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const hashOf = async (id: number) =>
    (
      await ctx.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash;
  const resetMailsOf = (id: number) =>
    ctx.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('user_id', '=', id)
      .where('kind', '=', 'reset')
      .execute();

  it('answers a member, an unknown name, e-mail and mobile alike, and sends only to the member', async () => {
    const dealer = await member();
    const ip = nextIp();
    const answers = [];
    for (const login of [dealer.userName, 'nobody-here', 'nobody@example.in', '9123400000']) {
      const res = await ask(login, ip);
      answers.push({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
    }
    expect(answers[0]).toEqual({
      status: 202,
      body: JSON.stringify({ message: msg.sent }),
      type: 'application/json; charset=utf-8',
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // A row for every request, so the limits and tries treat strangers as members; texts and mails only to the member.
    const rows = await ctx.database.db
      .selectFrom('password_resets')
      .select(['login_hash', 'user_id', 'code_hash', 'link_expires_at'])
      .where('ip', '=', ip)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([dealer.id, null, null, null]);
    // What strangers typed is kept only as a keyed hash.
    expect(JSON.stringify(rows)).not.toMatch(/nobody|9123400000/);
    expect(rows.map((r) => r.code_hash === null)).toEqual([false, true, true, true]);
    expect(rows[0]!.link_expires_at).not.toBeNull();
    const code = await codeOf(dealer.phone);
    expect(await textTo(dealer.phone)).toContain(dealer.userName);
    // Stored hashed: the code is nowhere in the row.
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(await textTo('9123400000')).toBeUndefined();
    expect(await resetMailsOf(dealer.id)).toHaveLength(1);
    // The longest login, in characters that grow under NFKC, gets the same answer on both engines.
    expect((await ask('\uFDFA'.repeat(254), ip)).body).toBe(answers[0]!.body);
  });

  it('resets by the SMS code: the new password works, the old one and every old session do not, once', async () => {
    const dealer = await member();
    const ip = nextIp();
    const before = await hashOf(dealer.id);
    expect(
      (await ctx.app.inject({ url: `/api/users/${dealer.userName}`, headers: bearer(dealer) }))
        .statusCode,
    ).toBe(200);
    // By the registered mobile, typed the way people write it.
    const typed = `+91 ${dealer.phone.slice(0, 5)} ${dealer.phone.slice(5)}`;
    expect((await ask(typed, ip)).statusCode).toBe(202);
    const code = await codeOf(dealer.phone);

    // The same password rules as sign-up, and nothing changes on a refusal.
    const short = await confirm(typed, code, ip, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'validation',
      errors: { newPassword: [textMessages.minLength('New Password', 8)] },
    });
    expect(await hashOf(dealer.id)).toBe(before);

    const res = await confirm(dealer.phone, code, ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: msg.done });
    expect((await login(dealer.userName, dealer.password)).statusCode).toBe(401);
    expect((await login(dealer.userName, NEW_PASSWORD)).statusCode).toBe(200);
    const old = await ctx.app.inject({
      url: `/api/users/${dealer.userName}`,
      headers: bearer(dealer),
    });
    expect(old.statusCode).toBe(401);

    // Neither the code nor the e-mailed link of the same request works again.
    const again = await confirm(dealer.phone, code, ip, 'Another-Pass-99');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      status: 400,
      code: 'passwordReset.expired',
      message: msg.expired,
    });
    const row = await ctx.database.db
      .selectFrom('password_resets')
      .select('public_id')
      .where('user_id', '=', dealer.id)
      .executeTakeFirstOrThrow();
    const link = await confirmLink(passwordResetLinkToken('unused', row.public_id, dealer.id), ip);
    expect(link.json()).toMatchObject({ code: 'passwordReset.linkInvalid' });
    expect((await login(dealer.userName, NEW_PASSWORD)).statusCode).toBe(200);

    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.password-reset')
      .where('target_id', '=', String(dealer.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: dealer.id, ip_address: ip });
    expect(JSON.parse(audit[0]!.changes)).toEqual({
      password_hash: { before: '[redacted]', after: '[redacted]' },
      resetBy: { before: null, after: 'sms' },
    });
  });

  it('locks a code after 5 wrong tries, for members and strangers alike', async () => {
    const dealer = await member();
    const ip = nextIp();
    const before = await hashOf(dealer.id);
    await ask(dealer.userName, ip);
    await ask('stranger-login', ip);
    const code = await codeOf(dealer.phone);
    for (const name of [dealer.userName, 'stranger-login']) {
      for (let i = 1; i <= PASSWORD_RESET.maxTries; i += 1) {
        const res = await confirm(name, wrong(code), ip);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code:
            i < PASSWORD_RESET.maxTries ? 'passwordReset.wrongCode' : 'passwordReset.tooManyTries',
        });
      }
      const right = await confirm(name, code, ip);
      expect(right.json()).toMatchObject({ status: 400, code: 'passwordReset.tooManyTries' });
    }
    expect(await hashOf(dealer.id)).toBe(before);
    // A new request gives a new code that works.
    await ask(dealer.userName, ip);
    expect((await confirm(dealer.userName, await codeOf(dealer.phone), ip)).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes and a link after 30', async () => {
    const dealer = await member();
    const ip = nextIp();
    const before = await hashOf(dealer.id);
    await ask(dealer.userName, ip);
    const code = await codeOf(dealer.phone);
    const row = await ctx.database.db
      .selectFrom('password_resets')
      .select('public_id')
      .where('user_id', '=', dealer.id)
      .executeTakeFirstOrThrow();
    const token = passwordResetLinkToken(TEST_JWT_SECRET, row.public_id, dealer.id);
    const start = now;
    try {
      now = start + PASSWORD_RESET.codeMinutes * 60_000 + 1000;
      expect((await confirm(dealer.userName, code, ip)).json()).toMatchObject({
        code: 'passwordReset.expired',
      });
      now = start + PASSWORD_RESET.linkMinutes * 60_000 + 1000;
      expect((await confirmLink(token, ip)).json()).toMatchObject({
        code: 'passwordReset.linkInvalid',
      });
    } finally {
      now = start;
    }
    expect(await hashOf(dealer.id)).toBe(before);
  });

  /** The reset mail the app's own worker wrote for `publicId` (an .eml file in the mail folder). */
  const mailOf = async (publicId: string) => {
    const file = path.join(mailDir, `reset-${publicId}.eml`);
    for (let i = 0; i < 100 && !existsSync(file); i += 1) await setTimeout(50);
    // Quoted-printable: soft line breaks and encoded '=' undone, so the link reads whole.
    return readFileSync(file, 'utf8')
      .replace(/=\r?\n/g, '')
      .replaceAll('=3D', '=');
  };

  it('resets by the e-mailed link once, ending old sessions; no link to an unverified address', async () => {
    const dealer = await member();
    const ip = nextIp();
    expect((await ask(`${dealer.userName}@EXAMPLE.in`, ip)).statusCode).toBe(202);
    const { public_id: publicId } = await ctx.database.db
      .selectFrom('password_resets')
      .select('public_id')
      .where('user_id', '=', dealer.id)
      .executeTakeFirstOrThrow();
    const mail = await mailOf(publicId);
    expect(mail).toContain(`To: ${dealer.userName}@example.in`);
    expect(mail).toContain('Subject: Reset your DealerLeads password');
    const url = new URL(/http:\/\/dealerleads\.test\S+/.exec(mail)![0]);
    expect(url.pathname).toBe('/dealers/reset-password/link');
    const token = url.searchParams.get('token')!;

    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await confirmLink(tampered, ip)).json()).toMatchObject({
      status: 400,
      code: 'passwordReset.linkInvalid',
      message: msg.linkInvalid,
    });
    const res = await confirmLink(token, ip);
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(dealer.userName, NEW_PASSWORD)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ url: `/api/users/${dealer.userName}`, headers: bearer(dealer) }))
        .statusCode,
    ).toBe(401);
    expect((await confirmLink(token, ip, 'Yet-Another-Pass-1')).json()).toMatchObject({
      code: 'passwordReset.linkInvalid',
    });
    // The SMS code of the same request died with the link.
    expect((await confirm(dealer.userName, await codeOf(dealer.phone), ip)).json()).toMatchObject({
      code: 'passwordReset.expired',
    });

    const unverified = await member({ email_verified: 0 });
    await ask(unverified.userName, ip);
    expect(await resetMailsOf(unverified.id)).toEqual([]);
    expect(await codeOf(unverified.phone)).toMatch(/^\d{6}$/);
  });

  it('tells the mobiles of accounts sharing a login to ask by user name, and sends inactive members nothing', async () => {
    const ip = nextIp();
    const first = await member({ email: 'shared.family@example.in' });
    const second = await member({ email: 'shared.family@example.in' });
    expect((await ask('shared.family@example.in', ip)).json()).toEqual({ message: msg.sent });
    for (const who of [first, second]) {
      const text = await textTo(who.phone);
      expect(text).toContain(`${first.userName}, ${second.userName}`);
      expect(text).not.toMatch(/\d{6} is your/);
    }
    const row = await ctx.database.db
      .selectFrom('password_resets')
      .select(['user_id', 'code_hash'])
      .where('login_hash', '=', loginHashOf(TEST_JWT_SECRET, ' Shared.Family@example.in'))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, code_hash: null });

    const inactive = await member();
    await ctx.database.db
      .updateTable('users')
      .set({ status: 0 })
      .where('id', '=', inactive.id)
      .execute();
    expect((await ask(inactive.userName, ip)).json()).toEqual({ message: msg.sent });
    expect(await textTo(inactive.phone)).toBeUndefined();
  });

  it('limits resets per login, whoever asks, and per IP, whatever the logins', async () => {
    const dealer = await member();
    for (let i = 0; i < PASSWORD_RESET.perLoginPerHour; i += 1)
      expect((await ask(dealer.userName, nextIp())).statusCode).toBe(202);
    const over = await ask(dealer.userName.toUpperCase(), nextIp());
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'passwordReset.tooManyResets',
      message: msg.tooManyResets,
    });
    // The same for a login that is nobody's: the limit tells nothing.
    for (let i = 0; i < PASSWORD_RESET.perLoginPerHour; i += 1) await ask('ghost-login', nextIp());
    expect((await ask('ghost-login', nextIp())).json()).toMatchObject({
      code: 'passwordReset.tooManyResets',
    });

    const ip = nextIp();
    for (let i = 0; i < PASSWORD_RESET.perIpPerHour; i += 1)
      expect((await ask(`walker-${i}`, ip)).statusCode).toBe(202);
    const walked = await ask('walker-last', ip);
    expect(walked.statusCode).toBe(429);
    expect(walked.json()).toMatchObject({ status: 429, code: 'api.tooManyRequests' });
    // An hour later both counts start again.
    const start = now;
    try {
      now = start + 3_600_000 + 1000;
      expect((await ask(dealer.userName, ip)).statusCode).toBe(202);
    } finally {
      now = start;
    }
  });

  it('keeps requests (logins typed by anyone, IPs) a day, then the sweep removes them', async () => {
    const ip = nextIp();
    await ask('someone.typed@example.in', ip);
    const rows = () =>
      ctx.database.db.selectFrom('password_resets').select('id').where('ip', '=', ip).execute();
    await runLeadLifecycle(ctx.database.db, engine, new Date(now + 1000));
    expect(await rows()).toHaveLength(1);
    await runLeadLifecycle(
      ctx.database.db,
      engine,
      new Date(now + VERIFICATION_RETENTION_MS + 1000),
    );
    expect(await rows()).toEqual([]);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(doc.paths['/api/password-resets']!.post!.responses)).toContain('202');
    expect(doc.paths['/api/password-resets/confirm']!.post).toBeDefined();
    expect(doc.paths['/api/password-resets/confirm-link']!.post).toBeDefined();
  });
});
