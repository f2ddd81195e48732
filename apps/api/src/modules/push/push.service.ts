// Web Push's rules (docs/offline-and-push.md): a member's devices subscribe and stop; the events a dealer hears of are
// queued in the transaction that makes them (so a rolled-back event tells nothing), one call from each module; a
// payment, refund or unlocked-lead event also goes to the bell (account_events) and to a verified address by mail.
import type { PushSubscriptionBody } from '@dealerleads/shared';
import type { Db, Engine, Queryable } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import {
  deleteSubscription,
  queueForUsers,
  saveSubscription,
  type PushMessage,
} from './push.repository';

export type { PushMessage } from './push.repository';

const rupees = (amount: number) =>
  `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(amount)}`;

const leadPath = (leadId: number) => `/leads/${leadId}`;

/** The e-mail outbox's key of an account event's mail to one member. */
export const accountEventMailKey = (eventKey: string, userId: number) =>
  `event-${eventKey}-user-${userId}`;

/**
 * A payment, refund or unlocked-lead event for these members: a bell entry and a mail each (the mail goes only to a
 * verified address, decided at send time) and a push to every device, each queued once per event key.
 */
async function tellMembers(
  tx: Queryable,
  userIds: readonly number[],
  eventKey: string,
  message: PushMessage,
  now: Date,
): Promise<void> {
  const members = [...new Set(userIds)];
  if (members.length === 0) return;
  const at = now.toISOString();
  await tx
    .insertInto('account_events')
    .values(
      members.map((userId) => ({
        user_id: userId,
        event_key: eventKey,
        title: message.title,
        body: message.body,
        url: message.url,
        read_on: null,
        created_on: at,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing())
    .execute();
  await tx
    .insertInto('email_outbox')
    .values(
      members.map((userId) => ({
        idempotency_key: accountEventMailKey(eventKey, userId),
        kind: 'event',
        user_id: userId,
        payload: JSON.stringify(message),
        next_attempt_at: at,
        created_on: at,
      })),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  await queueForUsers(tx, members, eventKey, message, now);
}

export async function subscribeDevice(
  db: Db,
  engine: Engine,
  userId: number,
  body: PushSubscriptionBody,
  now: Date,
): Promise<void> {
  await runWrite(db, engine, (tx) =>
    saveSubscription(tx, userId, { endpoint: body.endpoint, ...body.keys }, now),
  );
}

/** Whether the caller had a subscription of that endpoint (now gone). */
export async function unsubscribeDevice(
  db: Db,
  engine: Engine,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  return runWrite(db, engine, (tx) => deleteSubscription(tx, userId, endpoint));
}

/** A new lead matched these dealers' saved searches (modules/alerts): one push per device, whatever the searches. */
export async function pushNewLead(
  tx: Queryable,
  lead: { id: number; year: number; brand: string; model: string; city: string; price: number },
  userIds: readonly number[],
  now: Date,
): Promise<void> {
  await queueForUsers(
    tx,
    userIds,
    `lead-${lead.id}`,
    {
      title: `New lead: ${lead.year} ${lead.brand} ${lead.model}`,
      body: `${lead.city} · ${rupees(lead.price)}`,
      url: leadPath(lead.id),
    },
    now,
  );
}

/** An Admin confirmed or rejected a member's order (modules/orders). */
export async function pushOrderDecided(
  tx: Queryable,
  order: { id: number; user_id: number; reference: string; package_credits: number },
  decision: 'confirmed' | 'rejected',
  now: Date = new Date(),
): Promise<void> {
  const message =
    decision === 'confirmed'
      ? {
          title: 'Payment confirmed',
          body: `Order ${order.reference}: ${order.package_credits} ${order.package_credits === 1 ? 'credit' : 'credits'} added.`,
        }
      : {
          title: 'Payment not confirmed',
          body: `Order ${order.reference} was rejected. See My orders for the reason.`,
        };
  await tellMembers(
    tx,
    [order.user_id],
    `order-${order.id}-${decision}`,
    { ...message, url: '/dealers/orders' },
    now,
  );
}

/** An Admin decided a member's dispute (modules/disputes): refunded or not. */
export async function pushRefundDecided(
  tx: Queryable,
  dispute: { id: number; user_id: number; lead_id: number },
  decision: 'approved' | 'rejected',
  now: Date = new Date(),
): Promise<void> {
  await tellMembers(
    tx,
    [dispute.user_id],
    `dispute-${dispute.id}-${decision}`,
    decision === 'approved'
      ? {
          title: 'Refund approved',
          body: `Your report on lead #${dispute.lead_id} was approved: the credit is back.`,
          url: '/dealers/credits',
        }
      : {
          title: 'Refund declined',
          body: `Your report on lead #${dispute.lead_id} was declined.`,
          url: leadPath(dispute.lead_id),
        },
    now,
  );
}

/** The owner marked a lead sold or withdrawn, or changed its price (modules/owners): every dealer who unlocked it. */
export async function pushLeadChanged(
  tx: Queryable,
  lead: { id: number; year: number; brand: string; model: string; price: number },
  change: 'sold' | 'withdrawn' | 'repriced',
  now: Date = new Date(),
): Promise<void> {
  const unlockers = await tx
    .selectFrom('lead_unlocks')
    .select('user_id')
    .where('lead_id', '=', lead.id)
    .execute();
  if (unlockers.length === 0) return;
  const car = `${lead.year} ${lead.brand} ${lead.model}`;
  const message =
    change === 'repriced'
      ? { title: 'Price changed', body: `${car} is now ${rupees(lead.price)}.` }
      : {
          title: change === 'sold' ? 'Car sold' : 'Listing withdrawn',
          body: `${car} (lead #${lead.id}).`,
        };
  await tellMembers(
    tx,
    unlockers.map((u) => u.user_id),
    // A price may change again: each new price is its own event.
    change === 'repriced' ? `lead-${lead.id}-price-${lead.price}` : `lead-${lead.id}-${change}`,
    { ...message, url: leadPath(lead.id) },
    now,
  );
}
