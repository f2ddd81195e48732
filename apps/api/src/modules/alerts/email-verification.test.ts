// Alert mails reach only verified addresses, on each engine: the verification mail on registration and on an address
// change, the link's confirm page (a GET changes nothing, the POST verifies), the resend route, catch-all saved
// searches on the daily digest only, a daily cap per recipient address and a limit of accounts per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ACCOUNTS_PER_EMAIL,
  apiMessages,
  type Member,
  type SavedSearch,
} from '@dealerleads/shared';
import {
  bearer,
  createMember,
  createTestAppOn,
  createTestDatabase,
  json,
  TEST_JWT_SECRET,
  testEngines,
  type TestContext,
  type TestMember,
} from '../../test/test-app';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { submission } from './alerts-test-helpers';
import { alertMessages } from './alerts.service';
import { createMailTransport, startEmailWorker, type EmailWorker } from './email-worker';
import { verificationMessages } from './email-verification.service';

const CAP = 4;
const PASSWORD = 'Secret#2026';

describe.each(testEngines())('verified alert addresses on %s', (engine) => {
  let ctx: TestContext;
  let sink: SmtpSink;
  let worker: EmailWorker;
  let admin: TestMember;
  let registered = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestAppOn(await createTestDatabase(engine));
    admin = await createMember(ctx, { role: 'Admin' });
    worker = startEmailWorker(
      ctx.database,
      createMailTransport({ smtpUrl: sink.url, outboxDir: '' }),
      {
        from: 'DealerLeads <alerts@dealerleads.test>',
        publicUrl: 'http://dealerleads.test',
        secret: TEST_JWT_SECRET,
        dailyCapPerAddress: CAP,
      },
      {
        intervalMs: 0,
        leaseMs: 120_000,
        backoffMs: 60_000,
        maxBackoffMs: 3_600_000,
        maxAttempts: 8,
        batch: 50,
        clock: () => new Date(Date.now() + 1000),
        onError: (error) => {
          throw error;
        },
      },
    );
  });
  afterAll(async () => {
    await worker.stop();
    await ctx.close();
    await sink.close();
  });

  /** Registers a dealer through the API and logs them in. */
  const register = async (email: string) => {
    const userName = `verify${(registered += 1)}${engine}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        userName,
        Name: 'Verify Test',
        email,
        phone: '9876543210',
        role: 'Dealer',
        pincode: '110001',
        state: 'Delhi',
        City: 'New Delhi',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    if (res.statusCode !== 201) return { res, member: undefined };
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName, password: PASSWORD },
    });
    const member = { ...login.json<{ id: number; token: string }>(), userName };
    return { res, member };
  };
  const profile = async (member: { userName: string; token: string }) =>
    json<Member>(
      await ctx.app.inject({ url: `/api/users/${member.userName}`, headers: bearer(member) }),
    );
  const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address));
  const linkIn = (text: string) => {
    const url = /http:\/\/dealerleads\.test(\/api\/account\/verify-email\?token=\S+)/.exec(
      text,
    )?.[1];
    expect(url).toBeDefined();
    return url!;
  };
  const save = (who: { token: string }, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/saved-searches', payload, headers: bearer(who) });
  const submitLead = async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/leads', payload: submission() });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('sends alerts only after the owner confirms the address with the link (a GET alone changes nothing)', async () => {
    const address = `owner-${engine}@example.in`;
    const { member } = await register(address);
    expect((await profile(member!)).emailVerified).toBe(false);
    expect(
      (await save(member!, { name: 'Cretas', filters: { model: 'Creta' }, emailMode: 'instant' }))
        .statusCode,
    ).toBe(201);
    await submitLead();
    await worker.runOnce();
    // The verification mail went out; the alert was not sent to the unconfirmed address.
    expect(mailsTo(address).map((m) => m.subject)).toEqual([
      'Confirm your e-mail address for DealerLeads',
    ]);
    const link = linkIn(mailsTo(address)[0]!.text);

    const page = await ctx.app.inject({ url: link, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await profile(member!)).emailVerified).toBe(false);

    const forged = await ctx.app.inject({
      method: 'POST',
      url: `${link.slice(0, -3)}AAA`,
    });
    expect(forged.json()).toMatchObject({ status: 400, message: verificationMessages.invalid });
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: '',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.body).toContain(verificationMessages.verified);
    expect((await profile(member!)).emailVerified).toBe(true);

    await submitLead();
    await worker.runOnce();
    expect(mailsTo(address).map((m) => m.subject)[1]).toMatch(/^New lead: /);
    // Verified: nothing to resend.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-verification',
      headers: bearer(member!),
    });
    expect(again.json()).toMatchObject({ status: 400, message: verificationMessages.alreadyVerified });
  });

  it('makes a changed address unverified, mails it a new link, and voids the old one', async () => {
    const first = `first-${engine}@example.in`;
    const second = `second-${engine}@example.in`;
    const { member } = await register(first);
    await worker.runOnce();
    const oldLink = linkIn(mailsTo(first)[0]!.text);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/update/${member!.id}`,
      headers: bearer(member!),
      payload: { name: 'Verify Test', city: 'Noida', email: second },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<Member>(changed).emailVerified).toBe(false);
    expect((await ctx.app.inject({ method: 'POST', url: oldLink })).statusCode).toBe(400);
    await worker.runOnce();
    expect(mailsTo(second)).toHaveLength(1);
    // The resend route queues one more mail to the new address.
    const resend = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-verification',
      headers: bearer(member!),
    });
    expect(resend.json()).toEqual({ message: verificationMessages.sent });
    await worker.runOnce();
    expect(mailsTo(second)).toHaveLength(2);
    const link = linkIn(mailsTo(second)[1]!.text);
    expect((await ctx.app.inject({ method: 'POST', url: link })).json()).toEqual({
      message: verificationMessages.verified,
    });
    expect((await profile(member!)).emailVerified).toBe(true);
    // An Admin's change of the address makes it unverified too.
    const byAdmin = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/update/${member!.id}`,
      headers: bearer(admin),
      payload: { name: 'Verify Test', city: 'Noida', email: first },
    });
    expect(json<Member>(byAdmin).emailVerified).toBe(false);
  });

  it('gives a saved search without any filter the daily digest only', async () => {
    const dealer = await createMember(ctx);
    const catchAll = await save(dealer, { name: 'Everything', filters: {}, emailMode: 'instant' });
    expect(catchAll.json()).toMatchObject({ status: 400, message: alertMessages.instantNeedsFilter });
    const daily = await save(dealer, { name: 'Everything', filters: {}, emailMode: 'daily' });
    expect(daily.statusCode).toBe(201);
    const upgrade = await ctx.app.inject({
      method: 'PUT',
      url: `/api/saved-searches/${json<SavedSearch>(daily).id}`,
      headers: bearer(dealer),
      payload: { emailMode: 'instant' },
    });
    expect(upgrade.json()).toMatchObject({ status: 400, message: alertMessages.instantNeedsFilter });
  });

  it(`mails one address at most ${CAP} times a day, whatever the accounts behind it`, async () => {
    const address = `capped-${engine}@example.in`;
    const members = [];
    for (let i = 0; i < 2; i++) {
      const member = await createMember(ctx);
      await ctx.database.db
        .updateTable('users')
        .set({ email: address })
        .where('id', '=', member.id)
        .execute();
      for (const model of ['Creta', 'Venue', 'i20'])
        expect(
          (await save(member, { name: model, filters: { model: 'Creta' }, emailMode: 'instant' }))
            .statusCode,
        ).toBe(201);
      members.push(member);
    }
    const before = mailsTo(address).length;
    await submitLead();
    await worker.runOnce();
    // Six alerts queued (two accounts × three searches), four sent, the rest skipped.
    expect(mailsTo(address).length - before).toBe(CAP);
    const skipped = await ctx.database.db
      .selectFrom('email_outbox')
      .select('status')
      .where(
        'user_id',
        'in',
        members.map((m) => m.id),
      )
      .where('status', '=', 'skipped')
      .execute();
    expect(skipped).toHaveLength(6 - CAP);
  });

  it(`registers at most ${MAX_ACCOUNTS_PER_EMAIL} accounts on one address`, async () => {
    const address = `Shared-${engine}@example.in`;
    for (let i = 0; i < MAX_ACCOUNTS_PER_EMAIL; i++)
      expect((await register(i === 1 ? address.toLowerCase() : address)).res.statusCode).toBe(201);
    const refused = await register(address.toUpperCase());
    expect(refused.res.json()).toMatchObject({
      status: 400,
      message: apiMessages.tooManyAccountsForEmail,
    });
  });

  it(`refuses an e-mail change to an address ${MAX_ACCOUNTS_PER_EMAIL} accounts already give`, async () => {
    const crowded = `crowded-${engine}@example.in`;
    for (let i = 0; i < MAX_ACCOUNTS_PER_EMAIL; i++)
      expect((await register(crowded)).res.statusCode).toBe(201);
    const own = `own-${engine}@example.in`;
    const { member } = await register(own);
    const change = (email: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/users/update/${member!.id}`,
        headers: bearer(member!),
        payload: { name: 'Verify Test', city: 'Noida', email },
      });
    const refused = await change(crowded.toUpperCase());
    expect(refused.json()).toEqual({
      status: 400,
      code: 'api.tooManyAccountsForEmail',
      message: apiMessages.tooManyAccountsForEmail,
    });
    expect((await profile(member!)).email).toBe(own);
    // Keeping one's own address (in another case) is no new account on it.
    expect((await change(own.toUpperCase())).statusCode).toBe(200);
  });
});
