// GET /api/me/export: the caller's own data as one JSON download; there is no way to ask for anyone else's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberExportSchema } from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { currentCaller, requireUser } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { exportMemberData } from './export.service';

/** A file name made only of safe characters, whatever the user name holds. */
export function exportFileName(userName: string, now: Date): string {
  const safe = userName.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 50) || 'member';
  return `dealerleads-${safe}-${now.toISOString().slice(0, 10)}.json`;
}

export function exportRoutes(database: DatabaseHandle) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get('/me/export', {
      schema: {
        tags: ['export'],
        summary:
          "Download the caller's own data (profile, packages, ledger, unlocked leads with contacts, notes) as one JSON file",
        response: { 200: memberExportSchema, ...errorSchemas(401, 404) },
      },
      preHandler: requireUser,
      handler: async (request, reply) => {
        const caller = currentCaller(request);
        const now = new Date();
        const data = await exportMemberData(database, caller.id, now);
        reply.header(
          'Content-Disposition',
          `attachment; filename="${exportFileName(caller.userName, now)}"`,
        );
        return data;
      },
    });
  };
}
