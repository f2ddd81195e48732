// /api/me/leads: My Leads, the logged-in dealer's own unlocked leads. There is no path to anyone else's.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  followUpCountsSchema,
  idParam,
  leadNoteCreateSchema,
  leadNoteSchema,
  myLeadSchema,
  myLeadUpdateSchema,
  myLeadsQuerySchema,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { currentCaller, requireUser } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import { todayInIndia } from '../../lib/calendar';
import {
  addNote,
  followUpCounts,
  listMyLeads,
  listNotes,
  myLeadsCsv,
  updateMyLead,
} from './my-leads.service';

const leadParams = z.object({ leadId: idParam });

export function myLeadsRoutes(database: DatabaseHandle) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['my leads'];

    r.get('/me/leads', {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'The leads the caller unlocked, newest unlock first, with stage, follow-up and last note',
        querystring: myLeadsQuerySchema,
        response: { 200: z.array(myLeadSchema), ...errorSchemas(400, 401) },
      },
      handler: async (request, reply) => {
        const { pageNumber, pageSize } = request.query;
        const { items, total } = await listMyLeads(
          database,
          currentCaller(request).id,
          request.query,
        );
        setPagination(reply, paginationOf(pageNumber, pageSize, total));
        return items;
      },
    });

    r.get('/me/leads.csv', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The current My Leads view (every page) as CSV: UTF-8 with BOM, formulas defused',
        querystring: myLeadsQuerySchema,
        response: { 200: z.string(), ...errorSchemas(400, 401) },
      },
      handler: async (request, reply) => {
        const stream = myLeadsCsv(database, currentCaller(request).id, request.query);
        // A stream is sent as it is: the string schema only documents the body.
        const untyped: FastifyReply = reply;
        return untyped
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="my-leads-${todayInIndia()}.csv"`)
          .send(stream);
      },
    });

    r.get('/me/leads/follow-ups', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "How many of the caller's follow-ups are due today and overdue (India time)",
        response: { 200: followUpCountsSchema, ...errorSchemas(401) },
      },
      handler: async (request) => followUpCounts(db, currentCaller(request).id),
    });

    r.put('/me/leads/:leadId', {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Change the stage and/or follow-up date (null clears it) of a lead the caller unlocked',
        params: leadParams,
        body: myLeadUpdateSchema,
        response: { 200: myLeadSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) =>
        updateMyLead(db, engine, currentCaller(request).id, request.params.leadId, request.body),
    });

    r.get('/me/leads/:leadId/notes', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The caller's notes on a lead they unlocked, newest first",
        params: leadParams,
        response: { 200: z.array(leadNoteSchema), ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) => listNotes(db, currentCaller(request).id, request.params.leadId),
    });

    r.post('/me/leads/:leadId/notes', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Add a timestamped note to a lead the caller unlocked',
        params: leadParams,
        body: leadNoteCreateSchema,
        response: { 201: leadNoteSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(
            await addNote(
              db,
              engine,
              currentCaller(request).id,
              request.params.leadId,
              request.body.text,
            ),
          ),
    });
  };
}
