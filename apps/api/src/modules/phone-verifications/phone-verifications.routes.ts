// /api/phone-verifications: anyone asks for a code to a mobile and confirms it for a verificationToken (design
// §11.1); public, since owners submit leads without an account, so limited per IP by the rate limiter and per number.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  phoneVerificationConfirmSchema,
  phoneVerificationIdParams,
  phoneVerificationRequestSchema,
  phoneVerificationSchema,
  phoneVerificationTokenSchema,
} from '@dealerleads/shared';
import type { Db, Engine } from '../../db/database';
import { errorSchemas } from '../../plugins/openapi';
import type { SmsDelivery } from '../sms/sms.service';
import { confirmVerification, startVerification } from './phone-verifications.service';

export interface PhoneVerificationOptions {
  secret: string;
  sms: SmsDelivery;
  clock: () => Date;
  /** Requests per minute per IP to each route. */
  perIpLimit: number;
}

export function phoneVerificationRoutes(
  { db, engine }: { db: Db; engine: Engine },
  options: PhoneVerificationOptions,
) {
  const { secret, sms, clock, perIpLimit } = options;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['phone-verifications'];

    r.post('/phone-verifications', {
      schema: {
        tags,
        summary:
          'Send a 6-digit code by SMS to an Indian mobile (expires in 10 minutes, 5 tries, another after 30 s)',
        description:
          'The text is queued in the SMS outbox and sent at once through SMS_PROVIDER (a file, MSG91 or Twilio). When the provider does not take it, the answer is 503 and the outbox worker keeps trying with backoff.',
        body: phoneVerificationRequestSchema,
        response: { 201: phoneVerificationSchema, ...errorSchemas(400, 429, 503) },
      },
      config: { rateLimit: { max: perIpLimit, timeWindow: '1 minute' } },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(
            await startVerification(
              { db, engine, secret, sms, now: clock() },
              request.body.phoneNumber,
              request.ip,
            ),
          ),
    });

    r.post('/phone-verifications/:id/confirm', {
      schema: {
        tags,
        summary: 'Confirm the code: a verificationToken bound to the number, valid for 30 minutes',
        params: phoneVerificationIdParams,
        body: phoneVerificationConfirmSchema,
        response: { 200: phoneVerificationTokenSchema, ...errorSchemas(400, 404, 429) },
      },
      config: { rateLimit: { max: perIpLimit, timeWindow: '1 minute' } },
      handler: async (request) =>
        confirmVerification(
          { db, engine, secret, sms, now: clock() },
          request.params.id,
          request.body.code,
        ),
    });
  };
}
