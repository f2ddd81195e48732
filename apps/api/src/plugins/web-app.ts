// Serves the built web app with an SPA fallback; unknown /api paths stay JSON 404s.
// The web build writes a Brotli (.br) and a gzip (.gz) copy beside each text file; they are sent
// to clients that accept them (the SPA fallback's index.html too), the plain file to the others.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '@dealerleads/shared';
import { isApiPath, requestPath } from './request-path';

const INDEX_HTML = 'index.html';

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, INDEX_HTML));
  if (hasWeb) {
    const assetsDir = `${path.sep}assets${path.sep}`;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/, so it may be cached for good. index.html (or its
        // .br/.gz copy) names the current assets: browsers must check it again on every visit.
        if (filePath.includes(assetsDir)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (path.basename(filePath).startsWith(INDEX_HTML)) {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      isApiPath(requestPath(request)) ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ status: 404, message: apiMessages.notFound });
    }
    return reply.sendFile(INDEX_HTML);
  });
}
