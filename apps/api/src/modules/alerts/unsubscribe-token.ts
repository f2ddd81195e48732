// Signed unsubscribe links of alert mails (SECURITY.md, "Unsubscribe links"): no login, no expiry, good for nothing but
// turning e-mail off — for one saved search (`s`) or for a dealer's daily digests (`d`).
import { createHmac, timingSafeEqual } from 'node:crypto';

export type UnsubscribeTarget =
  { kind: 's'; savedSearchId: number } | { kind: 'd'; userId: number };

function keyOf(secret: string): Buffer {
  // A key of its own, derived from the JWT secret: an unsubscribe token is never a session or a stream ticket.
  return createHmac('sha256', secret).update('dealerleads unsubscribe link v1').digest();
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function issueUnsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const payload = `${target.kind}${target.kind === 's' ? target.savedSearchId : target.userId}`;
  return `${payload}.${sign(keyOf(secret), payload)}`;
}

/** The target of a genuine token; undefined for anything tampered with or malformed. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): UnsubscribeTarget | undefined {
  const match = /^([sd])(\d{1,10})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, kind, id, mac] = match;
  const expected = Buffer.from(sign(keyOf(secret), `${kind}${id}`));
  const given = Buffer.from(mac!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return undefined;
  return kind === 's' ? { kind: 's', savedSearchId: n } : { kind: 'd', userId: n };
}
