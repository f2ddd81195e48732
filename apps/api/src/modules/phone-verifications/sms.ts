// One interface for every SMS provider (docs/phone-verification.md, "SMS"): the default outbox writes each text to a
// file, so development and tests read codes without a provider.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SmsMessage {
  /** Ten digits, an Indian mobile. */
  to: string;
  body: string;
}

/** Thrown by an adapter when the provider refused the message for good (a 4xx): it is never retried. */
export class PermanentSmsError extends Error {}

export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage, now: Date): Promise<void>;
}

let sequence = 0;

/** Each message a private text file in `dir`, named by time and a counter so the newest sorts last. */
export function outboxSmsSender(dir: string): SmsSender {
  return {
    name: 'outbox',
    async send(message, now) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      sequence = (sequence + 1) % 1_000_000;
      const stamp = now.toISOString().replace(/[:.]/g, '-');
      const file = path.join(
        dir,
        `${stamp}-${String(sequence).padStart(6, '0')}-${process.pid}-${message.to}.txt`,
      );
      writeFileSync(file, `To: +91${message.to}\n\n${message.body}\n`, { mode: 0o600, flag: 'wx' });
    },
  };
}
