// GET /api/health: which database engine serves and that it answers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database';
import type { LeadListIndex } from '../leads/lead-list-index';

export function healthRoutes(database: DatabaseHandle, leadListIndex: LeadListIndex) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get('/health', {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.object({ engine: z.string(), version: z.string(), ok: z.boolean() }),
            /** The in-memory lead list: 'loading' while it reads every lead after a start (SQL answers meanwhile). */
            leadListIndex: z.enum(['loading', 'ready']),
          }),
          503: z.object({
            status: z.literal('unavailable'),
            database: z.object({ engine: z.string(), ok: z.boolean() }),
          }),
        },
      },
      handler: async (_request, reply) => {
        try {
          await sql`select 1`.execute(database.db);
          return {
            status: 'ok' as const,
            database: { engine: database.engine, version: await database.version(), ok: true },
            leadListIndex: leadListIndex.loaded ? ('ready' as const) : ('loading' as const),
          };
        } catch {
          return reply.code(503).send({
            status: 'unavailable' as const,
            database: { engine: database.engine, ok: false },
          });
        }
      },
    });
  };
}
