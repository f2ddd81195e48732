// GET /api/health (which database serves, that it answers, the lead list engine's state) and GET /api/health/ready
// (200 only when this process answers lists from its engine: what a load balancer should wait for).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database';
import { holdsToken } from '../../plugins/metrics';
import { currentLeadsVersion, type LeadListEngine } from '../leads/list-engine';

const engineStates = z.enum(['loading', 'ready', 'behind', 'failed']);

/**
 * `metricsToken`: the database's exact version (a hint for an attacker choosing exploits) is shown only to a caller
 * holding it, as for /metrics; undefined shows it to nobody.
 */
export function healthRoutes(
  database: DatabaseHandle,
  listEngine: LeadListEngine,
  metricsToken: string | undefined,
) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/health', {
      config: { metricsBearer: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness, database check and the lead list engine state',
        response: {
          200: z.object({
            status: z.literal('ok'),
            /** `version` only for a caller sending the metrics bearer token (METRICS_TOKEN). */
            database: z.object({
              engine: z.string(),
              version: z.string().optional(),
              ok: z.boolean(),
            }),
            /** The lead list engine: 'loading' after a start, 'behind' while it applies many changes, 'failed' after an
             * error; SQL answers lists in all three. */
            leadListIndex: engineStates,
            leadListLeads: z.number().int(),
            /** Memory the engine holds, in MB (bitmaps and per-lead arrays). */
            leadListMegabytes: z.number(),
            /** Seconds the engine's last full load took. */
            leadListLoadSeconds: z.number().nullable(),
            /** Where the last load came from: every lead read, or the snapshot brought up to date. */
            leadListLoadedFrom: z.enum(['database', 'snapshot']).nullable(),
          }),
          503: z.object({
            status: z.literal('unavailable'),
            database: z.object({ engine: z.string(), ok: z.boolean() }),
          }),
        },
      },
      handler: async (request, reply) => {
        try {
          await sql`select 1`.execute(database.db);
          const showVersion =
            metricsToken !== undefined && holdsToken(request.headers.authorization, metricsToken);
          return {
            status: 'ok' as const,
            database: {
              engine: database.engine,
              ...(showVersion ? { version: await database.version() } : {}),
              ok: true,
            },
            leadListIndex: await listEngine.statusAt(await currentLeadsVersion(database.db)),
            leadListLeads: listEngine.size,
            leadListMegabytes: Math.round(listEngine.memoryBytes / 1e5) / 10,
            leadListLoadSeconds: listEngine.loadSeconds ?? null,
            leadListLoadedFrom: listEngine.loadedFrom ?? null,
          };
        } catch {
          return reply.code(503).send({
            status: 'unavailable' as const,
            database: { engine: database.engine, ok: false },
          });
        }
      },
    });

    r.get('/health/ready', {
      schema: {
        tags: ['health'],
        summary:
          'Readiness: 200 while the lead list engine answers lists, 503 while it loads, lags or has failed',
        response: {
          200: z.object({ ready: z.literal(true) }),
          503: z.object({ ready: z.literal(false), leadListIndex: engineStates }),
        },
      },
      handler: async (_request, reply) => {
        const status = await listEngine
          .statusAt(await currentLeadsVersion(database.db))
          .catch(() => 'failed' as const);
        // Through a bulk catch-up (an import) the engine goes on answering lists: still ready for traffic.
        if (status === 'ready' || (status === 'behind' && listEngine.answering))
          return { ready: true as const };
        return reply.code(503).send({ ready: false as const, leadListIndex: status });
      },
    });
  };
}
