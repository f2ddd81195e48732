// /api/leads: the open list and detail (contacts masked), the admin status edit, the wizard submission, the unlock.
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiMessages,
  leadFilterSchema,
  leadSchema,
  leadSubmissionResultSchema,
  leadSubmissionSchema,
  leadUpdateSchema,
  unlockResultSchema,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { currentCaller, requireAdmin, requireUser } from '../../plugins/auth';
import { badRequest } from '../../plugins/errors';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import { auditActorOf } from '../audit/audit.service';
import { unlockLead } from '../unlocks/unlock.service';
import type { LeadListIndex } from './lead-list-index';
import {
  getLead,
  leadListSources,
  leadListBody,
  listLeads,
  setLeadStatus,
  submitLead,
} from './leads.service';

const leadIdParams = z.object({ id: z.string().max(20) });

/** spec §2.4: a non-numeric or non-positive id is 'Invalid lead ID'. */
function leadId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw badRequest(apiMessages.invalidLeadId);
  return id;
}

/** Whether the client takes a gzip body (every browser does; load tools and scripts often do not ask). */
function acceptsGzip(request: FastifyRequest): boolean {
  return /\bgzip\b/i.test(request.headers['accept-encoding'] ?? '');
}

export function leadRoutes(
  database: DatabaseHandle,
  leadSubmitLimit: number,
  listIndex: LeadListIndex,
  { leadTtlDays, clock }: { leadTtlDays: number; clock: () => Date },
) {
  const { db, engine } = database;
  const sources = leadListSources(engine, listIndex);
  return async (app: FastifyInstance) => {
    // The list index starts reading every lead as the server starts, in the background (SQL answers meanwhile).
    app.addHook('onReady', async () => {
      listIndex.startLoading(db, (error) =>
        app.log.error(error, 'lead list index: loading failed'),
      );
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['leads'];

    r.get('/leads', {
      schema: {
        tags,
        summary:
          'Leads, newest first; phone numbers masked unless unlocked by the caller (or Admin)',
        querystring: leadFilterSchema,
        response: { 200: z.array(leadSchema), ...errorSchemas(400, 401) },
      },
      handler: async (request, reply) => {
        const { pageNumber, pageSize } = request.query;
        const list = await listLeads(db, sources, request.caller, request.query, (error) =>
          request.log.error(error, 'lead list index: loading failed'),
        );
        const { total, totalCapped } = list.page;
        setPagination(reply, {
          ...paginationOf(pageNumber, pageSize, total),
          ...(totalCapped ? { totalCapped } : {}),
        });
        // The body is written as bytes with the page (lead-page-body.ts), the very bytes this route's response schema
        // would serialize; callers who unlocked none of the page's leads all get the same ones.
        const body = leadListBody(list);
        const untyped: FastifyReply = reply.type('application/json; charset=utf-8');
        void untyped.header('Vary', 'Accept-Encoding');
        if (!acceptsGzip(request)) return untyped.send(body);
        // A lead page is ~20 KB of JSON and ~4 KB gzipped: on a phone's connection that is most of the wait.
        const gzipped =
          body === list.page.body.bytes
            ? (list.page.gzippedBody ??= gzipSync(body))
            : gzipSync(body);
        return untyped.header('Content-Encoding', 'gzip').send(gzipped);
      },
    });

    r.get('/leads/:id', {
      schema: {
        tags,
        summary: 'One lead; phone masked unless unlocked by the caller (or Admin)',
        params: leadIdParams,
        response: { 200: leadSchema, ...errorSchemas(400, 401, 404) },
      },
      handler: async (request) => getLead(db, request.caller, leadId(request.params.id)),
    });

    r.put('/leads/update/:id', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Admin: change a lead status (other fields are read-only)',
        params: leadIdParams,
        body: leadUpdateSchema,
        response: { 200: leadSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) => {
        const id = leadId(request.params.id);
        return runWrite(db, engine, (tx) =>
          setLeadStatus(tx, id, request.body.status, auditActorOf(request)),
        );
      },
    });

    r.post('/leads', {
      schema: {
        tags,
        summary:
          "Submit a car (the lead wizard; consent required); answers with the owner's private link. Rate-limited per IP",
        body: leadSubmissionSchema,
        response: { 201: leadSubmissionResultSchema, ...errorSchemas(400, 429) },
      },
      config: { rateLimit: { max: leadSubmitLimit, timeWindow: '1 minute' } },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(await submitLead(database, request.body, { leadTtlDays, now: clock() })),
    });

    r.post('/leads/:id/unlock', {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Unlock a lead contact: one credit from the package ending soonest, never twice for one lead',
        params: leadIdParams,
        response: { 200: unlockResultSchema, ...errorSchemas(400, 401, 404) },
      },
      handler: async (request) =>
        unlockLead(db, engine, currentCaller(request), leadId(request.params.id), request.ip),
    });
  };
}
