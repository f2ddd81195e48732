// Photo routes: the owner's uploads, removals and order through the private link (rate-limited like the owner's other
// routes), an Admin's removal (audited), and the public files (docs/photos.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MAX_PHOTO_BYTES, photoMessages, photoOrderSchema, photoSchema } from '@dealerleads/shared';
import { requireAdmin } from '../../plugins/auth';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import { errorSchemas } from '../../plugins/openapi';
import { auditActorOf } from '../audit/audit.service';
import { leadIdParams, parseLeadId } from '../leads/lead-id';
import {
  addOwnerPhoto,
  ownerPhotos,
  removeLeadPhotoAsAdmin,
  removeOwnerPhoto,
  reorderOwnerPhotos,
  type PhotoContext,
} from './photos.service';

const tokenParams = z.object({ token: z.string().max(100) });
const photoIdParam = z.coerce
  .number({ error: photoMessages.notFound })
  .int(photoMessages.notFound)
  .min(1, photoMessages.notFound)
  .max(2_147_483_647, photoMessages.notFound);

/** The one file of field `photo`, read as it streams in and refused (413) past MAX_PHOTO_BYTES. */
async function readPhotoField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(photoMessages.missing);
  const part = await request.file({
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 1 },
  });
  if (!part || part.fieldname !== 'photo') throw badRequest(photoMessages.missing);
  try {
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError)
      throw new HttpError(413, photoMessages.tooLarge);
    throw error;
  }
}

export function photoRoutes(ctx: PhotoContext, { ownerLimit }: { ownerLimit: number }) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['photos'];
    const rateLimit = { max: ownerLimit, timeWindow: '1 minute' };

    r.get('/owner/leads/:token/photos', {
      schema: {
        tags,
        summary: "The owner's photos of their car, cover first",
        params: tokenParams,
        response: { 200: z.array(photoSchema), ...errorSchemas(404, 429) },
      },
      config: { rateLimit },
      handler: async (request) => ownerPhotos(ctx.database.db, request.params.token),
    });

    r.post('/owner/leads/:token/photos', {
      schema: {
        tags,
        summary:
          'The owner adds a photo (multipart, field `photo`: JPEG, PNG, WebP or AVIF, at most 10 MB, 10 per car); ' +
          'stored as WebP in three sizes without any metadata',
        consumes: ['multipart/form-data'],
        params: tokenParams,
        response: { 201: photoSchema, ...errorSchemas(400, 404, 413, 429, 503) },
      },
      config: { rateLimit },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(await addOwnerPhoto(ctx, request.params.token, () => readPhotoField(request))),
    });

    r.put('/owner/leads/:token/photos/order', {
      schema: {
        tags,
        summary: "The owner orders the car's photos (every id once); the first is the cover",
        params: tokenParams,
        body: photoOrderSchema,
        response: { 200: z.array(photoSchema), ...errorSchemas(400, 404, 429) },
      },
      config: { rateLimit },
      handler: async (request) => reorderOwnerPhotos(ctx, request.params.token, request.body.ids),
    });

    r.delete('/owner/leads/:token/photos/:photoId', {
      schema: {
        tags,
        summary: 'The owner removes a photo: every size of it is deleted',
        params: tokenParams.extend({ photoId: z.string().max(20) }),
        response: { 204: z.null(), ...errorSchemas(404, 429) },
      },
      config: { rateLimit },
      handler: async (request, reply) => {
        const photoId = photoIdParam.safeParse(request.params.photoId);
        if (!photoId.success) throw notFound(photoMessages.notFound);
        await removeOwnerPhoto(ctx, request.params.token, photoId.data);
        return reply.code(204).send(null);
      },
    });

    r.delete('/leads/:id/photos/:photoId', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Admin: remove a lead's photo (moderation); audited as photo.remove",
        params: leadIdParams.extend({ photoId: z.string().max(20) }),
        response: { 204: z.null(), ...errorSchemas(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        const leadId = parseLeadId(request.params.id);
        const photoId = photoIdParam.safeParse(request.params.photoId);
        if (!photoId.success) throw notFound(photoMessages.notFound);
        await removeLeadPhotoAsAdmin(ctx, auditActorOf(request), leadId, photoId.data);
        return reply.code(204).send(null);
      },
    });
  };
}
