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
  LANGUAGES,
  type Language,
  type Role,
} from '@dealerleads/shared';
import { signToken } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { errorSchemas } from '../../plugins/openapi';
import type { Db } from '../../db/database';
import { toMember } from '../members/members.repository';
import { authenticate, register } from './account.service';
import type { PasswordHasher } from '../members/passwords';

export function accountRoutes(
  db: Db,
  passwords: PasswordHasher,
  limits: { login: number; loginPerIp: number },
) {
  const loginLimit = limits.login;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/account/register', {
      schema: {
        tags: ['account'],
        summary: 'Sign up (roles User, Dealer, Seller or Buyer)',
        body: registrationSchema,
        response: { 201: memberSchema, ...errorSchemas(400, 429, 503) },
      },
      config: { rateLimit: { max: loginLimit * 2, timeWindow: '1 minute' } },
      handler: async (request, reply) => {
        const user = await register(db, passwords, request.body);
        return reply.code(201).send(toMember(user));
      },
    });

    // Per IP whatever the user names, checked when the request arrives: before its body is read and long before
    // any argon2 run, so random names from one address cannot keep the hashing busy. (The route's own limit, per
    // IP and name, is the rate-limit plugin's one hook per request, hence this separate counter.)
    const loginsPerIp = app.createRateLimit({
      max: limits.loginPerIp,
      timeWindow: '1 minute',
      keyGenerator: (request) => `login-ip:${request.ip}`,
    });

    r.post('/account/login', {
      schema: {
        tags: ['account'],
        summary: 'Log in; answers the current user with a bearer token',
        body: loginSchema,
        response: { 200: currentUserSchema, ...errorSchemas(400, 401, 429, 503) },
      },
      onRequest: async (request, reply) => {
        const limit = await loginsPerIp(request);
        if (!limit.isAllowed && limit.isExceeded) {
          void reply.header('retry-after', limit.ttlInSeconds);
          throw new HttpError(429, apiMessages.tooManyLogins);
        }
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
        const user = await authenticate(
          db,
          passwords,
          request.body.userName,
          request.body.password,
        );
        return {
          id: user.id,
          username: user.user_name,
          token: signToken(app, {
            id: user.id,
            userName: user.user_name,
            tokenVersion: user.token_version,
          }),
          role: user.role as Role,
          language: (LANGUAGES as readonly (string | null)[]).includes(user.language)
            ? (user.language as Language)
            : null,
        };
      },
    });
  };
}
