// The Kysely code of Web Push: each device's subscription, and the push outbox (one row per message per device) that
// the worker claims under the lease every outbox shares (db/outbox.ts).
import type { Queryable } from '../../db/database';
import { claimOutboxRow } from '../../db/outbox';

export interface PushMessage {
  title: string;
  body: string;
  /** The app's page the notification opens. */
  url: string;
}

export interface ClaimedPush {
  id: number;
  idempotencyKey: string;
  payload: string;
  attempts: number;
  subscription: { id: number; endpoint: string; p256dh: string; auth: string };
}

/** Stores a device's subscription for `userId`; a device subscribing again (same endpoint) gets the new keys and owner. */
export async function saveSubscription(
  db: Queryable,
  userId: number,
  sub: { endpoint: string; p256dh: string; auth: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, ...sub, created_on: now.toISOString() })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: sub.p256dh, auth: sub.auth }),
    )
    .execute();
}

/** Removes the caller's subscription of that endpoint; whether there was one. */
export async function deleteSubscription(
  db: Queryable,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The push service said the device is gone (404/410): it gets nothing more (its pending rows go with it). */
export async function dropSubscription(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** One outbox row per device of `userIds`, keyed `<eventKey>-sub-<id>`: queued once, however often the event repeats. */
export async function queueForUsers(
  db: Queryable,
  userIds: readonly number[],
  eventKey: string,
  message: PushMessage,
  now: Date,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const devices = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  if (devices.length === 0) return 0;
  const at = now.toISOString();
  const payload = JSON.stringify({ ...message, tag: eventKey });
  await db
    .insertInto('push_outbox')
    .values(
      devices.map((device) => ({
        idempotency_key: `${eventKey}-sub-${device.id}`,
        subscription_id: device.id,
        payload,
        next_attempt_at: at,
        created_on: at,
      })),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return devices.length;
}

/**
 * Claims one row for `workerId` under the outbox lease (db/outbox.ts), with the device it goes to; undefined when
 * another worker holds it, or when the device is gone.
 */
export async function claimPush(
  db: Queryable,
  workerId: string,
  id: number,
  now: Date,
  leaseMs: number,
): Promise<ClaimedPush | undefined> {
  const row = await claimOutboxRow(db, 'push_outbox', workerId, id, now, leaseMs, [
    'id',
    'idempotency_key',
    'payload',
    'subscription_id',
  ]);
  if (!row) return undefined;
  const sub = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', row.subscription_id)
    .executeTakeFirst();
  if (!sub) return undefined;
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    payload: row.payload,
    attempts: row.attempts,
    subscription: sub,
  };
}
