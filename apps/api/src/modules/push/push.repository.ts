// The Kysely code of Web Push: each device's subscription, and the push outbox (one row per message per device) that
// the worker claims under a lease, as the e-mail outbox does (modules/alerts/email-outbox.ts).
import type { Queryable } from '../../db/database';

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

/** Ids of rows due at `now`: pending, their next attempt reached, their lease free or expired (oldest first). */
export async function duePushIds(db: Queryable, now: Date, limit: number): Promise<number[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('push_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims one row for `workerId` until `now + leaseMs` with a conditional UPDATE, so of two processes exactly one gets
 * it; the attempt is counted at the claim, so a row that crashes its worker every time still ends.
 */
export async function claimPush(
  db: Queryable,
  workerId: string,
  id: number,
  now: Date,
  leaseMs: number,
): Promise<ClaimedPush | undefined> {
  const at = now.toISOString();
  const row = await db
    .updateTable('push_outbox')
    .set((eb) => ({
      claimed_by: workerId,
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .returning(['id', 'idempotency_key', 'payload', 'attempts', 'subscription_id'])
    .executeTakeFirst();
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
    attempts: Number(row.attempts),
    subscription: sub,
  };
}

/** Sent: only while this worker still holds the row. */
export async function finishPush(
  db: Queryable,
  workerId: string,
  id: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('push_outbox')
    .set({ status: 'sent', sent_on: now.toISOString(), lease_until: null, last_error: null })
    .where('id', '=', id)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'pending')
    .execute();
}

/** A failed attempt: again after `backoffMs × 2^(attempts−1)` (capped), or given up after `maxAttempts`. */
export async function failPush(
  db: Queryable,
  workerId: string,
  push: ClaimedPush,
  error: string,
  now: Date,
  policy: { backoffMs: number; maxBackoffMs: number; maxAttempts: number },
): Promise<void> {
  const delay = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** (push.attempts - 1));
  await db
    .updateTable('push_outbox')
    .set({
      status: push.attempts >= policy.maxAttempts ? 'failed' : 'pending',
      next_attempt_at: new Date(now.getTime() + delay).toISOString(),
      lease_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', push.id)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'pending')
    .execute();
}
