// GET /media/{hash}-{size}.webp: the photo files, public (photos are shown before unlock) and cached for a year, since
// a file's name is its content's hash and never names other bytes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { photoMessages } from '@dealerleads/shared';
import { notFound } from '../../plugins/errors';
import { errorSchemas } from '../../plugins/openapi';
import { MEDIA_NAME_PATTERN, type MediaStore } from './media-store';

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function mediaRoutes(store: MediaStore) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/media/:name', {
      schema: {
        tags: ['photos'],
        summary: 'A photo file (WebP): public, cached for a year',
        security: [],
        params: z.object({ name: z.string().max(100) }),
        produces: ['image/webp'],
        response: { 200: z.any().describe('The WebP image'), ...errorSchemas(404) },
      },
      handler: async (request, reply) => {
        const { name } = request.params;
        const body = MEDIA_NAME_PATTERN.test(name) ? await store.get(name) : undefined;
        if (!body) throw notFound(photoMessages.notFound);
        return reply
          .header('cache-control', MEDIA_CACHE_CONTROL)
          .header('etag', `"${name.slice(0, -'.webp'.length)}"`)
          .header('x-content-type-options', 'nosniff')
          .type('image/webp')
          .send(body);
      },
    });
  };
}
