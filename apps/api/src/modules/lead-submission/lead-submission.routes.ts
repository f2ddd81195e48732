// POST /api/leads: the wizard's submission (rate-limited per IP).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leadSubmissionResultSchema, leadSubmissionSchema } from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { errorSchemas } from '../../plugins/openapi';
import type { PriceGuideSources } from '../price-guide/price-guide.service';
import { submitLead } from './lead-submission.service';

export function leadSubmissionRoutes(
  database: DatabaseHandle,
  leadSubmitLimit: number,
  {
    leadTtlDays,
    clock,
    priceGuide,
  }: { leadTtlDays: number; clock: () => Date; priceGuide: PriceGuideSources },
) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post('/leads', {
      schema: {
        tags: ['leads'],
        summary:
          "Submit a car (the lead wizard; consent required); answers with the owner's private link. Rate-limited per IP",
        body: leadSubmissionSchema,
        response: { 201: leadSubmissionResultSchema, ...errorSchemas(400, 429) },
      },
      config: { rateLimit: { max: leadSubmitLimit, timeWindow: '1 minute' } },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(
            await submitLead(database, request.body, { leadTtlDays, now: clock(), priceGuide }),
          ),
    });
  };
}
