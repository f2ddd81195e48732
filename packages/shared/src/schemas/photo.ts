// Photos of a lead's car (docs/photos.md): the limits, the sizes stored, their URLs and the API's shapes and texts.
import { z } from './zod';

/** Photos one lead may have; the first is the cover. */
export const MAX_PHOTOS_PER_LEAD = 10;
/** Largest upload, in bytes (10 MB). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Largest picture accepted, in pixels (width × height), judged from its header before it is decoded. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** The sizes each photo is stored in, all WebP: a card's cover (cropped to 4:3), the detail, and a large one. */
export const PHOTO_SIZES = ['thumb', 'detail', 'large'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];
/** The thumbnail's box: every card's cover is this size, so a card's layout never moves as it loads. */
export const PHOTO_THUMB = { width: 320, height: 240 } as const;

/** Where a size of a photo is served (public, cached for a year: the name is the content's hash). */
export function photoUrl(hash: string, size: PhotoSize): string {
  return `/media/${hash}-${size}.webp`;
}

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
