// Photo limits, sizes and URLs without zod: the lead card (in the lead list's first download) needs the thumbnail's box.
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
