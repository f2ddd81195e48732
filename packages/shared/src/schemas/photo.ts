// Photos of a lead's car (docs/photos.md): the limits, the sizes stored, their URLs and the API's shapes and texts.
import { MAX_PHOTOS_PER_LEAD, photoUrl } from '../photo-sizes';
import { z } from './zod';

export * from '../photo-sizes';

/** A photo as lead JSON carries it. */
export const leadPhotoSchema = z.object({
  id: z.number().int(),
  thumbUrl: z.string(),
  url: z.string(),
});
export type LeadPhoto = z.infer<typeof leadPhotoSchema>;

/** A stored photo as its owner sees it: with the large size's dimensions. */
export const photoSchema = leadPhotoSchema.extend({
  width: z.number().int(),
  height: z.number().int(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoMessages = {
  missing: 'Choose a photo to upload (form field "photo")',
  type: 'A photo must be a JPEG, PNG, WebP or AVIF image',
  tooLarge: 'A photo may be at most 10 MB',
  tooManyPixels: 'This picture is too large: at most 50 megapixels',
  unreadable: 'This photo could not be read: it may be damaged or incomplete',
  tooMany: `A car may have at most ${MAX_PHOTOS_PER_LEAD} photos`,
  notFound: 'This photo does not exist',
  order: "Give every one of the car's photo ids once, in the new order",
  busy: 'Too many photos are being processed: try again in a moment',
} as const;

export const photoOrderSchema = z.object({
  ids: z
    .array(z.number({ error: photoMessages.order }).int(photoMessages.order), {
      error: photoMessages.order,
    })
    .max(MAX_PHOTOS_PER_LEAD, photoMessages.order),
});
export type PhotoOrder = z.infer<typeof photoOrderSchema>;

/** A photo as lead JSON carries it, from its id and content hash. */
export function leadPhotoOf(id: number, hash: string): LeadPhoto {
  return { id, thumbUrl: photoUrl(hash, 'thumb'), url: photoUrl(hash, 'detail') };
}

/** The lead's `cover_photo` column: `<photo id>:<content hash>`. */
export function coverPhotoValue(id: number, hash: string): string {
  return `${id}:${hash}`;
}

/** Lead JSON's `photos` from the `cover_photo` column: the cover alone (a list shows no more), or none. */
export function coverPhotos(cover: string | null): LeadPhoto[] {
  if (cover === null) return [];
  const colon = cover.indexOf(':');
  return [leadPhotoOf(Number(cover.slice(0, colon)), cover.slice(colon + 1))];
}
