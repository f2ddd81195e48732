// GET /api/price-guide: what cars like one fetch on the marketplace (public, rate-limited like every API read).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { priceGuideQuerySchema, priceGuideSchema } from '@dealerleads/shared';
import { errorSchemas } from '../../plugins/openapi';
import { priceGuide, type PriceGuideSources } from './price-guide.service';

export function priceGuideRoutes(sources: PriceGuideSources, clock: () => Date) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get('/price-guide', {
      schema: {
        tags: ['leads'],
        summary:
          "The market price guide: the 10th, 50th and 90th percentile of comparable active leads' prices (same model, " +
          'year ±1, fuel, gearbox and kilometres, widened when few), how many, and how sure',
        querystring: priceGuideQuerySchema,
        response: { 200: priceGuideSchema, ...errorSchemas(400) },
      },
      handler: async (request) => priceGuide(sources, request.query, clock()),
    });
  };
}
