// OpenAPI document and UI at /api/docs, and the error response schemas every route lists.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const messageErrorSchema = z.object({
  status: z.number().int(),
  /** The message's stable code (docs/api.md "Error codes"): the web says it in the reader's language. */
  code: z.string(),
  message: z.string(),
  /** On 500 answers: the id of the request (also in X-Request-Id), to quote to support. */
  requestId: z.string().optional(),
});
export const validationErrorSchema = z.object({
  title: z.string(),
  status: z.literal(400),
  code: z.literal('validation'),
  errors: z.record(z.string(), z.array(z.string())),
});

/** Response schemas for the error statuses a route can answer. 400 may be a validation or a business error. */
export function errorSchemas<S extends number>(...statuses: S[]) {
  const result = {} as Record<
    S,
    | typeof messageErrorSchema
    | z.ZodUnion<[typeof validationErrorSchema, typeof messageErrorSchema]>
  >;
  for (const status of statuses) {
    result[status] =
      status === 400 ? z.union([validationErrorSchema, messageErrorSchema]) : messageErrorSchema;
  }
  return result;
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'DealerLeads API',
        description:
          'Used-car sales leads for dealers. Lists carry their paging in the `Pagination` header.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
