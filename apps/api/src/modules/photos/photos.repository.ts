// Kysely code for lead photos: a lead's photos in order, and the lead's cover kept in step with them.
import { coverPhotoValue } from '@dealerleads/shared';
import type { Queryable } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Selectable } from 'kysely';

export type PhotoRow = Selectable<Database['lead_photos']>;

/** Whether any photo (of any lead) still has files of this hash. */
export async function hashInUse(db: Queryable, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('lead_photos')
    .select('id')
    .where('hash', '=', hash)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Numbers the lead's photos 0… in the given order and sets the lead's has_photos and cover_photo from the first: a
 * lead row is written only when its cover changed (each write is a change the list engine applies).
 */
export async function savePhotoOrder(
  db: Queryable,
  leadId: number,
  ordered: readonly PhotoRow[],
): Promise<void> {
  for (const [position, photo] of ordered.entries()) {
    if (photo.position !== position)
      await db.updateTable('lead_photos').set({ position }).where('id', '=', photo.id).execute();
  }
  const first = ordered[0];
  const cover = first ? coverPhotoValue(first.id, first.hash) : null;
  await db
    .updateTable('leads')
    .set({ has_photos: first ? 1 : 0, cover_photo: cover })
    .where('id', '=', leadId)
    .where((eb) =>
      cover === null
        ? eb('cover_photo', 'is not', null)
        : eb.or([eb('cover_photo', 'is', null), eb('cover_photo', '<>', cover)]),
    )
    .execute();
}
