// Photos of a lead's car (docs/photos.md): the owner adds, removes and orders them through the private link, an Admin
// removes one (audited), erasure removes them all; files go when no photo refers to their hash any more.
import { availableParallelism } from 'node:os';
import {
  MAX_PHOTOS_PER_LEAD,
  PHOTO_SIZES,
  leadPhotoOf,
  ownerMessages,
  photoMessages,
  type LeadPhoto,
  type Photo,
} from '@dealerleads/shared';
import type { Db, Engine, Queryable } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { ConcurrencyGate, GateFullError } from '../../lib/gate';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { ownerLeadRow } from '../owners/owners.service';
import { checkPhoto, processPhoto } from './photo-images';
import type { MediaStore } from './media-store';
import { photosOfLead } from '../leads/leads.repository';
import { hashInUse, savePhotoOrder, type PhotoRow } from './photos.repository';

export type { MediaStore } from './media-store';

/** What the photo operations need: the database, where files go, and the gate of image processing. */
export interface PhotoContext {
  database: { db: Db; engine: Engine };
  store: MediaStore;
  gate: ConcurrencyGate;
  clock: () => Date;
}

/** At most two photos processed at once per core (so uploads never starve the lead list); a few more wait. */
export function photoGate(cores = availableParallelism()): ConcurrencyGate {
  return new ConcurrencyGate(2 * cores, 8 * cores);
}

const fileName = (hash: string, size: string) => `${hash}-${size}.webp`;

function photoOf(row: PhotoRow): Photo {
  return { ...leadPhotoOf(row.id, row.hash), width: row.width, height: row.height };
}

/** Every photo of a lead as lead JSON carries them (the detail), cover first. */
export async function leadPhotos(db: Queryable, leadId: number): Promise<LeadPhoto[]> {
  return (await photosOfLead(db, leadId)).map((row) => leadPhotoOf(row.id, row.hash));
}

/** Every photo of the owner's lead, cover first. */
export async function ownerPhotos(db: Queryable, token: string): Promise<Photo[]> {
  const lead = await ownerLeadRow(db, token);
  return (await photosOfLead(db, lead.id)).map(photoOf);
}

/** Deletes every size of these hashes that no photo refers to any more. */
async function removeUnusedFiles(
  db: Queryable,
  store: MediaStore,
  hashes: Iterable<string>,
): Promise<void> {
  for (const hash of new Set(hashes)) {
    if (await hashInUse(db, hash)) continue;
    for (const size of PHOTO_SIZES) await store.delete(fileName(hash, size));
  }
}

async function countOf(db: Queryable, leadId: number): Promise<number> {
  return (await photosOfLead(db, leadId)).length;
}

/**
 * The owner uploads a photo: refused before any work when the link is wrong (404), the listing closed or full (400);
 * refused from its header when it is not a JPEG, PNG, WebP or AVIF, or too many pixels (400); then re-encoded in every
 * size (at most two per core at once) and stored. A refusal at any point leaves nothing stored.
 */
