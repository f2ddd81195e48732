// The SMS outbox worker on each engine: two workers on their own connections to one database (two API processes)
// send every text exactly once; a worker that dies holding a text loses it to another once its lease ends; a provider
// that fails is tried again with backoff until it takes the text, and a text is given up after the last attempt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { claimOutboxRow, finishOutboxRow } from '../../db/outbox';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-app';
import { queueSms, smsDelivery, startSmsWorker, type SmsDelivery } from './sms.service';
import { twilioSmsSender } from './sms-sender';
import { startFakeTwilio, type FakeProvider } from '../../test/fake-sms-providers';

const SID = `AC${'fedcba9876543210'.repeat(2)}`;
const TOKEN = 'worker-test-token-0123456789';
const POLICY = { leaseMs: 60_000, backoffMs: 30_000, maxBackoffMs: 600_000, maxAttempts: 3 };

describe.each(testEngines())('SMS worker on %s', (engine) => {
  let testDb: TestDatabase;
  let second: DatabaseHandle;
  let fake: FakeProvider;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    second = openDatabase(testDb.config);
    fake = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
  });
  afterAll(async () => {
    await fake.stop();
    await second.close();
    await testDb.drop();
  });

  const delivery = (): SmsDelivery =>
    smsDelivery(
      twilioSmsSender({ url: fake.url, accountSid: SID, authToken: TOKEN, from: '+15005550006' }),
      POLICY,
    );
  const worker = (database: DatabaseHandle, d: SmsDelivery, at: () => Date) =>
    startSmsWorker(database, d, {
      intervalMs: 0,
      batch: 7,
      clock: at,
      onError: (error) => {
        throw error;
      },
    });
  const queue = async (key: string, now: Date) =>
    (await queueSms(
      testDb.handle.db,
      {
        idempotencyKey: key,
        phone: '9876501234',
        body: `text ${key}`,
        template: 'verify',
        vars: { otp: key, minutes: '10' },
      },
      now,
    ))!;
  const rowOf = (id: number) =>
    testDb.handle.db
      .selectFrom('sms_outbox')
      .select(['status', 'attempts', 'claimed_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('two workers on their own connections send each of 40 texts exactly once', async () => {
    const now = new Date('2026-11-28T09:00:00Z');
    const keys = Array.from({ length: 40 }, (_, i) => `race-${i}`);
    for (const key of keys) await queue(key, now);
    const before = fake.accepted.length;
    const a = worker(testDb.handle, delivery(), () => now);
    const b = worker(second, delivery(), () => now);
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    const sent = fake.accepted.slice(before).map((m) => m.text);
    expect(sent.toSorted()).toEqual(keys.map((k) => `text ${k}`).toSorted());
    const rows = await testDb.handle.db
      .selectFrom('sms_outbox')
      .select(['status', 'attempts', 'claimed_by'])
      .where('idempotency_key', 'like', 'race-%')
      .execute();
    expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
    // Both took part (a race, not one worker after the other): the rows are split between the two workers' ids.
    expect(new Set(rows.map((r) => r.claimed_by)).size).toBe(2);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a text held by a worker that died goes out once its lease has ended, and the dead worker cannot mark it', async () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const id = await queue('crash', now);
    // The dead worker claimed it and never finished.
    expect(
      (await claimOutboxRow(testDb.handle.db, 'sms_outbox', 'dead', id, now, 60_000))?.attempts,
    ).toBe(1);
    let clock = new Date(now.getTime() + 59_000);
    const alive = worker(second, delivery(), () => clock);
    const before = fake.accepted.length;
    await alive.runOnce();
    expect(fake.accepted.length).toBe(before);
    clock = new Date(now.getTime() + 60_000);
    await alive.runOnce();
    expect(fake.accepted.slice(before).map((m) => m.text)).toEqual(['text crash']);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await finishOutboxRow(testDb.handle.db, 'sms_outbox', 'dead', id, 'sent', clock)).toBe(
      false,
    );
    await alive.stop();
  });

  it('a provider that fails twice then takes the text: sent on the third attempt, after 30 s then 60 s', async () => {
    const now = new Date('2026-11-28T11:00:00Z');
    const id = await queue('flaky', now);
    let clock = now;
    const w = worker(testDb.handle, delivery(), () => clock);
    fake.failNext(500, 2);
    const before = fake.accepted.length;
    await w.runOnce();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });
    clock = new Date(now.getTime() + 30_000);
    await w.runOnce();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 2 });
    clock = new Date(now.getTime() + 30_000 + 59_000);
    await w.runOnce();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 2 });
    clock = new Date(now.getTime() + 30_000 + 60_000);
    await w.runOnce();
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(fake.accepted.slice(before).map((m) => m.text)).toEqual(['text flaky']);
    await w.stop();
  });

  it('gives a text up after the last attempt and never sends it', async () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const id = await queue('down', now);
    let clock = now;
    const w = worker(testDb.handle, delivery(), () => clock);
    fake.failNext(503, 3);
    for (const after of [0, 30_000, 90_000]) {
      clock = new Date(now.getTime() + after);
      await w.runOnce();
    }
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 3 });
    const requests = fake.requests.length;
    clock = new Date(now.getTime() + 86_400_000);
    await w.runOnce();
    expect(fake.requests.length).toBe(requests);
    await w.stop();
  });
});
