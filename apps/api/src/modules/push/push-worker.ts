// The push worker every API process runs: claims due push outbox rows under a lease, sends each to its device, marks
// it sent, drops a device its push service has forgotten, or schedules the next attempt with exponential backoff.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, Engine } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import type { PushSender } from './push-sender';
import {
  claimPush,
  dropSubscription,
  duePushIds,
  failPush,
  finishPush,
  type ClaimedPush,
} from './push.repository';

export interface PushWorkerOptions {
  intervalMs: number;
  leaseMs: number;
  backoffMs: number;
  maxBackoffMs: number;
  maxAttempts: number;
  /** Rows claimed per tick. */
  batch: number;
  clock: () => Date;
  onError: (error: unknown) => void;
}

export interface PushWorker {
  /** One tick now (tests); resolves when it is done. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function startPushWorker(
  database: { db: Db; engine: Engine },
  sender: PushSender,
  options: PushWorkerOptions,
): PushWorker {
  const { db, engine } = database;
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopped = false;

  async function deliver(push: ClaimedPush): Promise<void> {
    let outcome;
    try {
      outcome = await sender.send(push.subscription, push.payload, push.idempotencyKey);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await runWrite(db, engine, (tx) => failPush(tx, id, push, message, options.clock(), options));
      return;
    }
    // Accepted: marked at once. A crash right here lets the lease expire and the message go again with the same
    // Topic and tag, so the push service or the device shows it once.
    await runWrite(db, engine, (tx) =>
      outcome === 'gone'
        ? dropSubscription(tx, push.subscription.id)
        : finishPush(tx, id, push.id, options.clock()),
    );
  }

  async function tick(): Promise<void> {
    for (;;) {
      const ids = await duePushIds(db, options.clock(), options.batch);
      for (const pushId of ids) {
        if (stopped) return;
        const push = await runWrite(db, engine, (tx) =>
          claimPush(tx, id, pushId, options.clock(), options.leaseMs),
        );
        if (push) await deliver(push);
      }
      if (ids.length < options.batch || stopped) return;
    }
  }

  let running: Promise<void> | undefined;
  const runOnce = (): Promise<void> => {
    running ??= tick()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer =
    options.intervalMs > 0 ? setInterval(() => void runOnce(), options.intervalMs) : undefined;
  timer?.unref();

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
