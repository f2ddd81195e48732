// A photo's bytes judged and re-encoded (docs/photos.md): the type by its magic bytes, its pixel count from its header
// before anything is decoded, then WebP in every size with the orientation applied and no metadata kept.
import { createHash } from 'node:crypto';
import type sharp from 'sharp';
import type { Metadata } from 'sharp';
import { loadOnUse } from '../../lib/load-on-use';
import { MAX_PHOTO_PIXELS, PHOTO_THUMB, photoMessages, type PhotoSize } from '@dealerleads/shared';
import { badRequest } from '../../plugins/errors';

/** sharp (libvips), loaded with the first photo a process checks or makes. */
export const imageLibrary = loadOnUse<typeof sharp>('sharp');

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

const startsWith = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/** The ISO-BMFF brands of an `ftyp` box (major and compatible). */
function ftypBrands(bytes: Buffer): string[] {
  if (!startsWith(bytes, 4, 'ftyp') || bytes.length < 16) return [];
  const size = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  return brands;
}

/** What the bytes are, by their first bytes alone (whatever the file was called or claimed to be). */
export function imageTypeOf(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (startsWith(bytes, 0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'webp';
  const brands = ftypBrands(bytes);
  if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  return undefined;
}

/** sharp's name of each type's format in metadata (AVIF is a HEIF file). */
const SHARP_FORMAT: Record<ImageType, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'heif',
};

/** Each size's box (fit inside, never enlarged; the thumbnail cropped to fill its box) and WebP quality. */
const SIZES: Record<PhotoSize, { width: number; height: number; crop: boolean; quality: number }> =
  {
    thumb: { ...PHOTO_THUMB, crop: true, quality: 70 },
    detail: { width: 1024, height: 1024, crop: false, quality: 78 },
    large: { width: 1600, height: 1600, crop: false, quality: 80 },
  };

/** The thumbnail's budget: a page of cards on a phone's connection. */
export const THUMB_MAX_BYTES = 30 * 1024;

export interface ProcessedPhoto {
  /** The first 128 bits of the upload's SHA-256, in hex: every size's file is named by it. */
  hash: string;
  /** Of the large size. */
  width: number;
  height: number;
  files: { size: PhotoSize; body: Buffer }[];
}

export function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/**
 * Refuses what is not a photo we take, from its header alone: the type by magic bytes (and sharp must read it as that
 * type), and a picture of more than MAX_PHOTO_PIXELS (a decompression bomb is never decoded).
 */
export async function checkPhoto(bytes: Buffer): Promise<ImageType> {
  const type = imageTypeOf(bytes);
  if (type === undefined) throw badRequest(photoMessages.type);
  let metadata: Metadata;
  try {
    metadata = await imageLibrary()(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(photoMessages.unreadable);
  }
  if (metadata.format !== SHARP_FORMAT[type]) throw badRequest(photoMessages.type);
  const { width, height } = metadata;
  if (!width || !height) throw badRequest(photoMessages.unreadable);
  if (width * height > MAX_PHOTO_PIXELS) throw badRequest(photoMessages.tooManyPixels);
  return type;
}

async function encode(
  bytes: Buffer,
  size: PhotoSize,
): Promise<{ body: Buffer; width: number; height: number }> {
  const box = SIZES[size];
  // failOn 'truncated': a photo cut short is refused rather than stored with a grey bottom. No withMetadata: sharp
  // writes no EXIF, XMP, IPTC or ICC (the GPS position of an owner's home included).
  const pipeline = () =>
    imageLibrary()(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize(box.width, box.height, {
        fit: box.crop ? 'cover' : 'inside',
        withoutEnlargement: !box.crop,
      });
  let quality = box.quality;
  for (;;) {
    const { data, info } = await pipeline()
      .webp({ quality, effort: 3 })
      .toBuffer({ resolveWithObject: true });
    if (size !== 'thumb' || data.length <= THUMB_MAX_BYTES || quality <= 30) {
      return { body: data, width: info.width, height: info.height };
    }
    quality -= 15;
  }
}

/** Every size of a checked photo (checkPhoto); a photo sharp cannot decode (truncated, damaged) is a 400. */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  try {
    const [thumb, detail, large] = await Promise.all(
      (['thumb', 'detail', 'large'] as const).map((size) => encode(bytes, size)),
    );
    return {
      hash: contentHash(bytes),
      width: large!.width,
      height: large!.height,
      files: [
        { size: 'thumb', body: thumb!.body },
        { size: 'detail', body: detail!.body },
        { size: 'large', body: large!.body },
      ],
    };
  } catch {
    throw badRequest(photoMessages.unreadable);
  }
}
