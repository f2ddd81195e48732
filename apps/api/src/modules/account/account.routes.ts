// POST /api/account/register and /api/account/login.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessages,
  currentUserSchema,
  userNameKey,
  loginSchema,
  memberSchema,
  registrationSchema,
  type Role,
} from '@dealerleads/shared';
import { signToken } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import type { Db } from '../../db/database';
import { toMember } from '../members/members.repository';
import { authenticate, register } from './account.service';

export function accountRoutes(db: Db, loginLimit: number) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/account/register', {
      schema: {
        tags: ['account'],
        summary: 'Sign up (roles User, Dealer, Seller or Buyer)',
        body: registrationSchema,
        response: { 201: memberSchema, ...errorSchemas(400, 429) },
      },
      config: { rateLimit: { max: loginLimit * 2, timeWindow: '1 minute' } },
      handler: async (request, reply) => {
        const user = await register(db, request.body);
        return reply.code(201).send(toMember(user));
      },
    });

    r.post('/account/login', {
      schema: {
        tags: ['account'],
        summary: 'Log in; answers the current user with a bearer token',
        body: loginSchema,
        response: { 200: currentUserSchema, ...errorSchemas(400, 401, 429) },
      },
      config: {
        rateLimit: {
          max: loginLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => {
            const body = request.body as { userName?: unknown } | undefined;
            const name = typeof body?.userName === 'string' ? userNameKey(body.userName) : '';
            return `login:${request.ip}:${name}`;
          },
          errorResponseBuilder: () => ({
            statusCode: 429,
            status: 429,
            message: apiMessages.tooManyLogins,
          }),
        },
      },
      handler: async (request) => {
        const user = await authenticate(db, request.body.userName, request.body.password);
        return {
          id: user.id,
          username: user.user_name,
          token: signToken(app, {
            id: user.id,
            userName: user.user_name,
            tokenVersion: user.token_version,
          }),
          role: user.role as Role,
        };
      },
    });
  };
}
