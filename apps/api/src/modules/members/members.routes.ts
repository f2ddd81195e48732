// /api/users: the member list, dropdown, one member and the member edit (docs/api.md "Members", docs/api.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  LIMITS,
  memberDropdownItemSchema,
  memberFilterSchema,
  memberSchema,
  memberUpdateSchema,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { currentCaller, requireAdmin, requireUser } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import type { PasswordHasher } from './passwords';
import { auditActorOf } from '../audit/audit.service';
import { getMember, listMembers, memberDropdown, updateMember } from './members.service';

const userNameParams = z.object({
  userName: z
    .string()
    .trim()
    .min(1, 'userName is required')
    .max(LIMITS.userNameMax, `userName must be at most ${LIMITS.userNameMax} characters`),
});

export function membersRoutes(database: DatabaseHandle, passwords: PasswordHasher) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['members'];

    r.get('/users', {
      schema: {
        tags,
        summary: 'Search members (Admin); paging in the Pagination header',
        querystring: memberFilterSchema,
        response: { 200: z.array(memberSchema), ...errorSchemas(400, 401, 403) },
      },
      preHandler: requireAdmin,
      handler: async (request, reply) => {
        const filter = request.query;
        const { members, total } = await listMembers(database, filter);
        setPagination(reply, paginationOf(filter.pageNumber, filter.pageSize, total));
        return members;
      },
    });

    // Declared before /users/:userName for readers; Fastify's router prefers the static segment anyway.
    r.get('/users/dropdown', {
      schema: {
        tags,
        summary: 'Every member as id, userName and name, by userName (Admin)',
        response: { 200: z.array(memberDropdownItemSchema), ...errorSchemas(401, 403) },
      },
      preHandler: requireAdmin,
      handler: async () => memberDropdown(db),
    });

    r.get('/users/:userName', {
      schema: {
        tags,
        summary: 'One member by user name (Admin, or the member themselves)',
        params: userNameParams,
        response: { 200: memberSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      preHandler: requireUser,
      handler: async (request) => getMember(db, currentCaller(request), request.params.userName),
    });

    r.put('/users/update/:id', {
      schema: {
        tags,
        summary:
          'Update a member (Admin: every field incl. role, status, password; a member: their own profile only)',
        params: idParams,
        body: memberUpdateSchema,
        response: { 200: memberSchema, ...errorSchemas(400, 401, 403, 404, 503) },
      },
      preHandler: requireUser,
      // This process forgets the member at once; the others when PostgreSQL's notification reaches them.
      handler: async (request) =>
        updateMember(
          database,
          passwords,
          currentCaller(request),
          request.params.id,
          request.body,
          auditActorOf(request),
        ).finally(() => request.server.callerCache.forget(request.params.id)),
    });
  };
}
