// Writes the web app's PNG icons (apps/web/public/icons) from apps/web/icon-source.svg: run after changing the SVG.
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '../apps/web');
const source = path.join(web, 'icon-source.svg');
const out = path.join(web, 'public/icons');

/** A maskable icon keeps its drawing inside the middle 80 % (the safe zone): the car shrinks onto the same blue. */
async function maskable(size: number): Promise<void> {
  const inner = Math.round(size * 0.7);
  const car = await sharp(source).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: '#0d6efd' } })
    .composite([{ input: car, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `maskable-${size}.png`));
}

for (const size of [192, 512]) {
  await sharp(source)
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `icon-${size}.png`));
}
await maskable(512);
await sharp(source)
  .resize(180, 180)
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, 'apple-touch-icon.png'));
