// The e-mail worker every API process runs (docs/my-leads-and-alerts.md, "E-mail"): builds the daily digests once
// their hour has come, claims due outbox rows under a lease, sends them (SMTP, or .eml files without SMTP_URL),
// and marks them sent — or schedules the next attempt with exponential backoff.
import path from 'node:path';
import type nodemailer from 'nodemailer';
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
import { loadOnUse } from '../../lib/load-on-use';
import { ensurePrivateFolder, replacePrivateFile } from '../../lib/private-files';
import { composeMail, type MailSettings } from './alert-mail';
import { buildDailyDigests, claimMail, digestDayDue, type ClaimedMail } from './email-outbox';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<idempotency key@host>`: a resend after a crash carries the same Message-ID. */
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Resolves once the SMTP server accepted the mail (or the file is written); rejects otherwise. */
  send(mail: OutgoingMail, key: string): Promise<void>;
  close(): void;
}

const mailer = loadOnUse<typeof nodemailer>('nodemailer');

/** A transport made at the first mail, so a process that never sends one never loads nodemailer. */
function madeOnFirstMail<T extends { close(): void }>(make: () => T) {
  let made: T | undefined;
  return { get: () => (made ??= make()), close: () => made?.close() };
}

/** SMTP_URL → nodemailer over SMTP; unset → one .eml file per mail under `outboxDir`, named by its key. */
export function createMailTransport(options: {
  smtpUrl?: string;
  outboxDir: string;
}): MailTransport {
  const { smtpUrl } = options;
  if (smtpUrl) {
    // Time-outs well inside the worker's lease, so a hung server never lets a second process send the same row.
    const smtp = madeOnFirstMail(() =>
      mailer().createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    return {
      send: async (mail) => void (await smtp.get().sendMail(mail)),
      close: smtp.close,
    };
  }
  const stream = madeOnFirstMail(() =>
    mailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    send: async (mail, key) => {
      const info = await stream.get().sendMail(mail);
      if (!Buffer.isBuffer(info.message)) throw new Error('The mail was not built as a buffer');
      ensurePrivateFolder(options.outboxDir);
      // Written aside then renamed: a rewrite of the same key replaces the file whole.
      replacePrivateFile(path.join(options.outboxDir, `${key}.eml`), info.message);
    },
    close: stream.close,
  };
}

export interface EmailWorkerOptions extends OutboxLoopOptions, RetryPolicy {
  /** How long a claim holds a row; a worker that died mid-send loses it after this. */
  leaseMs: number;
}

export interface EmailWorker extends OutboxLoop {
  readonly id: string;
}

function domainOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'dealerleads.local';
  } catch {
    return 'dealerleads.local';
  }
}

export function startEmailWorker(
  database: { db: Db; engine: Engine },
  transport: MailTransport,
  settings: MailSettings,
  options: EmailWorkerOptions,
): EmailWorker {
  const { db, engine } = database;
  const id = newWorkerId();
  const domain = domainOf(settings.publicUrl);
  let digestsBuiltFor: string | undefined;
  const finish = (mailId: number, status: 'sent' | 'skipped') => {
    const now = options.clock();
    return runWrite(db, engine, (tx) =>
      finishOutboxRow(tx, 'email_outbox', id, mailId, status, now),
    );
  };

  async function deliver(mail: ClaimedMail): Promise<void> {
    try {
      const composed = await composeMail(db, mail, settings);
      if (!composed) {
        await finish(mail.id, 'skipped');
        return;
      }
      await transport.send(
        {
          from: settings.from,
          to: composed.to,
          subject: composed.subject,
          text: composed.text,
          html: composed.html,
          messageId: `<${mail.idempotencyKey}@${domain}>`,
          headers: {
            ...(composed.unsubscribeUrl
              ? {
                  'List-Unsubscribe': `<${composed.unsubscribeUrl}>`,
                  // RFC 8058: a mail client unsubscribes with one POST; a GET of the link only asks to confirm.
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                }
              : {}),
            'X-DealerLeads-Key': mail.idempotencyKey,
          },
        },
        mail.idempotencyKey,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = options.clock();
      await runWrite(db, engine, (tx) =>
        failOutboxRow(tx, 'email_outbox', id, mail, message, now, options),
      );
      return;
    }
    // Accepted: marked at once. A crash right here leaves the lease to expire and the mail to go again, with the
    // same Message-ID (the honest at-least-once; docs/my-leads-and-alerts.md).
    await finish(mail.id, 'sent');
  }

  const loop = startOutboxLoop(
    (now, limit) => dueOutboxIds(db, 'email_outbox', now, limit),
    async (mailId) => {
      const mail = await claimMail(db, engine, id, mailId, options.clock(), options.leaseMs);
      if (mail) await deliver(mail);
    },
    options,
    async (now) => {
      const day = digestDayDue(now);
      if (day !== undefined && day !== digestsBuiltFor) {
        await buildDailyDigests(db, engine, day, now);
        digestsBuiltFor = day;
      }
    },
  );

  return {
    id,
    runOnce: loop.runOnce,
    stop: async () => {
      await loop.stop();
      transport.close();
    },
  };
}
