// Serves the built web app with an SPA fallback for its screens; other page paths get index.html with HTTP 404 (the app
// shows its not-found screen), and unknown /api paths and missing files (a stale /assets/*.js) stay JSON 404s.
// The web build writes a Brotli (.br) and a gzip (.gz) copy beside each text file; they are sent
// to clients that accept them (the SPA fallback's index.html too), the plain file to the others.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiMessages, isWebRoute } from '@dealerleads/shared';
import { errorBody } from './errors';
import { isApiPath, requestPath } from './request-path';

const INDEX_HTML = 'index.html';
/** The service worker and what it loads must be checked on every visit, or a release never reaches installed apps. */
const REVALIDATED =
  /^(?:index\.html|sw\.js|workbox-[\w-]+\.js|push-handler\.js|manifest\.webmanifest)(?:\.br|\.gz)?$/;
/** A path naming a file (an extension) or under a file folder is never a screen. */
const FILE_PATH = /^\/(?:assets|media)\/|\.[A-Za-z0-9]+$/;

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
        } else if (REVALIDATED.test(path.basename(filePath))) {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = requestPath(request);
    if (
      isApiPath(pathname) ||
      FILE_PATH.test(pathname) ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send(errorBody(404, apiMessages.notFound));
    }
    if (!isWebRoute(pathname)) reply.code(404);
    return reply.sendFile(INDEX_HTML);
  });
}
