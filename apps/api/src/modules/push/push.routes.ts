// /api/push: the server's VAPID public key, and a member's devices subscribing to push messages and stopping.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushPublicKeySchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { currentCaller, requireUser } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { errorSchemas } from '../../plugins/openapi';
import { subscribeDevice, unsubscribeDevice } from './push.service';

export const pushMessages = {
  noSubscription: 'This device is not subscribed.',
} as const;

export function pushRoutes(database: DatabaseHandle, publicKey: string, clock: () => Date) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['push'];

    // Public: a browser needs it before anyone logs in to subscribe (the key is public by design).
    r.get('/push/public-key', {
      schema: {
        tags,
        summary: "The server's VAPID public key (base64url), for PushManager.subscribe()",
        response: { 200: pushPublicKeySchema },
      },
      handler: async () => ({ publicKey }),
    });

    r.post('/push/subscriptions', {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Subscribe this device to the caller's push messages (new matching leads, money and lead events)",
        body: pushSubscriptionBodySchema,
        response: { 201: z.null(), ...errorSchemas(400, 401) },
      },
      handler: async (request, reply) => {
        await subscribeDevice(db, engine, currentCaller(request).id, request.body, clock());
        return reply.code(201).send(null);
      },
    });

    r.delete('/push/subscriptions', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Stop push messages to this device (its subscription's endpoint)",
        body: pushUnsubscribeBodySchema,
        response: { 204: z.null(), ...errorSchemas(400, 401, 404) },
      },
      handler: async (request, reply) => {
        const removed = await unsubscribeDevice(
          db,
          engine,
          currentCaller(request).id,
          request.body.endpoint,
        );
        if (!removed) throw notFound(pushMessages.noSubscription);
        return reply.code(204).send(null);
      },
    });
  };
}
