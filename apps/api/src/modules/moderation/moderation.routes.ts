// /api/moderation: the Admin queue of flagged leads, and the decisions on them (each audited as lead.moderate).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  moderationDecisionSchema,
  moderationItemSchema,
  moderationQuerySchema,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { requireAdmin } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import { auditActorOf } from '../audit/audit.service';
import { leadIdParams, parseLeadId as leadId } from '../leads/lead-id';
import { decideModeration, listModeration } from './moderation.service';

export function moderationRoutes(database: DatabaseHandle) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['moderation'];

    r.get('/moderation', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Admin: leads in a moderation status (flagged by default), newest first, paged',
        querystring: moderationQuerySchema,
        response: { 200: z.array(moderationItemSchema), ...errorSchemas(400, 401, 403) },
      },
      handler: async (request, reply) => {
        const { pageNumber, pageSize } = request.query;
        const { items, total } = await listModeration(database, request.query);
        setPagination(reply, paginationOf(pageNumber, pageSize, total));
        return items;
      },
    });

    r.put('/moderation/:id/approve', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Admin: approve a flagged lead (it joins the list if still open); audited',
        params: leadIdParams,
        response: { 200: moderationItemSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) =>
        decideModeration(database, auditActorOf(request), leadId(request.params.id), {
          approve: true,
        }),
    });

    r.put('/moderation/:id/deactivate', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Admin: deactivate a flagged lead with a reason; audited',
        params: leadIdParams,
        body: moderationDecisionSchema,
        response: { 200: moderationItemSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) =>
        decideModeration(database, auditActorOf(request), leadId(request.params.id), {
          approve: false,
          reason: request.body.reason,
        }),
    });
  };
}
