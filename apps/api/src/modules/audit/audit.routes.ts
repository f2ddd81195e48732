// GET /api/admin/audit: the audit log for Admins, filtered and paged. No route changes or deletes an entry.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditFilterSchema } from '@dealerleads/shared';
import type { LongReads } from '../../db/database';
import { requireAdmin } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import { searchAuditLog, targetMembersOf, toAuditEntry } from './audit.repository';

export function auditRoutes(database: LongReads) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/admin/audit', {
      schema: {
        tags: ['audit'],
        summary:
          'The audit log of Admin actions, newest first, naming the member an action was about (Admin); filters actor, action, from, to (days in India); paging in the Pagination header',
        querystring: auditFilterSchema,
        response: { 200: z.array(auditEntrySchema), ...errorSchemas(400, 401, 403) },
      },
      preHandler: requireAdmin,
      handler: async (request, reply) => {
        const filter = request.query;
        const { rows, total } = await searchAuditLog(database, filter);
        setPagination(reply, paginationOf(filter.pageNumber, filter.pageSize, total));
        const members = await targetMembersOf(database, rows);
        return rows.map((row) => toAuditEntry(row, members));
      },
    });
  };
}
