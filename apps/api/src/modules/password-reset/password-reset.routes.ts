// /api/password-resets: anyone asks for a reset of a login and confirms it with the SMS code or the e-mailed link
// (design §11.1, docs/accounts.md). Public, so limited per IP before the body is read, and per login in the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  passwordResetAnswerSchema,
  passwordResetConfirmSchema,
  passwordResetLinkSchema,
  passwordResetMessages,
  passwordResetRequestSchema,
} from '@dealerleads/shared';
import type { Db, Engine } from '../../db/database';
import { errorSchemas } from '../../plugins/openapi';
import type { PasswordHasher } from '../members/passwords';
import type { SmsDelivery } from '../sms/sms.service';
import {
  confirmPasswordResetCode,
  confirmPasswordResetLink,
  requestPasswordReset,
} from './password-reset.service';

export interface PasswordResetOptions {
  secret: string;
  sms: SmsDelivery;
  clock: () => Date;
  /** Requests per minute per IP to each route (the login's per-IP limit). */
  perIpLimit: number;
}

export function passwordResetRoutes(
  database: { db: Db; engine: Engine },
  passwords: PasswordHasher,
  options: PasswordResetOptions,
) {
  const { secret, sms, clock, perIpLimit } = options;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['account'];
    const rateLimit = { max: perIpLimit, timeWindow: '1 minute', hook: 'onRequest' as const };
    const deps = () => ({ ...database, secret, now: clock() });

    r.post('/password-resets', {
      schema: {
        tags,
        summary:
          'Forgot password: a 6-digit code by SMS to the member’s mobile and a link to their verified e-mail; the same 202 for any login',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetAnswerSchema, ...errorSchemas(400, 429) },
      },
      config: { rateLimit },
      handler: async (request, reply) =>
        reply.code(202).send(
          await requestPasswordReset(
            {
              ...deps(),
              sms,
              onSmsError: (error) => request.log.warn({ err: error }, 'a reset SMS was not sent'),
            },
            request.body.login,
            request.ip,
          ),
        ),
    });

    r.post('/password-resets/confirm', {
      schema: {
        tags,
        summary:
          'Set a new password with the SMS code (10 minutes, 5 tries); ends every session of the member',
        body: passwordResetConfirmSchema,
        response: { 200: passwordResetAnswerSchema, ...errorSchemas(400, 429, 503) },
      },
      config: { rateLimit },
      handler: async (request) => {
        const id = await confirmPasswordResetCode(deps(), passwords, request.body, request.ip);
        // This process forgets the member at once; the others when PostgreSQL's notification reaches them.
        request.server.callerCache.forget(id);
        return { message: passwordResetMessages.done };
      },
    });

    r.post('/password-resets/confirm-link', {
      schema: {
        tags,
        summary:
          'Set a new password with the e-mailed link’s token (30 minutes, once); ends every session of the member',
        body: passwordResetLinkSchema,
        response: { 200: passwordResetAnswerSchema, ...errorSchemas(400, 429, 503) },
      },
      config: { rateLimit },
      handler: async (request) => {
        const id = await confirmPasswordResetLink(deps(), passwords, request.body, request.ip);
        request.server.callerCache.forget(id);
        return { message: passwordResetMessages.done };
      },
    });
  };
}
