// A code through a real provider, through the app on each engine: SMS_PROVIDER=twilio sends the code to the provider's
// API; when the provider is down the answer is 503, the text stays queued, and the worker sends it once it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestContext } from '../../test/test-app';
import type { SmsConfig } from '../../config';
import { createSmsSender, smsDelivery, startSmsWorker } from '../sms/sms.service';
import { startFakeTwilio, type FakeProvider } from '../../test/fake-sms-providers';
import { smsDownMessage } from './phone-verifications.service';

const SID = `AC${'1234567890abcdef'.repeat(2)}`;
const TOKEN = 'app-test-token-0123456789';

describe.each(testEngines())('codes through Twilio on %s', (engine) => {
  let fake: FakeProvider;
  let ctx: TestContext;
  let sms: SmsConfig;
  let now = new Date('2026-11-28T07:00:00Z').getTime();
  beforeAll(async () => {
    fake = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
    sms = {
      provider: 'twilio',
      url: fake.url,
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
    };
    ctx = await createTestApp(engine, { sms });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });
  const start = (phoneNumber: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/phone-verifications', payload: { phoneNumber } });

  it('sends the code to the provider at once', async () => {
    const res = await start('9876512340');
    expect(res.statusCode, res.body).toBe(201);
    expect(fake.accepted.at(-1)).toMatchObject({ to: '+919876512340' });
    expect(fake.accepted.at(-1)!.text).toMatch(/^\d{6} is your DealerLeads code/);
  });

  it('answers 503 while the provider is down, and the worker sends the queued code later', async () => {
    fake.failNext(503);
    const res = await start('9876512341');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: smsDownMessage });
    const row = await ctx.database.db
      .selectFrom('sms_outbox')
      .select(['id', 'status', 'attempts', 'next_attempt_at'])
      .where('phone_number', '=', '9876512341')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });

    now = new Date(row.next_attempt_at).getTime();
    const worker = startSmsWorker(ctx.database, smsDelivery(createSmsSender(sms)), {
      intervalMs: 0,
      batch: 10,
      clock: () => new Date(now),
      onError: (error) => {
        throw error;
      },
    });
    await worker.runOnce();
    await worker.stop();
    expect(fake.accepted.at(-1)).toMatchObject({ to: '+919876512341' });
    expect(
      await ctx.database.db
        .selectFrom('sms_outbox')
        .select(['status', 'attempts'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
