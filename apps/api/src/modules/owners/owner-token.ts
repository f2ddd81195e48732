// The owner's private link token: 256 random bits, shown once, kept only as its sha-256 (docs/owners-insights-moderation.md).
import { createHash, randomBytes } from 'node:crypto';
import { OWNER_TOKEN_PATTERN } from '@dealerleads/shared';

export const OWNER_PATH_PREFIX = '/my-car/';

export function newOwnerToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The stored form of a token. Lookups go by this hash through a unique index: the database compares digests, never the
 * token, so how long a comparison takes tells a guesser nothing about the token itself.
 */
export function hashOwnerToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function isOwnerTokenShaped(token: string): boolean {
  return OWNER_TOKEN_PATTERN.test(token);
}

/** A URL with any owner token replaced, for logs: `/my-car/…` and `/api/owner/leads/…`. */
export function redactOwnerTokens(url: string): string {
  return url.replace(/(\/my-car\/|\/api\/owner\/leads\/)[^/?#]*/g, '$1[token]');
}
