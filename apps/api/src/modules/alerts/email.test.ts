// Alert mails on each engine with a real SMTP server (smtp-server, in this process): the outbox row written with the
// notification, instant mails and their content, retries with backoff, daily digests, unsubscribe links, changing a
// search's mode, the .eml fallback, approvals after moderation, and two app instances plus a crash mid-send.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInIndia, type SavedSearch, type UnsubscribeResult } from '@dealerleads/shared';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { dueOutboxIds } from '../../db/outbox';
import {
  bearer,
  createMember,
  createTestAppOn,
  createTestDatabase,
  json,
  TEST_JWT_SECRET,
  testConfig,
  testEngines,
  type TestContext,
  type TestMember,
} from '../../test/test-app';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { composeMail, type MailSettings } from './alert-mail';
import { claimMail, digestDayDue, indiaDayBounds, instantKey } from './email-outbox';
import {
  createMailTransport,
  startEmailWorker,
  type EmailWorker,
  type EmailWorkerOptions,
} from './email-worker';
import { submission } from './alerts-test-helpers';
import { unsubscribeTokenOf } from './unsubscribe-token';

const settings: MailSettings = {
  from: 'DealerLeads <alerts@dealerleads.test>',
  publicUrl: 'http://dealerleads.test',
  secret: TEST_JWT_SECRET,
  dailyCapPerAddress: 50,
};
const BACKOFF_MS = 60_000;

describe('digest timing', () => {
  it("builds the previous India day's digest from 08:00 India time", () => {
    // 02:29 UTC is 07:59 in India: nothing due yet; 02:30 UTC is 08:00.
    expect(digestDayDue(new Date('2026-11-24T02:29:00Z'))).toBeUndefined();
    expect(digestDayDue(new Date('2026-11-24T02:30:00Z'))).toBe('2026-11-23');
    expect(digestDayDue(new Date('2026-11-24T12:00:00Z'))).toBe('2026-11-23');
    // 01:30 in India on the 25th: the 24th's digest waits for 08:00.
    expect(digestDayDue(new Date('2026-11-24T20:00:00Z'))).toBeUndefined();
    expect(indiaDayBounds('2026-11-23')).toEqual({
      from: '2026-11-22T18:30:00.000Z',
      to: '2026-11-23T18:30:00.000Z',
    });
  });
});

