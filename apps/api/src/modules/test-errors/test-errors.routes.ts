// The test-errors page's calls (docs/api.md "Test calls"): one route per error shape.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { errorSchemas } from '../../plugins/openapi';

export async function testErrorsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['test errors'];
  r.get('/buggy/bad-request', { schema: { tags, response: errorSchemas(400) } }, async () => {
    throw badRequest('This is a bad request');
  });
  r.get(
    '/buggy/auth',
    {
      schema: { tags, response: { 200: z.string(), ...errorSchemas(401) } },
      preHandler: requireUser,
    },
    async () => 'secret text',
  );
  r.get('/buggy/not-found', { schema: { tags, response: errorSchemas(404) } }, async () => {
    throw notFound('The thing you asked for was not found');
  });
  r.get('/buggy/server-error', { schema: { tags, response: errorSchemas(500) } }, async () => {
    throw new Error('This is a server error');
  });
}
