// Signed unsubscribe links of alert mails (SECURITY.md, "Unsubscribe links"): no login, good for nothing but turning
// e-mail off — for one saved search (`s`) or for a dealer's daily digests (`d`). A token names its target and the
// moment that target was created, so it dies with the saved search: deleted, or deleted and made again (even under
// the same id), the old links no longer work.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database';

export type UnsubscribeTarget =
  { kind: 's'; savedSearchId: number } | { kind: 'd'; userId: number };

function keyOf(secret: string): Buffer {
  // A key of its own, derived from the JWT secret: an unsubscribe token is never a session or a stream ticket.
  return createHmac('sha256', secret).update('dealerleads unsubscribe link v2').digest();
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

const idOf = (target: UnsubscribeTarget) =>
  target.kind === 's' ? target.savedSearchId : target.userId;

/** `createdOn`: when the saved search (`s`) or the member (`d`) was created, as stored. */
export function issueUnsubscribeToken(
  secret: string,
  target: UnsubscribeTarget,
  createdOn: string,
): string {
  const payload = `${target.kind}${idOf(target)}.${Date.parse(createdOn).toString(36)}`;
  return `${payload}.${sign(keyOf(secret), payload)}`;
}

/** When the target was created, or undefined when it does not exist (any more). */
async function createdOnOf(db: Queryable, target: UnsubscribeTarget): Promise<string | undefined> {
  const row =
    target.kind === 's'
      ? await db
          .selectFrom('saved_searches')
          .select('created_on')
          .where('id', '=', target.savedSearchId)
          .executeTakeFirst()
      : await db
          .selectFrom('users')
          .select('created_on')
          .where('id', '=', target.userId)
          .executeTakeFirst();
  return row?.created_on ?? undefined;
}

/** A token for the target as it exists now (mails, tests); undefined when it does not exist. */
export async function unsubscribeTokenOf(
  db: Queryable,
  secret: string,
  target: UnsubscribeTarget,
): Promise<string | undefined> {
  const createdOn = await createdOnOf(db, target);
  return createdOn === undefined ? undefined : issueUnsubscribeToken(secret, target, createdOn);
}

/**
 * The target of a genuine token whose saved search (or member) still is the one it was issued for; undefined for
 * anything tampered with, malformed, or outlived.
 */
export async function verifyUnsubscribeToken(
  db: Queryable,
  secret: string,
  token: string,
): Promise<UnsubscribeTarget | undefined> {
  const match = /^([sd])(\d{1,10})\.([0-9a-z]{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, kind, id, stamp, mac] = match;
  const expected = Buffer.from(sign(keyOf(secret), `${kind}${id}.${stamp}`));
  const given = Buffer.from(mac!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return undefined;
  const target: UnsubscribeTarget =
    kind === 's' ? { kind: 's', savedSearchId: n } : { kind: 'd', userId: n };
  const createdOn = await createdOnOf(db, target);
  if (createdOn === undefined || Date.parse(createdOn).toString(36) !== stamp) return undefined;
  return target;
}
