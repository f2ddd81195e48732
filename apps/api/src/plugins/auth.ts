// Who is calling: verifies the bearer token (HS256 only, with expiry), reloads the member, and offers route guards.
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { apiMessages, type Role } from '@dealerleads/shared';
import type { DatabaseHandle } from '../db/database';
import { fromDbBool } from '../db/database';
import { completedWrites } from '../db/postgres-statements';
import { CallerCache, followMemberChanges } from './caller-cache';
import { preparedQuery } from '../db/prepared-query';
import { forbidden, unauthorized } from './errors';
import { isApiPath, requestPath } from './request-path';

export interface Caller {
  id: number;
  userName: string;
  role: Role;
  /**
   * The member's unlocks revision (users.unlocks_revision) as read with them: current on SQLite; on PostgreSQL
   * possibly remembered, but never past the notification of its change (migration 2026-11-27-0101).
   */
  unlocksRevision: number;
}

interface TokenPayload {
  sub: string;
  name: string;
  /** The member's token_version when the token was issued; a later bump ends the token. */
  ver: number;
  /** Expiry, seconds since the epoch (every token is signed with one: JWT_EXPIRES_IN). */
  exp?: number;
}

/** Verified tokens remembered per process, by their exact text. */
const VERIFIED_TOKENS = 10_000;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, or undefined for an anonymous request. */
    caller: Caller | undefined;
  }
  interface FastifyInstance {
    /** Members remembered between requests until a change of theirs (SQLite: any write) makes every process forget them. */
    callerCache: CallerCache;
  }
  interface FastifyContextConfig {
    /** The route reads its Authorization header as the metrics token (METRICS_TOKEN), never as a session. */
    metricsBearer?: boolean;
  }
}

export const JWT_ALGORITHM = 'HS256';

const findCaller = preparedQuery((db, id: number) =>
  db
    .selectFrom('users')
    .select(['id', 'user_name', 'role', 'status', 'token_version', 'unlocks_revision'])
    .where('id', '=', id),
);

export async function registerAuth(
  app: FastifyInstance,
  options: { secret: string; expiresIn: string; database: DatabaseHandle },
): Promise<void> {
  const { database } = options;
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: JWT_ALGORITHM, expiresIn: options.expiresIn },
    verify: { algorithms: [JWT_ALGORITHM] },
  });
  // Verified tokens are remembered by their text (LRU), never past their expiry: a member's every call then skips the
  // decoding and the HMAC (a noticeable share of a lead page's CPU through request.jwtVerify). The member
  // is still checked on every call below.
  const verified = new LRUCache<string, TokenPayload>({ max: VERIFIED_TOKENS });
  const verify = (token: string): TokenPayload => {
    const known = verified.get(token);
    if (known?.exp !== undefined && known.exp * 1000 > Date.now()) return known;
    const payload = app.jwt.verify<TokenPayload>(token);
    verified.set(token, payload);
    return payload;
  };
  app.decorateRequest('caller', undefined);
  const callers = new CallerCache();
  app.decorate('callerCache', callers);
  const listen = database.listen;
  if (database.changeCount) callers.followChangeCount(database.changeCount);
  else if (listen) {
    callers.countChangesBy(completedWrites);
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = followMemberChanges(callers, listen, database.schema ?? 'public', (error) =>
        app.log.error(error, 'member changes: the listener failed (members are read per request)'),
      );
    });
    app.addHook('preClose', async () => stop?.());
  }

  // A present but bad token is refused everywhere, so a stale session is noticed rather than silently downgraded.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (header === undefined || !isApiPath(requestPath(request))) return;
    if (request.routeOptions.config.metricsBearer) return;
    if (!/^Bearer [\w-]+\.[\w-]+\.[\w-]*$/.test(header)) throw unauthorized();
    let payload: TokenPayload;
    try {
      payload = verify(header.slice('Bearer '.length));
    } catch {
      throw unauthorized();
    }
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id)) throw unauthorized();
    // The member is read again on every call, or remembered until any process changes them (CallerCache): a
    // deactivated member's tokens stop working at once, and a token issued before the member's last password, status
    // or role change (token_version bumped) never works again.
    const user =
      callers.get(id) ??
      (await callers.read(id, async () => (await findCaller(database.db, id))[0]));
    if (!user || !fromDbBool(user.status) || payload.ver !== user.token_version) {
      throw unauthorized();
    }
    request.caller = {
      id: user.id,
      userName: user.user_name,
      role: user.role as Role,
      unlocksRevision: user.unlocks_revision,
    };
  });
}

export function signToken(
  app: FastifyInstance,
  user: { id: number; userName: string; tokenVersion: number },
): string {
  return app.jwt.sign({ sub: String(user.id), name: user.userName, ver: user.tokenVersion });
}

export const requireUser: preHandlerAsyncHookHandler = async (request) => {
  if (!request.caller) throw unauthorized();
};

export const requireAdmin: preHandlerAsyncHookHandler = async (request) => {
  if (!request.caller) throw unauthorized();
  if (request.caller.role !== 'Admin') throw forbidden();
};

export function isAdmin(caller: Caller | undefined): boolean {
  return caller?.role === 'Admin';
}

/** The caller, who must be the given member or an Admin; otherwise 403. */
export function assertSelfOrAdmin(caller: Caller | undefined, memberId: number): Caller {
  if (!caller) throw unauthorized();
  if (caller.role !== 'Admin' && caller.id !== memberId) throw forbidden();
  return caller;
}

export function currentCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized(apiMessages.unauthorized);
  return request.caller;
}
