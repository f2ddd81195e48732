// /api/leads: the open list and detail (contacts masked) and the admin status edit (the wizard's POST is lead-submission).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type LeadFilter,
  leadFilterSchema,
  leadSchema,
  leadUpdateSchema,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { runWrite, writesUnderWay } from '../../db/write-batcher';
import { ReadTurns } from '../../lib/read-turns';
import { requireAdmin } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import { auditActorOf } from '../audit/audit.service';
import { leadIdParams, parseLeadId as leadId } from './lead-id';
import type { LeadListEngine } from './list-engine';
import { getLead, leadListSources, listLeads, setLeadStatus } from './leads.service';

/** Lists started per turn of the event loop while writes are under way (PostgreSQL; lib/read-turns.ts). */
const LIST_READS_PER_TURN = 4;

export function leadRoutes(database: DatabaseHandle, listEngine: LeadListEngine) {
  const { db, engine } = database;
  const sources = leadListSources(database, listEngine);
  // SQLite's statements run in the process without waiting for a turn of the event loop: only PostgreSQL's writes
  // need the lists to take turns with them.
  const turns =
    engine === 'postgres'
      ? new ReadTurns(() => writesUnderWay(db), LIST_READS_PER_TURN)
      : undefined;
  return async (app: FastifyInstance) => {
    // The engine loads every lead as the server starts, in the background (SQL answers meanwhile), and on PostgreSQL
    // hears of every lead write as it commits.
    let stopFollowing: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      listEngine.start();
      stopFollowing = listEngine.follow(database, (error) =>
        app.log.warn(
          error,
          'lead list engine: the LISTEN connection failed (list requests read the version until it is back)',
        ),
      );
    });
    app.addHook('onClose', async () => {
      await stopFollowing?.();
      await listEngine.close();
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['leads'];

    // The page arrives as JSON bytes already (each lead written by the engine or from toLead's object, exactly
    // leadSchema's fields either way): sent as it is, where the typed routes would serialize an array of objects.
    app.get<{ Querystring: LeadFilter }>('/leads', {
      schema: {
        tags,
        summary:
          'Leads, newest first; phone numbers masked unless unlocked by the caller (or Admin). `status` is for Admin ' +
          '(active, inactive or all; default all); anyone else always gets active leads.',
        querystring: leadFilterSchema,
        response: { 200: z.array(leadSchema), ...errorSchemas(400, 401) },
      },
      handler: async (request, reply) => {
        const { pageNumber, pageSize } = request.query;
        await turns?.take();
        const list = await listLeads(db, sources, request.caller, request.query);
        setPagination(reply, {
          ...paginationOf(pageNumber, pageSize, list.total),
          ...(list.totalCapped ? { totalCapped: true } : {}),
        });
        return reply.type('application/json; charset=utf-8').send(list.json);
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
  };
}
