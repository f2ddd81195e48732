// Unlocking a lead (POST /api/leads/{id}/unlock) and the spec's own credit calls (subtract credit, record a lead view,
// viewed-lead lookups), for the caller's own data.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sameUserName,
  apiMessages,
  checkLeadViewedQuerySchema,
  idParams,
  leadViewRecordSchema,
  unlockResultSchema,
  userPackageSchema,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { assertSelfOrAdmin, currentCaller, requireUser } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';
import { errorSchemas } from '../../plugins/openapi';
import { findUserByName } from '../members/members.repository';
import { findUnlock, unlockedLeadIdsOf } from './unlocks.repository';
import { leadIdParams, parseLeadId } from '../leads/lead-id';
import { recordLeadView, subtractCredit, unlockLead } from './unlocks.service';

const leadViewResponse = z.object({
  userPackageMapId: z.number().int(),
  leadId: z.number().int(),
  creditDebited: z.number().int(),
  ipAddress: z.string().nullable(),
});

export function unlockRoutes(database: DatabaseHandle) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['credits'];

    r.post('/leads/:id/unlock', {
      preHandler: requireUser,
      schema: {
        tags: ['leads'],
        summary:
          'Unlock a lead contact: one credit from the package ending soonest, never twice for one lead',
        params: leadIdParams,
        response: { 200: unlockResultSchema, ...errorSchemas(400, 401, 404) },
      },
      handler: async (request) =>
        unlockLead(db, engine, currentCaller(request), parseLeadId(request.params.id), request.ip),
    });

    r.put('/userpackage/subtractcredit/:id', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Take one credit from your own package (prefer POST /api/leads/{id}/unlock)',
        params: idParams,
        response: { 200: userPackageSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) =>
        subtractCredit(db, engine, currentCaller(request), request.params.id),
    });

    r.post('/userpackagelead/add', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Record a lead view against your own package, using a credit already subtracted',
        body: leadViewRecordSchema,
        response: { 200: leadViewResponse, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) =>
        recordLeadView(db, engine, currentCaller(request), request.body, request.ip),
    });

    r.get('/userpackagelead/user/:username', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Ids of the leads a member has unlocked (that member or Admin)',
        params: z.object({ username: z.string().max(50) }),
        response: { 200: z.array(z.number().int()), ...errorSchemas(401, 403, 404) },
      },
      handler: async (request) => {
        const caller = currentCaller(request);
        const self = sameUserName(caller.userName, request.params.username);
        if (!self && caller.role !== 'Admin') throw forbidden();
        const user = self ? { id: caller.id } : await findUserByName(db, request.params.username);
        if (!user) throw notFound(apiMessages.memberNotFound);
        return unlockedLeadIdsOf(db, user.id);
      },
    });

    r.get('/userpackage/checkleadviewed', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Whether a member has unlocked a lead (that member or Admin)',
        querystring: checkLeadViewedQuerySchema,
        response: { 200: z.boolean(), ...errorSchemas(400, 401, 403) },
      },
      handler: async (request) => {
        assertSelfOrAdmin(request.caller, request.query.userId);
        return (await findUnlock(db, request.query.userId, request.query.leadId)) !== undefined;
      },
    });
  };
}
