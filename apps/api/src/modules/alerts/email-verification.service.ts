// E-mail addresses are verified by a signed link before any alert or digest goes to them (docs/hardening.md, "Alert
// mails"): a verification mail on registration, on an address change and on request; the link names the member and
// is bound to the address it was sent to, so it verifies nothing once the address changed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { fromDbBool, type Db, type Engine, type Queryable } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { badRequest } from '../../plugins/errors';
import type { ClaimedMail } from './email-outbox';

export const VERIFY_LINK_HOURS = 48;

export const verificationMessages = {
  alreadyVerified: 'Your e-mail address is already verified.',
  sent: 'We sent a verification link to your e-mail address. Click it to get alert e-mails.',
  invalid: 'This verification link is not valid or has expired. Ask for a new one on DealerLeads.',
  verified: 'Your e-mail address is verified. Alert e-mails will reach you from now on.',
} as const;

function keyOf(secret: string): Buffer {
  // A key of its own: a verification link is never a session, ticket or unsubscribe token.
  return createHmac('sha256', secret).update('dealerleads e-mail verification v1').digest();
}

function macOf(secret: string, userId: number, expires: number, email: string): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${userId}.${expires}.${email.toLowerCase()}`)
    .digest('base64url');
}

/** '<member id>.<expiry, Unix seconds>.<MAC over both and the address>'. */
export function issueVerificationToken(
  secret: string,
  userId: number,
  email: string,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + VERIFY_LINK_HOURS * 3600;
  return `${userId}.${expires}.${macOf(secret, userId, expires, email)}`;
}

/** The member id of a token signed for `emailOf(id)` that has not expired; undefined otherwise. */
export async function verifyVerificationToken(
  secret: string,
  token: string,
  emailOf: (userId: number) => Promise<string | undefined>,
  now = Date.now(),
): Promise<number | undefined> {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  if (!Number.isSafeInteger(userId) || userId <= 0 || expires * 1000 < now) return undefined;
  const email = await emailOf(userId);
  if (email === undefined) return undefined;
  const expected = Buffer.from(macOf(secret, userId, expires, email));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}

/** Queues a verification mail to the member's address `email` (the outbox's `verify` kind). */
export async function queueVerificationMail(
  db: Queryable,
  userId: number,
  email: string,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('email_outbox')
    .values({
      idempotency_key: `verify-${userId}-${randomBytes(8).toString('hex')}`,
      kind: 'verify',
      user_id: userId,
      payload: email,
      next_attempt_at: at,
      created_on: at,
    })
    .execute();
}

/**
 * `POST /api/me/email-verification`: another verification mail, unless the address is verified (400) or one is
 * still waiting to be sent (nothing more is queued).
 */
export async function requestVerification(db: Db, engine: Engine, userId: number): Promise<void> {
  await runWrite(db, engine, async (tx) => {
    const user = await tx
      .selectFrom('users')
      .select(['email', 'email_verified'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (fromDbBool(user.email_verified)) throw badRequest(verificationMessages.alreadyVerified);
    const waiting = await tx
      .selectFrom('email_outbox')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'verify')
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!waiting) await queueVerificationMail(tx, userId, user.email);
  });
}

/** The link's click (a POST from the confirm page): marks the address verified; false for a bad or stale link. */
export async function confirmEmail(
  db: Db,
  engine: Engine,
  secret: string,
  token: string,
): Promise<boolean> {
  const userId = await verifyVerificationToken(secret, token, async (id) => {
    const row = await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.email;
  });
  if (userId === undefined) return false;
  await runWrite(db, engine, (tx) =>
    tx.updateTable('users').set({ email_verified: 1 }).where('id', '=', userId).execute(),
  );
  return true;
}

/** Whether `email` got `cap` mails in the last 24 hours, through any account that gives it. */
export async function addressCapReached(
  db: Queryable,
  email: string,
  cap: number,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('email_outbox as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
    .where('o.status', '=', 'sent')
    .where('o.sent_on', '>', new Date(now.getTime() - 86_400_000).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n) >= cap;
}

/** The verification mail of a claimed `verify` row; undefined once the address changed or is verified. */
export function composeVerification(
  mail: ClaimedMail,
  settings: { publicUrl: string; secret: string },
  user: { email: string; name: string; email_verified: boolean | number },
) {
  if (fromDbBool(user.email_verified)) return undefined;
  if ((mail.payload ?? '').toLowerCase() !== user.email.toLowerCase()) return undefined;
  const token = issueVerificationToken(settings.secret, mail.userId, user.email);
  const url = `${settings.publicUrl}/api/account/verify-email?token=${encodeURIComponent(token)}`;
  const text = [
    'Please confirm that this is your e-mail address on DealerLeads:',
    url,
    '',
    `The link works for ${VERIFY_LINK_HOURS} hours. Until you confirm, DealerLeads sends no alert e-mails here.`,
    'If you did not sign up on DealerLeads, ignore this e-mail: nothing more will be sent.',
  ].join('\n');
  const html =
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#212529">' +
    '<p>Please confirm that this is your e-mail address on DealerLeads:</p>' +
    `<p><a href="${url.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">Confirm my e-mail address</a></p>` +
    `<p>The link works for ${VERIFY_LINK_HOURS} hours. Until you confirm, DealerLeads sends no alert e-mails here. ` +
    'If you did not sign up on DealerLeads, ignore this e-mail: nothing more will be sent.</p></body></html>';
  return { to: user.email, subject: 'Confirm your e-mail address for DealerLeads', text, html };
}
