// The SMS outbox (docs/phone-verification.md, "SMS"): every text is a row of `sms_outbox` written in the transaction
// that decides to send it, then delivered under a lease (db/outbox.ts, the lease e-mail and push use too) — at once by
// the request that queued it when it waits for the answer, else by the worker every API process runs.
import type { SmsConfig } from '../../config';
import type { Db, Engine, Queryable } from '../../db/database';
import {
  claimOutboxRow,
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
import {
  PermanentSmsError,
  msg91SmsSender,
  outboxSmsSender,
  twilioSmsSender,
  type SmsSender,
  type SmsTemplate,
} from './sms-sender';

export {
  PermanentSmsError,
  outboxSmsSender,
  type SmsMessage,
  type SmsSender,
  type SmsTemplate,
} from './sms-sender';

export interface SmsDatabase {
  db: Db;
  engine: Engine;
}

/** The sender SMS_PROVIDER chose. */
export function createSmsSender(config: SmsConfig): SmsSender {
  switch (config.provider) {
    case 'msg91':
      return msg91SmsSender(config);
    case 'twilio':
      return twilioSmsSender(config);
    default:
      return outboxSmsSender(config.outboxDir);
  }
}

/** How this process delivers texts: its sender, its worker id (the lease's holder) and the retry policy. */
export interface SmsDelivery {
  sender: SmsSender;
  workerId: string;
  leaseMs: number;
  policy: RetryPolicy;
}

/** Defaults when the configuration names no worker (tests): a minute's lease, retries from 30 s, 6 attempts. */
export const DEFAULT_SMS_POLICY = {
  leaseMs: 60_000,
  backoffMs: 30_000,
  maxBackoffMs: 1_800_000,
  maxAttempts: 6,
} as const;

export function smsDelivery(
  sender: SmsSender,
  options: { leaseMs: number } & RetryPolicy = DEFAULT_SMS_POLICY,
): SmsDelivery {
  const { leaseMs, backoffMs, maxBackoffMs, maxAttempts } = options;
  return {
    sender,
    workerId: newWorkerId(),
    leaseMs,
    policy: { backoffMs, maxBackoffMs, maxAttempts },
  };
}

export interface QueuedSms {
  /** Unique: a second text with the same key is not queued. */
  idempotencyKey: string;
  phone: string;
  body: string;
  template: SmsTemplate;
  vars: Record<string, string>;
}

/** Queues a text in the caller's transaction; the id of the new row, or undefined when its key was queued before. */
export async function queueSms(
  tx: Queryable,
  sms: QueuedSms,
  now: Date,
): Promise<number | undefined> {
  const at = now.toISOString();
  const row = await tx
    .insertInto('sms_outbox')
    .values({
      idempotency_key: sms.idempotencyKey,
      phone_number: sms.phone,
      body: sms.body,
      template: sms.template,
      vars: JSON.stringify(sms.vars),
      next_attempt_at: at,
      created_on: at,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

function varsOf(text: string | null): Record<string, string> {
  if (!text) return {};
  const parsed = JSON.parse(text) as unknown;
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(
    Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
}

/**
 * Claims one queued text and sends it: 'sent'; 'pending' (it failed and will be tried again); 'failed' (given up, or
 * refused for good by the provider); 'busy' (not due, held by another worker, or done already).
 */
export async function deliverSms(
  { db, engine }: SmsDatabase,
  delivery: SmsDelivery,
  id: number,
  now: Date,
): Promise<'sent' | 'pending' | 'failed' | 'busy'> {
  const { workerId } = delivery;
  const row = await runWrite(db, engine, (tx) =>
    claimOutboxRow(tx, 'sms_outbox', workerId, id, now, delivery.leaseMs, [
      'phone_number',
      'body',
      'template',
      'vars',
    ]),
  );
  if (!row) return 'busy';
  const { attempts } = row;
  try {
    await delivery.sender.send(
      {
        to: row.phone_number,
        body: row.body,
        template: row.template as SmsTemplate,
        vars: varsOf(row.vars),
      },
      now,
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return runWrite(db, engine, (tx) =>
      failOutboxRow(tx, 'sms_outbox', workerId, { id, attempts }, message, now, {
        ...delivery.policy,
        permanent: error instanceof PermanentSmsError,
      }),
    );
  }
  // Accepted: marked at once. A crash right here lets the lease expire and the text go once more (at least once; a
  // lost code costs the owner a lead, a second copy costs nothing).
  await runWrite(db, engine, (tx) => finishOutboxRow(tx, 'sms_outbox', workerId, id, 'sent', now));
  return 'sent';
}

export interface SmsWorker extends OutboxLoop {
  readonly id: string;
}

/** Works off the SMS outbox in this process: due rows, each claimed under the lease, sent, or retried later. */
export function startSmsWorker(
  database: SmsDatabase,
  delivery: SmsDelivery,
  options: OutboxLoopOptions,
): SmsWorker {
  const loop = startOutboxLoop(
    (now, limit) => dueOutboxIds(database.db, 'sms_outbox', now, limit),
    async (id) => void (await deliverSms(database, delivery, id, options.clock())),
    options,
  );
  return { id: delivery.workerId, ...loop };
}
