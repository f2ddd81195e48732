// /api/settings: the marketplace settings, readable by anyone (the wizard names the dealer cap), changed by Admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { marketplaceSettingsSchema, settingsUpdateSchema } from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { requireAdmin } from '../../plugins/auth';
import { errorSchemas } from '../../plugins/openapi';
import { auditActorOf } from '../audit/audit.service';
import { readSettings, updateSettings } from './settings.service';

export function settingsRoutes(database: DatabaseHandle) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['settings'];

    r.get('/settings', {
      schema: {
        tags,
        summary: 'The marketplace settings in force',
        response: { 200: marketplaceSettingsSchema, ...errorSchemas(401) },
      },
      handler: async () => readSettings(database.db),
    });

    r.put('/settings', {
      schema: {
        tags,
        summary: 'Change marketplace settings (Admin); each change is audited',
        body: settingsUpdateSchema,
        response: { 200: marketplaceSettingsSchema, ...errorSchemas(400, 401, 403) },
      },
      preHandler: requireAdmin,
      handler: async (request) =>
        updateSettings(database.db, database.engine, auditActorOf(request), request.body),
    });
  };
}
