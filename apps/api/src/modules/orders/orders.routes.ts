// /api/orders and /api/me/orders (docs/credits.md, "Buying a package"): a member orders a package and gives the UPI
// payment reference; their orders and receipts; the Admin's Payments queue with confirm and reject.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdOrderSchema,
  idParams,
  myOrdersQuerySchema,
  orderConfirmSchema,
  orderInputSchema,
  orderRejectSchema,
  orderSchema,
  ordersConfigSchema,
  ordersQuerySchema,
  utrInputSchema,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { currentCaller, requireAdmin, requireUser } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import { auditActorOf } from '../audit/audit.service';
import {
  confirmOrder,
  createOrder,
  myOrder,
  myOrdersPage,
  ordersConfig,
  ordersPage,
  rejectOrder,
  submitUtr,
} from './orders.service';
import type { UpiPayee } from './upi';

export function ordersRoutes(
  database: DatabaseHandle,
  options: { upi: UpiPayee | undefined; clock: () => Date },
) {
  const { db, engine } = database;
  const { upi, clock } = options;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['orders'];

    r.get('/orders/config', {
      schema: {
        tags,
        summary: 'Whether packages can be bought by UPI here, and the payee',
        response: { 200: ordersConfigSchema, ...errorSchemas(401) },
      },
      handler: async () => ordersConfig(upi),
    });

    r.post('/orders', {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Order a package (any member but an Admin): a pending order with its reference and UPI link',
        body: orderInputSchema,
        response: { 200: createdOrderSchema, ...errorSchemas(400, 401, 403) },
      },
      handler: async (request) =>
        createOrder(db, engine, currentCaller(request), request.body.packageId, clock(), upi),
    });

    r.put('/orders/:id/utr', {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Give the UPI payment's 12-digit UTR of your pending order, once (a given UTR cannot be changed)",
        params: idParams,
        body: utrInputSchema,
        response: { 200: createdOrderSchema, ...errorSchemas(400, 401, 404, 409) },
      },
      handler: async (request) =>
        submitUtr(
          db,
          engine,
          currentCaller(request).id,
          request.params.id,
          request.body.utr,
          clock(),
          upi,
        ),
    });

    r.get('/me/orders', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Your orders, newest first, paged',
        querystring: myOrdersQuerySchema,
        response: { 200: z.array(orderSchema), ...errorSchemas(400, 401) },
      },
      handler: async (request, reply) => {
        const { pageNumber, pageSize } = request.query;
        const page = await myOrdersPage(db, currentCaller(request).id, request.query, clock());
        setPagination(reply, paginationOf(pageNumber, pageSize, page.total));
        return page.orders;
      },
    });

    r.get('/me/orders/:id', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'One of your orders (its receipt); another member’s order is not found',
        params: idParams,
        response: { 200: createdOrderSchema, ...errorSchemas(400, 401, 404) },
      },
      handler: async (request) =>
        myOrder(db, currentCaller(request).id, request.params.id, clock(), upi),
    });

    r.get('/orders', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Admin: orders, open ones first, optionally of one status, paged',
        querystring: ordersQuerySchema,
        response: { 200: z.array(orderSchema), ...errorSchemas(400, 401, 403) },
      },
      handler: async (request, reply) => {
        const { pageNumber, pageSize } = request.query;
        const page = await ordersPage(db, request.query, clock());
        setPagination(reply, paginationOf(pageNumber, pageSize, page.total));
        return page.orders;
      },
    });

    r.put('/orders/:id/confirm', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Admin: confirm the payment of an open order holding the UTR you checked: its package and grant, exactly once (audited)',
        params: idParams,
        body: orderConfirmSchema,
        response: { 200: orderSchema, ...errorSchemas(400, 401, 403, 404, 409) },
      },
      handler: async (request) =>
        confirmOrder(
          db,
          engine,
          auditActorOf(request),
          request.params.id,
          { utr: request.body.utr, note: request.body.note ?? '' },
          clock(),
        ),
    });

    r.put('/orders/:id/reject', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Admin: reject an open order with a reason the member sees (audited)',
        params: idParams,
        body: orderRejectSchema,
        response: { 200: orderSchema, ...errorSchemas(400, 401, 403, 404, 409) },
      },
      handler: async (request) =>
        rejectOrder(db, engine, auditActorOf(request), request.params.id, request.body, clock()),
    });
  };
}
