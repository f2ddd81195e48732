// Short-lived signed tickets that open the notification stream: EventSource cannot send an Authorization header,
// and a bearer token in a URL would land in logs and history (SECURITY.md). A ticket names the member's token
// version (a password, status or role change makes it worthless) and a nonce that opens one stream only.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Engine } from '../../db/database';
import { runWrite } from '../../db/write-batcher';

export const STREAM_TICKET_SECONDS = 60;

export interface StreamTicketClaims {
  userId: number;
  tokenVersion: number;
  /** Unix seconds. */
  expires: number;
  /** 22 base64url characters: what makes the ticket single-use (stream_ticket_uses). */
  nonce: string;
}

function keyOf(secret: string): Buffer {
  // A key of its own: a ticket is never a session token, nor the other way round.
  return createHmac('sha256', secret).update('dealerleads notification stream ticket v2').digest();
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function issueStreamTicket(
  secret: string,
  member: { id: number; tokenVersion: number },
  now = Date.now(),
): string {
  const nonce = randomBytes(16).toString('base64url');
  const expires = Math.floor(now / 1000) + STREAM_TICKET_SECONDS;
  const payload = `${member.id}.${member.tokenVersion}.${expires}.${nonce}`;
  return `${payload}.${sign(keyOf(secret), payload)}`;
}

/** The claims of a ticket this server signed and that has not expired; undefined otherwise. */
export function verifyStreamTicket(
  secret: string,
  ticket: string,
  now = Date.now(),
): StreamTicketClaims | undefined {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/.exec(ticket);
  if (!match) return undefined;
  const [, user, version, expires, nonce, mac] = match;
  const expected = Buffer.from(sign(keyOf(secret), `${user}.${version}.${expires}.${nonce}`));
  const given = Buffer.from(mac!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expires) * 1000 < now) return undefined;
  const userId = Number(user);
  if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
  return { userId, tokenVersion: Number(version), expires: Number(expires), nonce: nonce! };
}

/**
 * Spends the ticket's nonce: true the first time, false ever after (the primary key decides between processes).
 * Nonces past their ticket's expiry are forgotten on the way, as an expired ticket is refused anyway.
 */
export async function useStreamTicket(
  db: Db,
  engine: Engine,
  claims: StreamTicketClaims,
  now = new Date(),
): Promise<boolean> {
  const used = await runWrite(db, engine, async (tx) => {
    await tx.deleteFrom('stream_ticket_uses').where('expires_on', '<', now.toISOString()).execute();
    return tx
      .insertInto('stream_ticket_uses')
      .values({ nonce: claims.nonce, expires_on: new Date(claims.expires * 1000).toISOString() })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
  });
  return used !== undefined;
}
