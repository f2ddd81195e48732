// /api/owner/leads/{token}: the owner's private view of their lead and its changes (price, sold, withdrawn). Open to
// whoever holds the link, rate-limited per IP against guessing; the token is never logged (see app.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerLeadSchema, ownerLeadUpdateSchema } from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { errorSchemas } from '../../plugins/openapi';
import { getOwnerLead, updateOwnerLead } from './owners.service';

const tokenParams = z.object({ token: z.string().max(100) });

export function ownerRoutes(
  database: DatabaseHandle,
  { ownerLimit, clock }: { ownerLimit: number; clock: () => Date },
) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['owners'];
    const rateLimit = { max: ownerLimit, timeWindow: '1 minute' };

    r.get('/owner/leads/:token', {
      schema: {
        tags,
        summary:
          "The owner's lead through their private link: status and how many dealers unlocked it",
        params: tokenParams,
        response: { 200: ownerLeadSchema, ...errorSchemas(404, 429) },
      },
      config: { rateLimit },
      handler: async (request) => getOwnerLead(database.db, request.params.token),
    });

    r.put('/owner/leads/:token', {
      schema: {
        tags,
        summary:
          'The owner changes the price, or marks the car sold or withdrawn (it leaves the list at once)',
        params: tokenParams,
        body: ownerLeadUpdateSchema,
        response: { 200: ownerLeadSchema, ...errorSchemas(400, 404, 429) },
      },
      config: { rateLimit },
      handler: async (request) =>
        updateOwnerLead(database, request.params.token, request.body, clock()),
    });
  };
}
