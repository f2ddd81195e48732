// Short-lived signed tickets that open the notification stream: EventSource cannot send an Authorization header,
// and a bearer token in a URL would land in logs and history (SECURITY.md).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const STREAM_TICKET_SECONDS = 60;

function keyOf(secret: string): Buffer {
  // A key of its own: a ticket is never a session token, nor the other way round.
  return createHmac('sha256', secret).update('dealerleads notification stream ticket v1').digest();
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function issueStreamTicket(secret: string, userId: number, now = Date.now()): string {
  const payload = `${userId}.${Math.floor(now / 1000) + STREAM_TICKET_SECONDS}`;
  return `${payload}.${sign(keyOf(secret), payload)}`;
}

/** The member id of a valid, unexpired ticket; undefined otherwise. */
export function verifyStreamTicket(
  secret: string,
  ticket: string,
  now = Date.now(),
): number | undefined {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(ticket);
  if (!match) return undefined;
  const [, user, expires, mac] = match;
  const expected = Buffer.from(sign(keyOf(secret), `${user}.${expires}`));
  const given = Buffer.from(mac!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expires) * 1000 < now) return undefined;
  const id = Number(user);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
