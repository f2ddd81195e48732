// /api/admin/insights: KPIs and chart series of a period for Admins, from the daily rollups.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { insightsQuerySchema, insightsSchema } from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { requireAdmin } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { readInsights } from './insights.service';

export function insightsRoutes(database: DatabaseHandle, clock: () => Date) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/admin/insights', {
      preHandler: requireAdmin,
      schema: {
        tags: ['insights'],
        summary:
          'Admin: KPIs and charts of a period (India days from..to inclusive; the last 30 days by default)',
        querystring: insightsQuerySchema,
        response: { 200: insightsSchema, ...errorSchemas(400, 401, 403) },
      },
      handler: async (request) => readInsights(database, request.query, clock()),
    });
  };
}
