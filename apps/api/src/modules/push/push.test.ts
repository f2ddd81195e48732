// Web Push end to end: devices subscribe and stop; a matching lead and a dealer's money and lead events reach a local
// push service as RFC 8291 `aes128gcm` bodies with a valid VAPID Authorization, once; a 410 drops the device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { bearer, testEngines, useMembers, useTestApp, type TestMember } from '../../test/test-app';
import { createPackage, createLeads } from '../../test/fixtures';
import { createPushSender } from './push-sender';
import { startPushWorker, type PushWorker } from './push-worker';
import {
  startLocalPushService,
  type LocalPushService,
  type TestDevice,
} from './local-push-service';

const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:push@dealerleads.test' };
const push = {
  vapid,
  workerIntervalMs: 0,
  leaseMs: 60_000,
  backoffMs: 30_000,
  maxBackoffMs: 3_600_000,
  maxAttempts: 8,
};

let phone = 0;
const submission = (overrides: Record<string, unknown> = {}) => ({
  year: 2020,
  brand: 'hyundai',
  model: 'Creta',
  ownerType: 'first',
  transmission: 'manual',
  fuelType: 'petrol',
  seats: 5,
  fullName: 'Owner Name',
  city: 'Panipat',
  phoneNumber: `6${String(204_918_273 + ++phone * 1_000_003).slice(-9)}`,
  price: 1_050_000,
  consent: true,
  ...overrides,
});

