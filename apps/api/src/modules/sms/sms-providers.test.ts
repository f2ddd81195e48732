// The MSG91 and Twilio adapters over real HTTP against local servers that speak each provider's API: the request's
// shape and auth, and through the outbox on each engine — a 5xx and a network error are tried again, a 4xx is not.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-app';
import {
  PermanentSmsError,
  deliverSms,
  queueSms,
  smsDelivery,
  type SmsMessage,
  type SmsSender,
} from './sms.service';
import { msg91SmsSender, twilioSmsSender } from './sms-sender';
import { startFakeMsg91, startFakeTwilio, type FakeProvider } from '../../test/fake-sms-providers';

const AUTH_KEY = '412345AbCdEfGh0123456789';
const TEMPLATES = {
  verify: '6650f00dverify',
  'owner-link': '6650f00dlink',
  reset: '6650f00dreset',
  'reset-accounts': '6650f00daccounts',
};
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-auth-token-0123456789abcdef';

const codeText: SmsMessage = {
  to: '9876543210',
  body: '123456 is your DealerLeads code to verify your mobile number.',
  template: 'verify',
  vars: { otp: '123456', minutes: '10' },
};

/** A port nothing listens on: the connection is refused, as when the provider cannot be reached. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

interface ProviderCase {
  name: 'msg91' | 'twilio';
  start(): Promise<FakeProvider>;
  sender(url: string, wrongCredentials?: boolean): SmsSender;
}

const PROVIDERS: ProviderCase[] = [
  {
    name: 'msg91',
    start: () =>
      startFakeMsg91({
        authKey: AUTH_KEY,
        templates: {
          [TEMPLATES.verify]: ['otp', 'minutes'],
          [TEMPLATES['owner-link']]: ['link'],
          [TEMPLATES.reset]: ['otp', 'minutes', 'user'],
          [TEMPLATES['reset-accounts']]: ['names'],
        },
      }),
    sender: (url, wrong = false) =>
      msg91SmsSender({ url, authKey: wrong ? 'not-the-key' : AUTH_KEY, templates: TEMPLATES }),
  },
  {
    name: 'twilio',
    start: () => startFakeTwilio({ accountSid: SID, authToken: TOKEN }),
    sender: (url, wrong = false) =>
      twilioSmsSender({
        url,
        accountSid: SID,
        authToken: wrong ? 'wrong-token' : TOKEN,
        from: '+15005550006',
      }),
  },
];

describe('MSG91 adapter', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await PROVIDERS[0]!.start();
  });
  afterAll(() => fake.stop());

  it('posts the flow request: authkey header, the template id, the number with 91 and the variables', async () => {
    await PROVIDERS[0]!.sender(fake.url).send(codeText, new Date());
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/v5/flow');
    expect(request.headers.authkey).toBe(AUTH_KEY);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      template_id: TEMPLATES.verify,
      short_url: '0',
      recipients: [{ mobiles: '919876543210', otp: '123456', minutes: '10' }],
    });
    expect(fake.accepted.at(-1)).toEqual({ to: '919876543210', text: 'otp=123456&minutes=10' });
  });

  it('sends the owner-link text with its own template', async () => {
    await PROVIDERS[0]!.sender(fake.url).send(
      {
        to: '9123456780',
        body: 'link text',
        template: 'owner-link',
        vars: { link: 'https://x/o/abc' },
      },
      new Date(),
    );
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({
      template_id: TEMPLATES['owner-link'],
      recipients: [{ mobiles: '919123456780', link: 'https://x/o/abc' }],
    });
  });

  it('a wrong authkey (401) and a template MSG91 does not know (200, type error) are refused for good', async () => {
    await expect(PROVIDERS[0]!.sender(fake.url, true).send(codeText, new Date())).rejects.toThrow(
      PermanentSmsError,
    );
    const unknownTemplate = msg91SmsSender({
      url: fake.url,
      authKey: AUTH_KEY,
      templates: { verify: 'nope', 'owner-link': 'nope', reset: 'nope', 'reset-accounts': 'nope' },
    });
    await expect(unknownTemplate.send(codeText, new Date())).rejects.toThrow(PermanentSmsError);
  });
});

describe('Twilio adapter', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await PROVIDERS[1]!.start();
  });
  afterAll(() => fake.stop());

  it('posts a form to the account Messages resource with basic auth: To in +91, From and Body', async () => {
    await PROVIDERS[1]!.sender(fake.url).send(codeText, new Date());
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    );
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      To: '+919876543210',
      From: '+15005550006',
      Body: codeText.body,
    });
  });

  it('a Messaging Service SID goes as MessagingServiceSid', async () => {
    const service = `MG${'a'.repeat(32)}`;
    await twilioSmsSender({ url: fake.url, accountSid: SID, authToken: TOKEN, from: service }).send(
      codeText,
      new Date(),
    );
    const form = new URLSearchParams(fake.requests.at(-1)!.body);
    expect(form.get('MessagingServiceSid')).toBe(service);
    expect(form.has('From')).toBe(false);
  });

  it('wrong credentials (401, code 20003) are refused for good', async () => {
    const error = await PROVIDERS[1]!
      .sender(fake.url, true)
      .send(codeText, new Date())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentSmsError);
    expect(String(error)).toContain('20003');
  });
});

describe.each(testEngines())('SMS adapters through the outbox on %s', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
  });
  afterAll(() => testDb.drop());

  let sequence = 0;
  const queue = async (now: Date) => {
    sequence += 1;
    const id = await queueSms(
      testDb.handle.db,
      {
        idempotencyKey: `test-${sequence}`,
        phone: '9876543210',
        body: codeText.body,
        template: 'verify',
        vars: codeText.vars,
      },
      now,
    );
    return id!;
  };
  const rowOf = (id: number) =>
    testDb.handle.db
      .selectFrom('sms_outbox')
      .select(['status', 'attempts', 'last_error', 'next_attempt_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  for (const provider of PROVIDERS) {
    describe(provider.name, () => {
      let fake: FakeProvider;
      beforeAll(async () => {
        fake = await provider.start();
      });
      afterAll(() => fake.stop());

      it('a 5xx leaves the text pending with a backoff, and the next attempt sends it', async () => {
        const delivery = smsDelivery(provider.sender(fake.url));
        const now = new Date('2026-11-28T10:00:00Z');
        const id = await queue(now);
        fake.failNext(503);
        const before = fake.accepted.length;
        expect(await deliverSms(testDb.handle, delivery, id, now)).toBe('pending');
        const failed = await rowOf(id);
        expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
        expect(failed.last_error).toContain('503');
        expect(new Date(failed.next_attempt_at).getTime()).toBe(now.getTime() + 30_000);
        // Not due before its backoff has passed.
        expect(await deliverSms(testDb.handle, delivery, id, new Date(now.getTime() + 1000))).toBe(
          'busy',
        );
        expect(
          await deliverSms(testDb.handle, delivery, id, new Date(now.getTime() + 30_000)),
        ).toBe('sent');
        expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
        expect(fake.accepted.length - before).toBe(1);
      });

      it('a 4xx fails the text at once and it is never sent again', async () => {
        const delivery = smsDelivery(provider.sender(fake.url));
        const now = new Date('2026-11-28T11:00:00Z');
        const id = await queue(now);
        fake.failNext(400);
        const requests = fake.requests.length;
        expect(await deliverSms(testDb.handle, delivery, id, now)).toBe('failed');
        expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1 });
        expect(
          await deliverSms(testDb.handle, delivery, id, new Date(now.getTime() + 86_400_000)),
        ).toBe('busy');
        expect(fake.requests.length - requests).toBe(1);
      });

      it('a provider that cannot be reached is tried again', async () => {
        const delivery = smsDelivery(provider.sender(await closedPort()));
        const now = new Date('2026-11-28T12:00:00Z');
        const id = await queue(now);
        expect(await deliverSms(testDb.handle, delivery, id, now)).toBe('pending');
        const row = await rowOf(id);
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
        expect(row.last_error).toContain('no answer');
        const reachable = smsDelivery(provider.sender(fake.url));
        expect(
          await deliverSms(testDb.handle, reachable, id, new Date(now.getTime() + 30_000)),
        ).toBe('sent');
      });
    });
  }
});