export async function addOwnerPhoto(
  ctx: PhotoContext,
  token: string,
  readUpload: () => Promise<Buffer>,
): Promise<Photo> {
  const { db, engine } = ctx.database;
  const lead = await ownerLeadRow(db, token);
  if (lead.listing_status !== 'open') throw badRequest(ownerMessages.closed);
  if ((await countOf(db, lead.id)) >= MAX_PHOTOS_PER_LEAD) throw badRequest(photoMessages.tooMany);
  const bytes = await readUpload();
  await checkPhoto(bytes);
  let processed;
  try {
    processed = await ctx.gate.run(() => processPhoto(bytes));
  } catch (error) {
    if (error instanceof GateFullError) throw new HttpError(503, photoMessages.busy);
    throw error;
  }
  const { hash } = processed;
  for (const file of processed.files)
    await ctx.store.put(fileName(hash, file.size), file.body, 'image/webp');
  try {
    const row = await runWrite(db, engine, async (tx) => {
      // Counted again in the write: two uploads racing for the tenth place do not both get it.
      const photos = await photosOfLead(tx, lead.id);
      if (photos.length >= MAX_PHOTOS_PER_LEAD) throw badRequest(photoMessages.tooMany);
      const inserted = await tx
        .insertInto('lead_photos')
        .values({
          lead_id: lead.id,
          hash,
          position: photos.length,
          width: processed.width,
          height: processed.height,
          created_on: ctx.clock().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await savePhotoOrder(tx, lead.id, [...photos, inserted]);
      return inserted;
    });
    return photoOf(row);
  } catch (error) {
    await removeUnusedFiles(db, ctx.store, [hash]);
    throw error;
  }
}

/** Removes one photo of the lead (404 when the lead has no such photo); the next becomes the cover. */
async function removePhoto(
  ctx: PhotoContext,
  leadId: number,
  photoId: number,
  audit?: AuditActor,
): Promise<void> {
  const { db, engine } = ctx.database;
  const removed = await runWrite(db, engine, async (tx) => {
    const photos = await photosOfLead(tx, leadId);
    const photo = photos.find((p) => p.id === photoId);
    if (!photo) throw notFound(photoMessages.notFound);
    await tx.deleteFrom('lead_photos').where('id', '=', photo.id).execute();
    await savePhotoOrder(
      tx,
      leadId,
      photos.filter((p) => p.id !== photo.id),
    );
    if (audit) {
      await recordAudit(
        tx,
        audit,
        {
          action: 'photo.remove',
          targetType: 'lead_photo',
          targetId: photo.id,
          before: { leadId, hash: photo.hash, position: photo.position },
        },
        ctx.clock(),
      );
    }
    return photo;
  });
  await removeUnusedFiles(db, ctx.store, [removed.hash]);
}

export async function removeOwnerPhoto(
  ctx: PhotoContext,
  token: string,
  photoId: number,
): Promise<void> {
  const lead = await ownerLeadRow(ctx.database.db, token);
  await removePhoto(ctx, lead.id, photoId);
}

/** An Admin removes a photo (moderation), audited as photo.remove in the same transaction. */
export async function removeLeadPhotoAsAdmin(
  ctx: PhotoContext,
  actor: AuditActor,
  leadId: number,
  photoId: number,
): Promise<void> {
  await removePhoto(ctx, leadId, photoId, actor);
}

/** The owner puts the photos in a new order (every id once); the first is the cover. */
export async function reorderOwnerPhotos(
  ctx: PhotoContext,
  token: string,
  ids: readonly number[],
): Promise<Photo[]> {
  const { db, engine } = ctx.database;
  return runWrite(db, engine, async (tx) => {
    const lead = await ownerLeadRow(tx, token);
    const photos = await photosOfLead(tx, lead.id);
    const byId = new Map(photos.map((p) => [p.id, p]));
    if (ids.length !== photos.length || new Set(ids).size !== ids.length)
      throw badRequest(photoMessages.order);
    const ordered = ids.map((id) => byId.get(id));
    if (ordered.some((p) => p === undefined)) throw badRequest(photoMessages.order);
    await savePhotoOrder(tx, lead.id, ordered as PhotoRow[]);
    return (await photosOfLead(tx, lead.id)).map(photoOf);
  });
}

/** Photos one erasure pass removes per transaction. */
const ERASE_BATCH = 200;

/**
 * Removes the photos of leads whose contact was erased (closed 180 days ago, modules/owners/lead-lifecycle.ts): rows,
 * the leads' covers, then the files no other photo uses. Returns how many photos went.
 */
export async function erasePhotosOfErasedLeads(
  { db, engine }: { db: Db; engine: Engine },
  store: MediaStore,
  erasedPhone: string,
): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await runWrite(db, engine, async (tx) => {
      const rows = await tx
        .selectFrom('lead_photos')
        .innerJoin('leads', 'leads.id', 'lead_photos.lead_id')
        .select(['lead_photos.id', 'lead_photos.lead_id', 'lead_photos.hash'])
        .where('leads.phone_number', '=', erasedPhone)
        .where('leads.listing_status', '<>', 'open')
        .limit(ERASE_BATCH)
        .execute();
      if (rows.length === 0) return rows;
      await tx
        .deleteFrom('lead_photos')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      for (const leadId of new Set(rows.map((r) => r.lead_id)))
        await savePhotoOrder(tx, leadId, await photosOfLead(tx, leadId));
      return rows;
    });
    await removeUnusedFiles(
      db,
      store,
      batch.map((r) => r.hash),
    );
    total += batch.length;
    if (batch.length < ERASE_BATCH) return total;
  }
}
