// Request ids and the production request log: every answer carries X-Request-Id, every API request is one log line
// with that id (the web app's files only at debug), so a support question can be traced to its line (docs/operations.md).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { routeLabel } from './metrics';
import type { TrustFunction } from './trusted-proxies';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Query parameters that carry a bearer secret: an unsubscribe link's token, a notification stream's ticket. */
const SECRET_PARAMETERS = /([?&](?:token|ticket)=)[^&#]*/gi;

/** The URL with the values of secret-bearing query parameters replaced, for the logs. */
export function redactSecretParameters(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

/** An id a load balancer may have given the request: short and plain, so it is safe in a log line and a header. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * A fresh random id per request (unique across processes and restarts, unlike Fastify's counter). From a trusted
 * proxy (`TRUST_PROXY`) the proxy's own X-Request-Id is kept, so its logs and ours name the request alike.
 */
export function requestIdGenerator(
  trustProxy: TrustFunction | false,
): (request: IncomingMessage) => string {
  return (request) => {
    const forwarded = request.headers[REQUEST_ID_HEADER];
    const peer = request.socket?.remoteAddress;
    const fromProxy = trustProxy !== false && peer !== undefined && trustProxy(peer, 0);
    if (fromProxy && typeof forwarded === 'string' && FORWARDED_ID.test(forwarded))
      return forwarded;
    return randomUUID();
  };
}

export function registerRequestLog(
  app: FastifyInstance,
  options: { redactUrl: (url: string) => string },
): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('X-Request-Id', request.id);
    return payload;
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = routeLabel(request);
    const line = {
      method: request.method,
      // Secrets in paths (an owner's private link) never reach the log.
      url: options.redactUrl(request.url),
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      userId: request.caller?.id,
    };
    // The web app's files (and the index.html of client routes) only at debug: the info log is the API's.
    const api = request.url.startsWith('/api/') || request.url === '/api' || route === '/metrics';
    if (api) request.log.info(line, 'request');
    else request.log.debug(line, 'request');
  });
}
