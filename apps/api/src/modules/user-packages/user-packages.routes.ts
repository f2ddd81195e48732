// /api/userpackage: Admin assigns packages to members; members read their own.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiMessages,
  idParams,
  pagingQuery,
  userPackageInputSchema,
  userPackageSchema,
  userPackageSearchSchema,
  PAGE_SIZE,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { assertSelfOrAdmin, requireAdmin, requireUser } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import { findUserPackage, listUserPackages, toUserPackage } from './user-packages.repository';
import { auditActorOf } from '../audit/audit.service';
import { addUserPackage, updateUserPackage } from './user-packages.service';

export function userPackageRoutes(database: DatabaseHandle) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['user packages'];

    r.get('/userpackage', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Admin: every assignment, newest first; searchterm over user and package names',
        querystring: userPackageSearchSchema,
        response: { 200: z.array(userPackageSchema), ...errorSchemas(400, 401, 403) },
      },
      handler: async (request, reply) => {
        const { pageNumber, pageSize, searchterm } = request.query;
        const { rows, total } = await listUserPackages(database, {
          pageNumber,
          pageSize,
          searchterm,
        });
        setPagination(reply, paginationOf(pageNumber, pageSize, total));
        return rows.map(toUserPackage);
      },
    });

    r.get('/userpackage/user/:userId', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A member's packages (Admin or that member)",
        params: z.object({ userId: idParams.shape.id }),
        querystring: pagingQuery(PAGE_SIZE.unlockPackageLookup),
        response: { 200: z.array(userPackageSchema), ...errorSchemas(400, 401, 403) },
      },
      handler: async (request, reply) => {
        assertSelfOrAdmin(request.caller, request.params.userId);
        const { pageNumber, pageSize, searchterm } = request.query;
        const { rows, total } = await listUserPackages(database, {
          pageNumber,
          pageSize,
          searchterm,
          userId: request.params.userId,
        });
        setPagination(reply, paginationOf(pageNumber, pageSize, total));
        return rows.map(toUserPackage);
      },
    });

    r.get('/userpackage/:id', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'One assignment (Admin or its owner)',
        params: idParams,
        response: { 200: userPackageSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) => {
        const row = await findUserPackage(db, request.params.id);
        if (!row) {
          assertSelfOrAdmin(request.caller, -1);
          throw notFound(apiMessages.userPackageMapNotFound);
        }
        assertSelfOrAdmin(request.caller, row.user_id);
        return toUserPackage(row);
      },
    });

    r.post('/userpackage/add', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Admin: assign a package (credits, unit, validity, end date and balance are derived)',
        body: userPackageInputSchema,
        response: { 201: userPackageSchema, ...errorSchemas(400, 401, 403) },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(
            await runWrite(db, engine, (tx) =>
              addUserPackage(tx, request.body, auditActorOf(request)),
            ),
          ),
    });

    r.put('/userpackage/update/:id', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Admin: change an assignment (derived fields recomputed)',
        params: idParams,
        body: userPackageInputSchema,
        response: { 200: userPackageSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) =>
        runWrite(db, engine, (tx) =>
          updateUserPackage(tx, engine, request.params.id, request.body, auditActorOf(request)),
        ),
    });
  };
}