describe.each(testEngines())('web push on %s', (engine) => {
  const ctx = useTestApp(engine, { config: { push } });
  const { dealer, admin } = useMembers(ctx, { dealer: {}, admin: { role: 'Admin' } });
  let service: LocalPushService;
  let worker: PushWorker;

  beforeAll(async () => {
    service = await startLocalPushService();
    worker = startPushWorker(ctx.database, createPushSender(vapid), {
      ...push,
      intervalMs: 0,
      batch: 20,
      clock: () => new Date(),
      onError: (error) => {
        throw error;
      },
    });
  });
  afterAll(async () => {
    await worker.stop();
    await service.close();
  });

  const subscribe = (who: TestMember, body: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: body as object,
      headers: bearer(who),
    });
  const deviceOf = async (who: TestMember, path: string): Promise<TestDevice> => {
    const device = service.device(path);
    const res = await subscribe(who, { endpoint: device.endpoint, keys: device.keys });
    expect(res.statusCode, res.body).toBe(201);
    return device;
  };
  const subscriptions = () =>
    ctx.database.db.selectFrom('push_subscriptions').selectAll().execute();
  const receivedAt = (path: string) => service.received.filter((r) => r.path === path);

  it('gives out its VAPID public key to anyone', async () => {
    const res = await ctx.app.inject({ url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it('refuses a bad subscription or a visitor, storing nothing', async () => {
    for (const body of [
      {},
      { endpoint: 'not a url', keys: { p256dh: 'x'.repeat(87), auth: 'y'.repeat(22) } },
      { endpoint: `${service.origin}/x`, keys: { p256dh: 'short', auth: 'y'.repeat(22) } },
      { endpoint: `${service.origin}/x`, keys: { p256dh: 'x'.repeat(87) } },
    ]) {
      const res = await subscribe(dealer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: {
        endpoint: `${service.origin}/x`,
        keys: { p256dh: 'x'.repeat(87), auth: 'y'.repeat(22) },
      },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await subscriptions()).toEqual([]);
  });

  it('pushes a new matching lead to the dealer’s device, encrypted and signed, once', async () => {
    const device = await deviceOf(dealer, '/dealer-phone');
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'Cretas', filters: { model: 'Creta' } },
      headers: bearer(dealer),
    });
    expect(saved.statusCode).toBe(201);
    const lead = await ctx.app.inject({ method: 'POST', url: '/api/leads', payload: submission() });
    expect(lead.statusCode, lead.body).toBe(201);
    const leadId = lead.json<{ id: number }>().id;
    // A lead that matches nothing pushes nothing.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: submission({ model: 'Venue' }),
    });

    await worker.runOnce();
    expect(service.problems).toEqual([]);
    const [got, ...more] = receivedAt('/dealer-phone');
    expect(more).toEqual([]);
    expect(got!.message).toEqual({
      title: 'New lead: 2020 hyundai Creta',
      body: 'Panipat · ₹10,50,000',
      url: `/leads/${leadId}`,
      tag: `lead-${leadId}`,
    });
    expect(got!.headers['content-encoding']).toBe('aes128gcm');
    expect(got!.headers.ttl).toBe('86400');
    expect(got!.headers.urgency).toBe('high');
    expect(got!.vapidKey).toBe(vapid.publicKey);
    expect(got!.claims.aud).toBe(service.origin);
    expect(got!.claims.sub).toBe(vapid.subject);
    const now = Date.now() / 1000;
    expect(got!.claims.exp).toBeGreaterThan(now);
    expect(got!.claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
    expect(device.endpoint).toBe(`${service.origin}/dealer-phone`);

    await worker.runOnce();
    expect(receivedAt('/dealer-phone')).toHaveLength(1);
  });

  it('tells the dealer of a confirmed and a rejected payment', async () => {
    await deviceOf(dealer, '/dealer-tablet');
    const packageId = await createPackage(ctx, { credits: 4 });
    await ctx.database.db
      .updateTable('packages')
      .set({ package_price: 999 })
      .where('id', '=', packageId)
      .execute();
    const decided: string[] = [];
    for (const decision of ['confirm', 'reject'] as const) {
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { packageId },
        headers: bearer(dealer),
      });
      expect(order.statusCode, order.body).toBe(200);
      const { id, reference } = order.json<{ id: number; reference: string }>();
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/orders/${id}/${decision}`,
        // Confirming names the UTR the Admin saw: none was given for this order.
        payload: decision === 'confirm' ? { utr: null, note: 'Checked' } : { note: 'Checked' },
        headers: bearer(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      decided.push(reference);
    }
    await worker.runOnce();
    const messages = receivedAt('/dealer-tablet').map((r) => r.message);
    expect(messages).toEqual([
      expect.objectContaining({
        title: 'Payment confirmed',
        body: `Order ${decided[0]}: 4 credits added.`,
        url: '/dealers/orders',
      }),
      expect.objectContaining({ title: 'Payment not confirmed', url: '/dealers/orders' }),
    ]);
  });

  it('drops a device its push service answers 410 for, and retries one that fails', async () => {
    await deviceOf(dealer, '/gone');
    await deviceOf(dealer, '/flaky');
    service.answer.set('/gone', 410);
    service.answer.set('/flaky', 500);
    const [lead] = await createLeads(ctx, [{ brand: 'hyundai', model: 'Creta', price: 900_000 }]);
    await ctx.database.db
      .insertInto('lead_unlocks')
      .values({
        user_id: dealer.id,
        user_package_id: (
          await ctx.database.db
            .selectFrom('user_packages')
            .select('id')
            .where('user_id', '=', dealer.id)
            .executeTakeFirstOrThrow()
        ).id,
        lead_id: lead!.id,
        credit_debited: 1,
        ip_address: null,
        created_on: new Date().toISOString(),
      })
      .execute();
    const { pushLeadChanged } = await import('./push.service');
    await ctx.database.db
      .transaction()
      .execute((tx) =>
        pushLeadChanged(
          tx,
          { id: lead!.id, year: 2019, brand: 'hyundai', model: 'Creta', price: 850_000 },
          'repriced',
        ),
      );
    await worker.runOnce();
    expect(receivedAt('/gone')).toHaveLength(1);
    expect(receivedAt('/flaky')).toHaveLength(1);
    const endpoints = (await subscriptions()).map((s) => s.endpoint);
    expect(endpoints).not.toContain(`${service.origin}/gone`);
    expect(endpoints).toContain(`${service.origin}/flaky`);
    const rows = await ctx.database.db
      .selectFrom('push_outbox as o')
      .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
      .select(['s.endpoint', 'o.status', 'o.attempts', 'o.last_error'])
      .where('o.idempotency_key', 'like', `lead-${lead!.id}-price-850000-sub-%`)
      .orderBy('o.id')
      .execute();
    expect(
      rows.map((row) => [
        row.endpoint.slice(service.origin.length),
        row.status,
        Number(row.attempts),
        row.last_error,
      ]),
    ).toEqual([
      ['/dealer-phone', 'sent', 1, null],
      ['/dealer-tablet', 'sent', 1, null],
      ['/flaky', 'pending', 1, 'The push service answered 500'],
    ]);
    expect(receivedAt('/dealer-phone').at(-1)!.message).toMatchObject({
      title: 'Price changed',
      body: '2019 hyundai Creta is now ₹8,50,000.',
    });
  });

  it('stops pushing to a device that unsubscribes', async () => {
    const device = await deviceOf(dealer, '/old-phone');
    const stop = () =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/api/push/subscriptions',
        payload: { endpoint: device.endpoint },
        headers: bearer(dealer),
      });
    expect((await stop()).statusCode).toBe(204);
    expect((await subscriptions()).map((s) => s.endpoint)).not.toContain(device.endpoint);
    const again = await stop();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ status: 404, message: 'This device is not subscribed.' });
  });
});
