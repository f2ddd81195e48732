// A small HTTP client for the tests that talk to real server processes, and hand-made JWTs for forging tokens.
import { createHmac } from 'node:crypto';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** One JSON request; a connection cut off (a killed server) answers `undefined` instead of throwing. */
export async function request(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<HttpAnswer | undefined> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text so a test can show it
    }
    return { status: res.status, body };
  } catch {
    return undefined;
  }
}

export async function login(base: string, userName: string, password: string): Promise<string> {
  const res = await request(base, 'POST', '/api/account/login', { body: { userName, password } });
  if (res?.status !== 200) throw new Error(`login of ${userName} failed: ${JSON.stringify(res)}`);
  return (res.body as { token: string }).token;
}

const b64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT with any header and payload, signed HS256 with `secret` (or left unsigned when secret is null). */
export function makeJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string | null,
): string {
  const head = `${b64url(header)}.${b64url(payload)}`;
  const signature =
    secret === null ? '' : createHmac('sha256', secret).update(head).digest('base64url');
  return `${head}.${signature}`;
}

/** A member's session token as the login would sign it (for tests that need many members without password checks). */
export function sessionToken(member: { id: number; userName: string }, secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  return makeJwt(
    { alg: 'HS256', typ: 'JWT' },
    { sub: String(member.id), name: member.userName, ver: 0, iat: now, exp: now + 600 },
    secret,
  );
}
