// One Host header per request (RFC 9110 §7.2): Node keeps the first of several and drops the rest, so a proxy that
// reads the last one and this server would disagree on which site a request is for; such a request is refused.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const DUPLICATE_HOST_MESSAGE = 'The request has more than one Host header';

/** How many Host headers the request carried (Node's `headers.host` shows only the first). */
function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === 'host') count += 1;
  }
  return count;
}

export function registerSingleHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hostHeaderCount(request.raw.rawHeaders) > 1) throw badRequest(DUPLICATE_HOST_MESSAGE);
  });
}
