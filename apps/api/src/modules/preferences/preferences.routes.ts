// PUT /api/me/preferences: the caller's language ('en' | 'hi'), which the member JSON carries as `language`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preferencesSchema } from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { currentCaller, requireUser } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { setPreferences } from './preferences.service';

export function preferencesRoutes(database: DatabaseHandle) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.put('/me/preferences', {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: "Keep the caller's language for every device: 'en' or 'hi'",
        body: preferencesSchema,
        response: { 200: preferencesSchema, ...errorSchemas(400, 401) },
      },
      handler: async (request) =>
        setPreferences(db, engine, currentCaller(request).id, request.body),
    });
  };
}
