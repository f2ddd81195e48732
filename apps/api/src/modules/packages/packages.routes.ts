// /api/packages: the public price list and the Admin package management of docs/screens.md "Packages".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  packageDropdownItemSchema,
  packageInputSchema,
  packageSchema,
  packageSearchSchema,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { requireAdmin } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import { auditActorOf } from '../audit/audit.service';
import {
  addPackage,
  deactivatePackage,
  editPackage,
  getPackage,
  listPackages,
  packageDropdown,
} from './packages.service';

export function packagesRoutes(database: DatabaseHandle) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['packages'];

    // Open on purpose (docs/deviations.md): it is the price list. Admins also see inactive packages.
    r.get('/packages', {
      schema: {
        tags,
        summary:
          'The price list, by id; Admins also see inactive packages. Paging in the Pagination header',
        querystring: packageSearchSchema,
        response: { 200: z.array(packageSchema), ...errorSchemas(400, 401) },
      },
      handler: async (request, reply) => {
        const search = request.query;
        const { packages, total } = await listPackages(db, request.caller, search);
        setPagination(reply, paginationOf(search.pageNumber, search.pageSize, total));
        return packages;
      },
    });

    r.get('/packages/dropdown', {
      schema: {
        tags,
        summary: 'Active packages as id and packageName (Admin)',
        response: { 200: z.array(packageDropdownItemSchema), ...errorSchemas(401, 403) },
      },
      preHandler: requireAdmin,
      handler: async () => packageDropdown(db),
    });

    r.get('/packages/:id', {
      schema: {
        tags,
        summary: 'One package; an inactive one is visible to Admins only',
        params: idParams,
        response: { 200: packageSchema, ...errorSchemas(400, 401, 404) },
      },
      handler: async (request) => getPackage(db, request.caller, request.params.id),
    });

    r.post('/packages/add', {
      schema: {
        tags,
        summary: 'Add a package (Admin); active unless isActive is false',
        body: packageInputSchema,
        response: { 201: packageSchema, ...errorSchemas(400, 401, 403) },
      },
      preHandler: requireAdmin,
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(
            await runWrite(db, engine, (tx) => addPackage(tx, request.body, auditActorOf(request))),
          ),
    });

    r.put('/packages/update/:id', {
      schema: {
        tags,
        summary: 'Update a package (Admin); isActive left out keeps the status',
        params: idParams,
        body: packageInputSchema,
        response: { 200: packageSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      preHandler: requireAdmin,
      handler: async (request) =>
        runWrite(db, engine, (tx) =>
          editPackage(tx, request.params.id, request.body, auditActorOf(request)),
        ),
    });

    r.put('/packages/deactivate/:id', {
      schema: {
        tags,
        summary: 'Deactivate a package (Admin); the body is empty',
        params: idParams,
        response: { 200: packageSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      preHandler: requireAdmin,
      handler: async (request) =>
        runWrite(db, engine, (tx) =>
          deactivatePackage(tx, request.params.id, auditActorOf(request)),
        ),
    });
  };
}
