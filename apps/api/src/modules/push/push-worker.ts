// The push worker every API process runs: claims due push outbox rows under a lease, sends each to its device, marks
// it sent, drops a device its push service has forgotten, or schedules the next attempt with exponential backoff.
import type { Db, Engine } from '../../db/database';
import {
  dueOutboxIds,
  failOutboxRow,
  finishOutboxRow,
  newWorkerId,
  startOutboxLoop,
  type OutboxLoop,
  type OutboxLoopOptions,
  type RetryPolicy,
} from '../../db/outbox';
import { runWrite } from '../../db/write-batcher';
import type { PushSender } from './push-sender';
import { claimPush, dropSubscription, type ClaimedPush } from './push.repository';

export interface PushWorkerOptions extends OutboxLoopOptions, RetryPolicy {
  leaseMs: number;
}

export type PushWorker = OutboxLoop;

export function startPushWorker(
  database: { db: Db; engine: Engine },
  sender: PushSender,
  options: PushWorkerOptions,
): PushWorker {
  const { db, engine } = database;
  const id = newWorkerId();

  async function deliver(push: ClaimedPush): Promise<void> {
    let outcome;
    try {
      outcome = await sender.send(push.subscription, push.payload, push.idempotencyKey);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await runWrite(db, engine, (tx) =>
        failOutboxRow(tx, 'push_outbox', id, push, message, options.clock(), options),
      );
      return;
    }
    // Accepted: marked at once. A crash right here lets the lease expire and the message go again with the same
    // Topic and tag, so the push service or the device shows it once.
    await runWrite(db, engine, async (tx) => {
      if (outcome === 'gone') await dropSubscription(tx, push.subscription.id);
      else await finishOutboxRow(tx, 'push_outbox', id, push.id, 'sent', options.clock());
    });
  }

  return startOutboxLoop(
    (now, limit) => dueOutboxIds(db, 'push_outbox', now, limit),
    async (pushId) => {
      const push = await runWrite(db, engine, (tx) =>
        claimPush(tx, id, pushId, options.clock(), options.leaseMs),
      );
      if (push) await deliver(push);
    },
    options,
  );
}