describe.each(testEngines())('alert mails on %s', (engine) => {
  let ctx: TestContext;
  let sink: SmtpSink;
  let dealer: TestMember;
  let admin: TestMember;
  let now = Date.now();
  const clock = () => new Date(now);
  const workers: EmailWorker[] = [];

  function worker(
    overrides: Partial<EmailWorkerOptions> = {},
    transport = createMailTransport({ smtpUrl: sink.url, outboxDir: '' }),
  ): EmailWorker {
    const started = startEmailWorker(ctx.database, transport, settings, {
      intervalMs: 0,
      leaseMs: 120_000,
      backoffMs: BACKOFF_MS,
      maxBackoffMs: 3_600_000,
      maxAttempts: 8,
      batch: 20,
      clock,
      onError: (error) => {
        throw error;
      },
      ...overrides,
    });
    workers.push(started);
    return started;
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestAppOn(await createTestDatabase(engine));
    dealer = await createMember(ctx);
    admin = await createMember(ctx, { role: 'Admin' });
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await ctx.close();
    await sink.close();
  });

  const save = async (who: TestMember, payload: Record<string, unknown>) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload,
      headers: bearer(who),
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<SavedSearch>(res);
  };
  const submit = async (payload: Record<string, unknown>) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/leads', payload });
    expect(res.statusCode, res.body).toBe(201);
    // The workers' clock never runs behind the rows just queued.
    now = Math.max(now, Date.now() + 1);
    return (res.json() as { id: number }).id;
  };
  const outbox = (where: { user?: number; lead?: number } = {}) => {
    let q = ctx.database.db.selectFrom('email_outbox').selectAll();
    if (where.user !== undefined) q = q.where('user_id', '=', where.user);
    if (where.lead !== undefined) q = q.where('lead_id', '=', where.lead);
    return q.orderBy('id').execute();
  };
  const modeOf = async (id: number) =>
    (
      await ctx.database.db
        .selectFrom('saved_searches')
        .select('email_mode')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).email_mode;

  it('queues an instant mail with the notification and sends it once, with the car, ₹ price, links and Message-ID', async () => {
    const instant = await save(dealer, {
      name: 'Cretas in Panipat',
      filters: { model: 'Creta', city: 'Panipat' },
      emailMode: 'instant',
    });
    const daily = await save(dealer, {
      name: 'Any Creta',
      filters: { model: 'Creta' },
      emailMode: 'daily',
    });
    const off = await save(dealer, {
      name: 'Hyundai, no mail',
      filters: { brand: 'hyundai' },
      emailMode: 'off',
    });
    const leadId = await submit(submission({ varient: 'SX' }));
    // Three notifications, one outbox row: only the instant search mails at once.
    const notified = await ctx.database.db
      .selectFrom('notifications')
      .select('saved_search_id')
      .where('lead_id', '=', leadId)
      .execute();
    expect(notified.map((n) => n.saved_search_id).sort()).toEqual(
      [instant.id, daily.id, off.id].sort(),
    );
    const rows = await outbox({ lead: leadId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      idempotency_key: instantKey(leadId, instant.id),
      kind: 'instant',
      status: 'pending',
      attempts: 0,
      user_id: dealer.id,
    });

    const w = worker();
    const before = sink.mails.length;
    await w.runOnce();
    await w.runOnce();
    expect(sink.mails.length - before).toBe(1);
    const mail = sink.mails.at(-1)!;
    expect(mail.to).toEqual([`${dealer.userName}@example.in`]);
    expect(mail.messageId).toBe(`<lead-${leadId}-search-${instant.id}@dealerleads.test>`);
    expect(mail.subject).toBe('New lead: 2019 Hyundai Creta SX in Panipat, ₹10,50,000');
    expect(mail.text).toContain('A new lead matches your saved search "Cretas in Panipat"');
    expect(mail.text).toContain('2019 Hyundai Creta SX, Panipat, ₹10,50,000');
    expect(mail.text).toContain(`http://dealerleads.test/leads/${leadId}`);
    expect(mail.html).toContain('<strong>2019 Hyundai Creta SX</strong>, Panipat, ₹10,50,000');
    const token = await unsubscribeTokenOf(ctx.database.db, TEST_JWT_SECRET, {
      kind: 's',
      savedSearchId: instant.id,
    });
    const unsubscribeUrl = `http://dealerleads.test/api/unsubscribe?token=${token}`;
    expect(mail.text).toContain(unsubscribeUrl);
    const headers = mail.headers.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const [row] = await outbox({ lead: leadId });
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row!.sent_on).not.toBeNull();
  });

  it('retries a refused mail with exponential backoff, then gives up after the last attempt', async () => {
    const buyer = await createMember(ctx);
    await save(buyer, { name: 'Nexons in Karnal', filters: { model: 'Nexon', city: 'Karnal' } });
    const nexon = { brand: 'tata', model: 'Nexon', city: 'Karnal' };
    const leadId = await submit(submission(nexon));
    const w = worker({ maxAttempts: 3 });
    sink.refuseNext(2);
    const before = sink.mails.length;
    const start = now;

    await w.runOnce();
    let [row] = await outbox({ lead: leadId });
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/451/);
    expect(Date.parse(row!.next_attempt_at)).toBe(start + BACKOFF_MS);
    // Not due yet: nothing is tried.
    await w.runOnce();
    expect((await outbox({ lead: leadId }))[0]!.attempts).toBe(1);

    now = start + BACKOFF_MS;
    await w.runOnce();
    [row] = await outbox({ lead: leadId });
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Date.parse(row!.next_attempt_at)).toBe(now + 2 * BACKOFF_MS);
    expect(sink.mails.length).toBe(before);

    now += 2 * BACKOFF_MS;
    await w.runOnce();
    [row] = await outbox({ lead: leadId });
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sink.mails.length - before).toBe(1);
    expect(sink.mails.at(-1)!.subject).toContain('Tata Nexon in Karnal');

    // A mail refused every time ends as failed after maxAttempts, and is not tried again.
    const other = await submit(submission(nexon));
    sink.refuseNext(100);
    for (let i = 0; i < 5; i++) {
      await w.runOnce();
      now += 3_600_000;
    }
    sink.refuseNext(0);
    [row] = await outbox({ lead: other });
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(sink.mails.length - before).toBe(1);
  });

  it("sends one daily digest per dealer with the day's matches, from 08:00 India time, once", async () => {
    const reader = await createMember(ctx);
    await save(reader, {
      name: 'Seltos anywhere',
      filters: { model: 'Seltos' },
      emailMode: 'daily',
    });
    await save(reader, {
      name: 'Kia in Meerut',
      filters: { brand: 'kia', city: 'Meerut' },
      emailMode: 'daily',
    });
    const seltos = { brand: 'kia', model: 'Seltos', city: 'Meerut' };
    const first = await submit(submission({ ...seltos, price: 1_450_000 }));
    const second = await submit(submission({ ...seltos, year: 2021, price: 1_675_000 }));
    expect(await outbox({ user: reader.id })).toHaveLength(0);

    const day = todayInIndia(new Date());
    const w = worker();
    // 07:59 of the next India day: not yet.
    const nextDayStart = Date.parse(indiaDayBounds(day).to);
    now = nextDayStart + 7 * 3_600_000 + 59 * 60_000;
    await w.runOnce();
    expect(await outbox({ user: reader.id })).toHaveLength(0);

    now = nextDayStart + 8 * 3_600_000 + 60_000;
    const before = sink.mails.length;
    await w.runOnce();
    await w.runOnce();
    // Another process builds the same day again: still one row, one mail.
    await worker().runOnce();
    const rows = await outbox({ user: reader.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'digest',
      idempotency_key: `digest-${reader.id}-${day}`,
      status: 'sent',
    });
    const digests = sink.mails.slice(before).filter((m) => m.to[0]?.startsWith(reader.userName));
    expect(digests).toHaveLength(1);
    const mail = digests[0]!;
    expect(mail.subject).toBe(`Your daily leads for ${day}: 2 new leads`);
    // Each lead once, under one of the searches it matched.
    expect(mail.text).toMatch(
      new RegExp(
        `^2019 Kia Seltos, Meerut, ₹14,50,000 \\((Seltos anywhere|Kia in Meerut)\\): http://dealerleads\\.test/leads/${first}$`,
        'm',
      ),
    );
    expect(mail.text.match(/Kia Seltos/g)).toHaveLength(2);
    expect(mail.text).toContain(`2021 Kia Seltos, Meerut, ₹16,75,000`);
    expect(mail.text).toContain(`/leads/${second}`);
    expect(mail.messageId).toBe(`<digest-${reader.id}-${day}@dealerleads.test>`);

    // The digest's link turns every daily search of the dealer off (with the one-click POST).
    const link = /Stop daily e-mails: (\S+)/.exec(mail.text)![1]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: link.replace('http://dealerleads.test', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<UnsubscribeResult>(res).savedSearches.sort()).toEqual([
      'Kia in Meerut',
      'Seltos anywhere',
    ]);
  });

  it('changes a saved search’s e-mail mode with PUT, for its owner only', async () => {
    const owner = await createMember(ctx);
    const stranger = await createMember(ctx);
    const search = await save(owner, { name: 'Citys', filters: { model: 'City' } });
    const put = (who: TestMember, id: number, payload: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/saved-searches/${id}`,
        payload: payload as object,
        headers: bearer(who),
      });
    let res = await put(owner, search.id, { emailMode: 'daily' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<SavedSearch>(res)).toMatchObject({ emailMode: 'daily', name: 'Citys' });
    res = await put(owner, search.id, { name: ' Honda City ' });
    expect(json<SavedSearch>(res)).toMatchObject({ emailMode: 'daily', name: 'Honda City' });
    expect((await put(stranger, search.id, { emailMode: 'off' })).statusCode).toBe(403);
    expect((await put(owner, 99_999_999, { emailMode: 'off' })).statusCode).toBe(404);
    res = await put(owner, search.id, { emailMode: 'hourly' });
    expect(res.statusCode).toBe(400);
    expect((await put(owner, search.id, { name: '' })).statusCode).toBe(400);
    expect(await modeOf(search.id)).toBe('daily');
  });

  it('writes .eml files named by the key under the outbox folder when there is no SMTP server', async () => {
    const reader = await createMember(ctx);
    const search = await save(reader, {
      name: 'Venues in Sonipat',
      filters: { model: 'Venue', city: 'Sonipat' },
    });
    const leadId = await submit(submission({ model: 'Venue', city: 'Sonipat', price: 899_000 }));
    const dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-outbox-'));
    try {
      const w = worker({}, createMailTransport({ outboxDir: dir }));
      await w.runOnce();
      await w.stop();
      const file = path.join(dir, `${instantKey(leadId, search.id)}.eml`);
      expect(existsSync(file)).toBe(true);
      const raw = readFileSync(file, 'utf8');
      expect(raw).toContain(`Message-ID: <lead-${leadId}-search-${search.id}@dealerleads.test>`);
      expect(raw).toMatch(/^Subject: /m);
      expect(raw.replace(/\n[ \t]+/g, ' ')).toContain(
        'List-Unsubscribe: <http://dealerleads.test/api/unsubscribe?token=s',
      );
      expect((await outbox({ lead: leadId }))[0]).toMatchObject({ status: 'sent' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('alerts saved searches when an Admin approves a held lead, not when it was submitted', async () => {
    const reader = await createMember(ctx);
    const search = await save(reader, {
      name: 'Brezzas in Noida',
      filters: { model: 'Brezza', city: 'Noida' },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: submission({
        brand: 'maruti_suzuki',
        model: 'Brezza',
        fuelType: 'diesel',
        city: 'Noida',
        phoneNumber: '6666666666',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const leadId = (res.json() as { id: number; status: boolean }).id;
    expect((res.json() as { status: boolean }).status).toBe(false);
    const notifications = () =>
      ctx.database.db
        .selectFrom('notifications')
        .select('saved_search_id')
        .where('lead_id', '=', leadId)
        .execute();
    expect(await notifications()).toHaveLength(0);
    expect(await outbox({ lead: leadId })).toHaveLength(0);

    const approved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/moderation/${leadId}/approve`,
      headers: bearer(admin),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await notifications()).toEqual([{ saved_search_id: search.id }]);
    expect(await outbox({ lead: leadId })).toMatchObject([
      { idempotency_key: instantKey(leadId, search.id), status: 'pending' },
    ]);
  });
});

