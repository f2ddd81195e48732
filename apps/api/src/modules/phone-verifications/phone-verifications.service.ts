// Codes by SMS and the signed token that proves a number (design §11.1, docs/phone-verification.md): codes are stored
// hashed, expire, allow a few tries, and each text is queued in the SMS outbox within the same transaction.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { phoneVerificationMessages as msg } from '@dealerleads/shared';
import type { Db, Engine } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { HttpError, badRequest, notFound, tooManyRequests } from '../../plugins/errors';
import { deliverSms, queueSms, type SmsDelivery } from '../sms/sms.service';

/** The SMS interface, for modules that send texts through this one's outbox (password resets). */

export const VERIFICATION = {
  codeMinutes: 10,
  maxTries: 5,
  resendSeconds: 30,
  tokenMinutes: 30,
  /** Codes one number may be sent per hour. */
  perNumberPerHour: 5,
  /** Codes one IP may ask for per hour. */
  perIpPerHour: 20,
} as const;

function keyOf(secret: string, purpose: string): Buffer {
  // Keys of their own: a code hash or a verification token is never a session or another link's MAC.
  return createHmac('sha256', secret)
    .update(`dealerleads phone verification ${purpose} v1`)
    .digest();
}

function codeHash(secret: string, publicId: string, code: string): string {
  return createHmac('sha256', keyOf(secret, 'code'))
    .update(`${publicId}.${code}`)
    .digest('base64url');
}

function tokenMac(secret: string, phone: string, expires: number): string {
  return createHmac('sha256', keyOf(secret, 'token'))
    .update(`${phone}.${expires}`)
    .digest('base64url');
}

/** '<number>.<expiry, Unix seconds>.<MAC over both>': proves the holder read a code sent to that number. */
export function issuePhoneToken(secret: string, phone: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + VERIFICATION.tokenMinutes * 60;
  return `${phone}.${expires}.${tokenMac(secret, phone, expires)}`;
}

/** 'ok', or why the token does not prove `phone` now. */
export function checkPhoneToken(
  secret: string,
  token: string,
  phone: string,
  now: Date,
): 'ok' | 'invalid' | 'other-number' {
  const match = /^(\d{10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const expires = Number(match[2]);
  if (expires * 1000 < now.getTime()) return 'invalid';
  const expected = Buffer.from(tokenMac(secret, match[1]!, expires));
  const given = Buffer.from(match[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return match[1] === phone ? 'ok' : 'other-number';
}

const iso = (d: Date) => d.toISOString();
const ms = (v: string | Date) => new Date(v).getTime();

export interface VerificationDeps {
  db: Db;
  engine: Engine;
  secret: string;
  sms: SmsDelivery;
  now: Date;
}

/** Makes a code for `phone`, queues its SMS and sends it; refuses while the number or IP is over its limits. */
export async function startVerification(deps: VerificationDeps, phone: string, ip: string) {
  const { db, secret, now } = deps;
  const hourAgo = iso(new Date(now.getTime() - 3_600_000));
  const latest = await db
    .selectFrom('phone_verifications')
    .select(['resend_after'])
    .where('phone_number', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (latest && ms(latest.resend_after) > now.getTime()) throw tooManyRequests(msg.resendTooSoon);
  const count = async (column: 'phone_number' | 'ip', value: string) =>
    Number(
      (
        await db
          .selectFrom('phone_verifications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', value)
          .where('created_on', '>', hourAgo)
          .executeTakeFirstOrThrow()
      ).n,
    );
  if ((await count('phone_number', phone)) >= VERIFICATION.perNumberPerHour) {
    throw tooManyRequests(msg.tooManyCodes);
  }
  if ((await count('ip', ip)) >= VERIFICATION.perIpPerHour) throw tooManyRequests();

  const publicId = randomBytes(16).toString('base64url');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + VERIFICATION.codeMinutes * 60_000);
  const resendAfter = new Date(now.getTime() + VERIFICATION.resendSeconds * 1000);
  const body = `${code} is your DealerLeads code to verify your mobile number. It expires in ${VERIFICATION.codeMinutes} minutes. Do not share it.`;
  const outboxId = await runWrite(db, deps.engine, async (tx) => {
    await tx
      .insertInto('phone_verifications')
      .values({
        public_id: publicId,
        phone_number: phone,
        code_hash: codeHash(secret, publicId, code),
        ip,
        expires_at: iso(expiresAt),
        resend_after: iso(resendAfter),
        created_on: iso(now),
      })
      .execute();
    return queueSms(
      tx,
      {
        idempotencyKey: `verify-${publicId}`,
        phone,
        body,
        template: 'verify',
        vars: { otp: code, minutes: String(VERIFICATION.codeMinutes) },
      },
      now,
    );
  });
  // The owner waits for the code: sent now; a provider that is down leaves it to the worker's retries.
  const sent = outboxId === undefined ? 'busy' : await deliverSms(deps, deps.sms, outboxId, now);
  if (sent !== 'sent') throw new HttpError(503, smsDownMessage);
  return { id: publicId, expiresAt: iso(expiresAt), resendAfter: iso(resendAfter) };
}

export const smsDownMessage =
  'We could not send the SMS just now. Your code is queued; please try again in a minute.';

/** Checks a code; a right one gives the token, a wrong one uses up a try. */
export async function confirmVerification(deps: VerificationDeps, publicId: string, code: string) {
  const { db, secret, now } = deps;
  const row = await db
    .selectFrom('phone_verifications')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  if (!row) throw notFound(msg.notFound);
  if (row.attempts >= VERIFICATION.maxTries) throw badRequest(msg.tooManyTries);
  if (ms(row.expires_at) <= now.getTime()) throw badRequest(msg.expired);
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(codeHash(secret, publicId, code));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    const tried = await db
      .updateTable('phone_verifications')
      .set({ attempts: (eb) => eb('attempts', '+', 1) })
      .where('id', '=', row.id)
      .where('attempts', '<', VERIFICATION.maxTries)
      .returning('attempts')
      .executeTakeFirst();
    throw badRequest(
      tried && tried.attempts >= VERIFICATION.maxTries ? msg.tooManyTries : msg.wrongCode,
    );
  }
  await db
    .updateTable('phone_verifications')
    .set({ confirmed_on: iso(now), attempts: VERIFICATION.maxTries })
    .where('id', '=', row.id)
    .execute();
  return { verificationToken: issuePhoneToken(secret, row.phone_number, now) };
}
