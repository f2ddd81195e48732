// /api/me/events: the caller's payment, refund and unlocked-lead events for the bell, and marking them read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountEventsSchema, markReadSchema, unreadCountSchema } from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { currentCaller, requireUser } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';

/** The bell shows the latest events; older ones were told by push and mail too. */
export const ACCOUNT_EVENTS_SHOWN = 20;

export function accountEventsRoutes(database: DatabaseHandle, clock: () => Date) {
  const { db, engine } = database;
  const unreadOf = async (userId: number) => {
    const row = await db
      .selectFrom('account_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_on', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['notifications'];

    r.get('/me/events', {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "The caller's latest payment, refund and unlocked-lead events (newest first) and the unread count",
        response: { 200: accountEventsSchema, ...errorSchemas(401) },
      },
      handler: async (request) => {
        const userId = currentCaller(request).id;
        const [rows, unread] = await Promise.all([
          db
            .selectFrom('account_events')
            .select(['id', 'title', 'body', 'url', 'read_on', 'created_on'])
            .where('user_id', '=', userId)
            .orderBy('id', 'desc')
            .limit(ACCOUNT_EVENTS_SHOWN)
            .execute(),
          unreadOf(userId),
        ]);
        return {
          items: rows.map((row) => ({
            id: row.id,
            title: row.title,
            body: row.body,
            url: row.url,
            createdOn: new Date(row.created_on).toISOString(),
            read: row.read_on !== null,
          })),
          unread,
        };
      },
    });

    r.put('/me/events/read', {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Mark these of the caller's events (or all of them) read; answers the unread count left",
        body: markReadSchema,
        response: { 200: unreadCountSchema, ...errorSchemas(400, 401) },
      },
      handler: async (request) => {
        const userId = currentCaller(request).id;
        const ids = request.body.ids;
        if (ids === undefined || ids.length > 0)
          await runWrite(db, engine, async (tx) => {
            let q = tx
              .updateTable('account_events')
              .set({ read_on: clock().toISOString() })
              .where('user_id', '=', userId)
              .where('read_on', 'is', null);
            if (ids !== undefined) q = q.where('id', 'in', ids);
            await q.execute();
          });
        return { unread: await unreadOf(userId) };
      },
    });
  };
}
