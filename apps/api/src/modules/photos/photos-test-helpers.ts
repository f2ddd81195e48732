// Pictures and multipart bodies for the photo tests and the bench: made with sharp, nothing read from disk.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG of this size: a gradient with noise (so each call's bytes differ and it compresses like a photo). */
export async function jpegPhoto(width: number, height: number, quality = 85): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(noise)
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#2a6"/>` +
            `<stop offset="1" stop-color="#c42" stop-opacity="0.6"/></linearGradient></defs>` +
            `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
        ),
        blend: 'over',
      },
    ])
    .jpeg({ quality })
    .toBuffer();
}

/** A JPEG carrying EXIF with a GPS position and an orientation of 6 (shown turned a quarter clockwise). */
export async function jpegWithGps(width: number, height: number): Promise<Buffer> {
  return sharp(await jpegPhoto(width, height))
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '28/1 36/1 5000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 12/1 3000/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/**
 * A valid PNG header claiming `width` × `height` with a few KB of compressed rows: a decompression bomb's header, which
 * a decoder would need gigabytes for.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body holding one file. */
export function multipart(
  bytes: Buffer,
  { field = 'photo', filename = 'car.jpg', type = 'image/jpeg' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dealerleads${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
