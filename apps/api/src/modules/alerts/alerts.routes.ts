// /api/saved-searches and /api/notifications: a member's own saved searches, their notifications, the live stream.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  markReadSchema,
  notificationSchema,
  pagingQuery,
  savedSearchCreateSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
  streamQuerySchema,
  streamTicketSchema,
  unreadCountSchema,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { fromDbBool } from '../../db/database';
import { currentCaller, requireUser } from '../../plugins/auth';
import { tooManyRequests, unauthorized } from '../../plugins/errors';
import { errorSchemas } from '../../plugins/openapi';
import { paginationOf, setPagination } from '../../plugins/pagination';
import {
  createSavedSearch,
  deleteSavedSearch,
  listNotifications,
  listSavedSearches,
  alertMessages,
  markRead,
  openSavedSearch,
  unreadCount,
  updateSavedSearch,
} from './alerts.service';
import { MAX_STREAMS_PER_IP, MAX_STREAMS_PER_MEMBER, NotificationHub } from './notification-hub';
import {
  issueStreamTicket,
  STREAM_TICKET_SECONDS,
  useStreamTicket,
  verifyStreamTicket,
} from './stream-ticket';
import { unsubscribeRoutes } from './unsubscribe.routes';

const NOTIFICATIONS_PAGE_SIZE = 20;

export function alertsRoutes(database: DatabaseHandle, secret: string) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    const hub = new NotificationHub(db, (error) =>
      app.log.error(error, 'notification stream: reading new notifications failed'),
    );
    app.addHook('preClose', async () => hub.stop());
    const r = app.withTypeProvider<ZodTypeProvider>();
    const searchTags = ['saved searches'];
    const tags = ['notifications'];

    r.get('/saved-searches', {
      preHandler: requireUser,
      schema: {
        tags: searchTags,
        summary: "The caller's saved searches, each with its new-lead count since last opened",
        response: { 200: z.array(savedSearchSchema), ...errorSchemas(401) },
      },
      handler: async (request) => listSavedSearches(db, currentCaller(request).id),
    });

    r.post('/saved-searches', {
      preHandler: requireUser,
      schema: {
        tags: searchTags,
        summary: "Save the lead list's filters under a name (the list's own query names and rules)",
        body: savedSearchCreateSchema,
        response: { 201: savedSearchSchema, ...errorSchemas(400, 401) },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(await createSavedSearch(db, engine, currentCaller(request).id, request.body)),
    });

    r.delete('/saved-searches/:id', {
      preHandler: requireUser,
      schema: {
        tags: searchTags,
        summary: "Delete one of the caller's saved searches (and its notifications)",
        params: idParams,
        response: { 204: z.null(), ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        await deleteSavedSearch(db, engine, currentCaller(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    });

    r.put('/saved-searches/:id', {
      preHandler: requireUser,
      schema: {
        tags: searchTags,
        summary: "Rename one of the caller's saved searches and/or change its e-mail mode",
        params: idParams,
        body: savedSearchUpdateSchema,
        response: { 200: savedSearchSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) =>
        updateSavedSearch(db, engine, currentCaller(request).id, request.params.id, request.body),
    });

    // No login: the signed token of the mail's link is the proof (SECURITY.md, "Unsubscribe links").
    await app.register(unsubscribeRoutes(database, secret));

    r.post('/saved-searches/:id/open', {
      preHandler: requireUser,
      schema: {
        tags: searchTags,
        summary: 'Open a saved search: its new-lead count starts again from now',
        params: idParams,
        response: { 200: savedSearchSchema, ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request) =>
        openSavedSearch(db, engine, currentCaller(request).id, request.params.id),
    });

    r.get('/notifications', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        querystring: pagingQuery(NOTIFICATIONS_PAGE_SIZE),
        response: { 200: z.array(notificationSchema), ...errorSchemas(400, 401) },
      },
      handler: async (request, reply) => {
        const { pageNumber, pageSize } = request.query;
        const { items, total } = await listNotifications(db, currentCaller(request).id, {
          pageNumber,
          pageSize,
        });
        setPagination(reply, paginationOf(pageNumber, pageSize, total));
        return items;
      },
    });

    r.get('/notifications/unread-count', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "How many of the caller's notifications are unread",
        response: { 200: unreadCountSchema, ...errorSchemas(401) },
      },
      handler: async (request) => unreadCount(db, currentCaller(request).id),
    });

    r.put('/notifications/read', {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Mark the given notifications (or all of them) read; answers the unread count left',
        body: markReadSchema,
        response: { 200: unreadCountSchema, ...errorSchemas(400, 401) },
      },
      handler: async (request) => markRead(db, engine, currentCaller(request).id, request.body.ids),
    });

    r.post('/notifications/stream-ticket', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: `A single-use ticket (valid ${STREAM_TICKET_SECONDS} s) that opens one notification stream of the caller`,
        response: { 200: streamTicketSchema, ...errorSchemas(401) },
      },
      handler: async (request) => {
        const { id } = currentCaller(request);
        const member = await db
          .selectFrom('users')
          .select('token_version')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return {
          ticket: issueStreamTicket(secret, { id, tokenVersion: member.token_version }),
          expiresInSeconds: STREAM_TICKET_SECONDS,
        };
      },
    });

    r.get('/notifications/stream', {
      schema: {
        tags,
        summary: `Server-Sent Events of new notifications (event "notification", id = notification id); opened with a stream ticket, once; at most ${MAX_STREAMS_PER_MEMBER} per member (a new one closes the oldest) and ${MAX_STREAMS_PER_IP} per address`,
        querystring: streamQuerySchema,
        response: { 200: z.string(), ...errorSchemas(400, 401, 429) },
      },
      handler: async (request, reply) => {
        const claims = verifyStreamTicket(secret, request.query.ticket);
        if (claims === undefined) throw unauthorized(alertMessages.streamTicketInvalid);
        const member = await db
          .selectFrom('users')
          .select(['status', 'token_version'])
          .where('id', '=', claims.userId)
          .executeTakeFirst();
        // A ticket issued before a password, status or role change is worthless, like the session it came from.
        if (!member || !fromDbBool(member.status) || member.token_version !== claims.tokenVersion)
          throw unauthorized(alertMessages.streamTicketInvalid);
        if (!(await useStreamTicket(db, engine, claims)))
          throw unauthorized(alertMessages.streamTicketUsed);
        const streamId = await hub.register(claims, request.ip);
        if (streamId === undefined) throw tooManyRequests(alertMessages.tooManyStreams);
        const header = request.headers['last-event-id'];
        const fromHeader =
          typeof header === 'string' && /^\d{1,10}$/.test(header) ? Number(header) : undefined;
        const lastEventId = fromHeader ?? request.query.lastEventId;
        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          'X-Content-Type-Options': 'nosniff',
          'X-Accel-Buffering': 'no',
        });
        response.write('retry: 1000\n\n');
        await hub.open(
          { id: streamId, userId: claims.userId, tokenVersion: claims.tokenVersion },
          response,
          lastEventId,
        );
      },
    });

    // Writes in this process are seen at once; other processes' within a poll.
    app.addHook('onResponse', async (request) => {
      if (request.method === 'POST' && request.url.split('?')[0] === '/api/leads') hub.kick();
    });
  };
}
