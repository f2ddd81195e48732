// Helmet's security headers (CSP, HSTS, nosniff, Referrer-Policy…) on every response. They never vary by request, so
// helmet runs once at start-up against a blank response and the headers it set are copied onto each reply
// (@fastify/helmet would rebuild helmet and re-parse the CSP on every request).
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, () => undefined);
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/**
 * `upgrade-insecure-requests` goes only to requests served over https (TLS, or `X-Forwarded-Proto: https` from a
 * trusted proxy): sent over plain http, say to a LAN address, it makes the browser fetch every asset over https,
 * which nothing answers, and the page stays blank. Two header sets are made at start-up and chosen per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const csp = typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy : {};
  const withUpgrade = (upgrade: boolean): HelmetOptions => ({
    ...options,
    contentSecurityPolicy: {
      ...csp,
      directives: { ...csp.directives, upgradeInsecureRequests: upgrade ? [] : null },
    },
  });
  const plain = helmetHeaders(withUpgrade(false));
  const secure = helmetHeaders(withUpgrade(true));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? secure : plain);
    done();
  });
}