describe.each(testEngines())('two app instances and a crash mid-send on %s', (engine) => {
  const MAILS = 12;
  // Long enough that a send on a loaded machine never outlives its lease; the crashed mail waits it out once.
  const LEASE_MS = 4_000;
  let sink: SmtpSink;
  let first: TestContext;
  let second: { close(): Promise<void> } | undefined;
  let secondHandle: DatabaseHandle | undefined;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await sink.close();
  });

  it('delivers every mail, none twice between the two workers; a mail accepted before a crash goes again with the same Message-ID', async () => {
    const testDb = await createTestDatabase(engine);
    // Both instances run their worker every 50 ms against the same SMTP server, each logged in under its own name.
    const mail = (user: string) => ({
      ...testConfig(testDb.config).mail,
      smtpUrl: sink.url.replace('smtp://', `smtp://${user}:pw@`),
      workerIntervalMs: 50,
      leaseMs: LEASE_MS,
      backoffMs: 100,
    });
    first = await createTestAppOn(testDb);
    const dealer = await createMember(first);
    const saved = await first.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'Thars', filters: { model: 'Thar' }, emailMode: 'instant' },
      headers: bearer(dealer),
    });
    const searchId = (saved.json() as { id: number }).id;
    for (let i = 0; i < MAILS; i++) {
      const res = await first.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: submission({
          brand: 'mahindra',
          model: 'Thar',
          fuelType: 'diesel',
          seats: 4,
          city: 'Gurugram',
          // One price: a rising series would leave the market guide's range and be held for moderation.
          price: 1_200_000,
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    // A worker claims one mail, the SMTP server accepts it, and the process dies before marking it sent.
    const { db } = first.database;
    const [crashedId] = await dueOutboxIds(db, 'email_outbox', new Date(), 1);
    const crashed = await claimMail(db, engine, 'crashed-worker', crashedId!, new Date(), LEASE_MS);
    const composed = await composeMail(db, crashed!, settings);
    const crashTransport = createMailTransport({ smtpUrl: sink.url, outboxDir: '' });
    await crashTransport.send(
      {
        from: settings.from,
        to: composed!.to,
        subject: composed!.subject,
        text: composed!.text,
        html: composed!.html,
        messageId: `<${crashed!.idempotencyKey}@dealerleads.test>`,
        headers: {},
      },
      crashed!.idempotencyKey,
    );
    crashTransport.close();
    expect(sink.mails).toHaveLength(1);

    // Two app instances on the one database, each with its worker.
    await first.app.close();
    const firstHandle = openDatabase(testDb.config);
    secondHandle = openDatabase(testDb.config);
    const apps = await Promise.all(
      [
        { handle: firstHandle, user: 'first' },
        { handle: secondHandle, user: 'second' },
      ].map(async ({ handle, user }) => {
        const built = await buildApp(testConfig(testDb.config, { mail: mail(user) }), {
          database: handle,
          logger: false,
        });
        await built.app.ready();
        return built.app;
      }),
    );
    second = {
      close: async () => {
        await Promise.all(apps.map((a) => a.close()));
        await firstHandle.close();
        await secondHandle?.close();
        await testDb.drop();
      },
    };
    first = { ...first, close: async () => undefined };

    // Every mail once, plus the crashed one again once its lease expired.
    await sink.waitFor(MAILS + 1, 30_000);
    const sentCount = async () =>
      Number(
        (
          await firstHandle.db
            .selectFrom('email_outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'sent')
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let i = 0; i < 50 && (await sentCount()) < MAILS; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await sentCount()).toBe(MAILS);
    // Give both workers a few more ticks: nothing more arrives.
    await new Promise((r) => setTimeout(r, 300));
    const counts = sink.countsByMessageId();
    expect(counts.size).toBe(MAILS);
    expect(sink.mails).toHaveLength(MAILS + 1);
    const crashedMessageId = `<${crashed!.idempotencyKey}@dealerleads.test>`;
    for (const [messageId, n] of counts)
      expect(n, messageId).toBe(messageId === crashedMessageId ? 2 : 1);
    const rows = await firstHandle.db.selectFrom('email_outbox').selectAll().execute();
    expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(MAILS);
    expect(rows.every((r) => r.saved_search_id === searchId)).toBe(true);
    const crashedRow = rows.find((r) => r.id === crashed!.id)!;
    expect(crashedRow.attempts).toBe(2);
    expect(crashedRow.claimed_by).not.toBe('crashed-worker');
  });
});
