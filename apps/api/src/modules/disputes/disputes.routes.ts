// Disputes: the dealer's report of a problem with an unlocked lead and their outcomes; the Admin's queue and decisions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDisputeSchema,
  disputeCreateSchema,
  disputeDecisionResultSchema,
  disputeDecisionSchema,
  disputeQueueQuerySchema,
  disputeSchema,
  idParams,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { currentCaller, requireAdmin, requireUser } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import { auditActorOf } from '../audit/audit.service';
import { leadIdParams, parseLeadId } from '../leads/lead-id';
import { decideDispute, disputeQueue, myDisputes, openDispute } from './disputes.service';

export function disputesRoutes(database: DatabaseHandle, clock: () => Date) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['disputes'];

    r.post('/leads/:id/disputes', {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Report a problem with a lead you unlocked: within 7 × 24 hours of the unlock, once',
        params: leadIdParams,
        body: disputeCreateSchema,
        response: { 201: disputeSchema, ...errorSchemas(400, 401, 404, 409) },
      },
      handler: async (request, reply) => {
        const dispute = await openDispute(
          db,
          engine,
          currentCaller(request),
          parseLeadId(request.params.id),
          request.body,
          clock(),
        );
        return reply.code(201).send(dispute);
      },
    });

    r.get('/me/disputes', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Your disputes and their outcomes, newest first',
        response: { 200: z.array(disputeSchema), ...errorSchemas(401) },
      },
      handler: async (request) => myDisputes(db, currentCaller(request).id),
    });

    r.get('/disputes', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Admin: the disputes queue, pending first, each with the lead and its other disputes',
        querystring: disputeQueueQuerySchema,
        response: { 200: z.array(adminDisputeSchema), ...errorSchemas(400, 401, 403) },
      },
      handler: async (request, reply) => {
        const { items, total } = await disputeQueue(db, request.query);
        setPagination(reply, paginationOf(request.query.pageNumber, request.query.pageSize, total));
        return items;
      },
    });

    for (const [path, decision] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
    ] as const) {
      r.put(`/disputes/:id/${path}`, {
        preHandler: requireAdmin,
        schema: {
          tags,
          summary:
            decision === 'approved'
              ? 'Admin: approve a pending dispute: refund its credit (audited)'
              : 'Admin: reject a pending dispute with a note (audited)',
          params: idParams,
          body: disputeDecisionSchema,
          response: { 200: disputeDecisionResultSchema, ...errorSchemas(400, 401, 403, 404, 409) },
        },
        handler: async (request) =>
          decideDispute(
            db,
            engine,
            auditActorOf(request),
            request.params.id,
            decision,
            request.body,
          ),
      });
    }
  };
}
