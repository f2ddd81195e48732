// One interface for every SMS provider (docs/phone-verification.md, "SMS"): the default outbox writes each text to a
// file, so development and tests read codes without a provider; MSG91 and Twilio speak their providers' HTTP APIs.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Which text it is: MSG91 sends only templates registered with India's DLT, one per kind. */
export type SmsTemplate = 'verify' | 'owner-link' | 'reset' | 'reset-accounts';

export interface SmsMessage {
  /** Ten digits, an Indian mobile. */
  to: string;
  /** The whole text (the outbox and Twilio send it as it is). */
  body: string;
  template: SmsTemplate;
  /** The template's variables (MSG91 fills its registered template with them). */
  vars: Record<string, string>;
}

/** Thrown by an adapter when the provider refused the message for good (a 4xx): it is never retried. */
export class PermanentSmsError extends Error {}

export interface SmsSender {
  readonly name: string;
  /** Resolves once the provider accepted the text; rejects with PermanentSmsError, or any other error to retry. */
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

/** Well inside the delivery lease, so a hung provider never lets a second process send the same row. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * One request to a provider: a network error, a time-out, 408, 429 or a 5xx is worth retrying (a plain Error); any
 * other 4xx is the message refused for good (PermanentSmsError). Answers the parsed JSON body of a 2xx.
 */
async function callProvider(
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(
      `${provider}: no answer (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    body = undefined;
  }
  if (response.ok) return body;
  const detail = `${provider} answered ${response.status}: ${text.slice(0, 200)}`;
  if (response.status === 408 || response.status === 429 || response.status >= 500) {
    throw new Error(detail);
  }
  throw new PermanentSmsError(detail);
}

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

export interface Msg91Options {
  /** The API's origin, e.g. https://control.msg91.com (MSG91_URL). */
  url: string;
  authKey: string;
  /** MSG91's template id for each kind of text, each mapped to its DLT template in MSG91's panel. */
  templates: Record<SmsTemplate, string>;
}

/**
 * MSG91's flow API: POST /api/v5/flow with the authkey header and JSON naming the template and one recipient (country
 * code first, no plus) with the template's variables. MSG91 answers `{type: 'success' | 'error', message}`.
 */
export function msg91SmsSender(options: Msg91Options): SmsSender {
  const endpoint = `${options.url.replace(/\/+$/, '')}/api/v5/flow`;
  return {
    name: 'msg91',
    async send(message) {
      const body = await callProvider('MSG91', endpoint, {
        headers: {
          authkey: options.authKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          template_id: options.templates[message.template],
          short_url: '0',
          recipients: [{ mobiles: `91${message.to}`, ...message.vars }],
        }),
      });
      // MSG91 may refuse with a 200 and type 'error' (an unknown template, a blocked number).
      if (field(body, 'type') !== 'success') {
        throw new PermanentSmsError(`MSG91 refused the message: ${String(field(body, 'message'))}`);
      }
    },
  };
}

export interface TwilioOptions {
  /** The API's origin, e.g. https://api.twilio.com (TWILIO_URL). */
  url: string;
  accountSid: string;
  authToken: string;
  /** A sending number (+E.164) or a Messaging Service SID (MG…). */
  from: string;
}

/**
 * Twilio's Messages API: POST <version>/Accounts/{AccountSid}/Messages.json, HTTP basic auth with the account SID
 * and auth token, a form-encoded To, From (or MessagingServiceSid) and Body; 201 with the message's sid.
 */
export function twilioSmsSender(options: TwilioOptions): SmsSender {
  const endpoint = `${options.url.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender: [string, string] = /^MG[0-9a-fA-F]{32}$/.test(options.from)
    ? ['MessagingServiceSid', options.from]
    : ['From', options.from];
  return {
    name: 'twilio',
    async send(message) {
      // Any 2xx means Twilio took the message: retrying one without a sid could send it twice.
      await callProvider('Twilio', endpoint, {
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams([
          ['To', `+91${message.to}`],
          sender,
          ['Body', message.body],
        ]).toString(),
      });
    },
  };
}
