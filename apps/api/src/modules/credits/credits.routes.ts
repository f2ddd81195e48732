// /api/me/credits and /api/me/ledger for the dealer; a member's credits, ledger and adjustments for Admin.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditAdjustmentSchema,
  creditsSummarySchema,
  memberCreditsSummarySchema,
  ledgerEntrySchema,
  ledgerQuerySchema,
  memberIdParams,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { assertSelfOrAdmin, currentCaller, requireAdmin, requireUser } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import { auditActorOf } from '../audit/audit.service';
import { adjustCredits, creditsSummary, ledgerPage } from './credits.service';

export function creditsRoutes(database: DatabaseHandle) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['credits'];
    /** A page of a member's ledger, its paging in the Pagination header. */
    const sendLedger = async (
      reply: FastifyReply,
      userId: number,
      paging: { pageNumber: number; pageSize: number },
    ) => {
      const { entries, total } = await ledgerPage(database, userId, paging);
      setPagination(reply, paginationOf(paging.pageNumber, paging.pageSize, total));
      return entries;
    };

    r.get('/me/credits', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Your balance usable today and your active packages with their end dates',
        response: { 200: creditsSummarySchema, ...errorSchemas(401) },
      },
      handler: async (request) => creditsSummary(db, engine, currentCaller(request).id),
    });

    r.get('/me/ledger', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Your credit ledger, newest first, with the running balance and lead links',
        querystring: ledgerQuerySchema,
        response: { 200: z.array(ledgerEntrySchema), ...errorSchemas(400, 401) },
      },
      handler: async (request, reply) =>
        sendLedger(reply, currentCaller(request).id, request.query),
    });

    r.get('/members/:userId/credits', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A member's balance and active packages (Admin or that member)",
        params: memberIdParams,
        response: { 200: memberCreditsSummarySchema, ...errorSchemas(400, 401, 403) },
      },
      handler: async (request) => {
        assertSelfOrAdmin(request.caller, request.params.userId);
        const [summary, member] = await Promise.all([
          creditsSummary(db, engine, request.params.userId),
          db
            .selectFrom('users')
            .select(['id', 'user_name', 'name'])
            .where('id', '=', request.params.userId)
            .executeTakeFirst(),
        ]);
        return {
          ...summary,
          member: member ? { id: member.id, userName: member.user_name, name: member.name } : null,
        };
      },
    });

    r.get('/members/:userId/ledger', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A member's credit ledger, newest first (Admin or that member)",
        params: memberIdParams,
        querystring: ledgerQuerySchema,
        response: { 200: z.array(ledgerEntrySchema), ...errorSchemas(400, 401, 403) },
      },
      handler: async (request, reply) => {
        assertSelfOrAdmin(request.caller, request.params.userId);
        return sendLedger(reply, request.params.userId, request.query);
      },
    });

    r.post('/members/:userId/credits/adjustments', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Admin: add or take credits on one of a member's packages, with a reason (audited)",
        params: memberIdParams,
        body: creditAdjustmentSchema,
        response: { 200: creditsSummarySchema, ...errorSchemas(400, 401, 403) },
      },
      handler: async (request) =>
        adjustCredits(db, engine, auditActorOf(request), request.params.userId, request.body),
    });
  };
}
