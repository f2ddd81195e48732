// Photos for the demo (docs/photos.md, "Demo photos"): drawn here from SVG, so they are licence-clean and need no
// download. One look per body type in two views, processed once each; a third of the demo leads get them.
import { coverPhotoValue } from '@dealerleads/shared';
import { findModel, type BodyType } from '@dealerleads/shared/catalogues';
import type { Db } from '../../db/database';
import type { MediaStore } from './media-store';
import { imageLibrary, processPhoto, type ProcessedPhoto } from './photo-images';

/** A body's outline on a 1200 × 900 canvas: the roof line and the length of the car differ by type. */
const OUTLINES: Record<BodyType, { path: string; colour: string; label: string }> = {
  hatchback: {
    path: 'M180 600 L220 470 L420 450 L540 340 L820 340 L930 470 L1010 500 L1020 600 Z',
    colour: '#d9534f',
    label: 'Hatchback',
  },
  sedan: {
    path: 'M120 600 L150 500 L360 470 L500 350 L760 350 L900 470 L1060 500 L1080 600 Z',
    colour: '#2f6fb3',
    label: 'Sedan',
  },
  suv: {
    path: 'M140 610 L150 430 L330 420 L430 290 L900 290 L990 420 L1060 450 L1070 610 Z',
    colour: '#3c7d3a',
    label: 'SUV',
  },
  muv: {
    path: 'M130 610 L140 440 L320 430 L420 300 L960 300 L1020 430 L1070 460 L1075 610 Z',
    colour: '#8a6d3b',
    label: 'MUV',
  },
  pickup: {
    path: 'M120 610 L130 450 L330 440 L420 310 L640 310 L660 450 L1080 450 L1080 610 Z',
    colour: '#6c757d',
    label: 'Pickup',
  },
  coupe: {
    path: 'M130 600 L160 510 L400 470 L560 370 L760 370 L940 490 L1070 520 L1075 600 Z',
    colour: '#e0a800',
    label: 'Coupe',
  },
  convertible: {
    path: 'M130 600 L160 500 L420 480 L500 430 L540 480 L1060 500 L1075 600 Z',
    colour: '#b4005a',
    label: 'Convertible',
  },
  van: {
    path: 'M140 610 L150 330 L260 280 L1010 280 L1060 330 L1070 610 Z',
    colour: '#f0ad4e',
    label: 'Van',
  },
};

const VIEWS = [
  { name: 'Side view', sky: '#cfe6f5', ground: '#9aa5ad', mirror: false },
  { name: 'Other side', sky: '#f6e3c8', ground: '#8c8f8a', mirror: true },
] as const;

function carSvg(body: BodyType, view: (typeof VIEWS)[number]): string {
  const { path, colour, label } = OUTLINES[body];
  const flip = view.mirror ? ' transform="translate(1200 0) scale(-1 1)"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
  <rect width="1200" height="900" fill="${view.sky}"/>
  <rect y="640" width="1200" height="260" fill="${view.ground}"/>
  <g${flip}>
    <path d="${path}" fill="${colour}" stroke="#222" stroke-width="8" stroke-linejoin="round"/>
    <circle cx="330" cy="620" r="80" fill="#222"/><circle cx="330" cy="620" r="36" fill="#bbb"/>
    <circle cx="880" cy="620" r="80" fill="#222"/><circle cx="880" cy="620" r="36" fill="#bbb"/>
  </g>
  <text x="600" y="150" font-family="sans-serif" font-size="72" font-weight="bold" text-anchor="middle"
    fill="#222">${label}</text>
  <text x="600" y="230" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#444">${view.name} · demo photo</text>
</svg>`;
}

/** Each body type's two views, drawn and processed once per process. */
const drawn = new Map<BodyType, Promise<ProcessedPhoto[]>>();

export function demoPhotosOf(body: BodyType): Promise<ProcessedPhoto[]> {
  let photos = drawn.get(body);
  if (!photos) {
    photos = Promise.all(
      VIEWS.map(async (view) =>
        processPhoto(
          await imageLibrary()(Buffer.from(carSvg(body, view)))
            .jpeg({ quality: 85 })
            .toBuffer(),
        ),
      ),
    );
    drawn.set(body, photos);
  }
  return photos;
}

/** Which demo leads get photos: one in three. */
export const DEMO_PHOTO_EVERY = 3;

/**
 * Gives every DEMO_PHOTO_EVERY-th lead without photos its body type's two views (files stored once per view), in one
 * transaction. Returns how many leads got photos.
 */
export async function seedDemoPhotos(db: Db, store: MediaStore, now = new Date()): Promise<number> {
  const leads = await db
    .selectFrom('leads')
    .select(['id', 'brand', 'model'])
    .where('has_photos', '=', 0)
    .orderBy('id')
    .execute();
  const chosen = leads
    .filter((lead) => lead.id % DEMO_PHOTO_EVERY === 0)
    .map((lead) => ({ id: lead.id, body: findModel(lead.brand, lead.model)?.body }))
    .filter((lead): lead is { id: number; body: BodyType } => lead.body !== undefined);
  const bodies = [...new Set(chosen.map((lead) => lead.body))];
  const byBody = new Map<BodyType, ProcessedPhoto[]>();
  for (const body of bodies) {
    const photos = await demoPhotosOf(body);
    for (const photo of photos)
      for (const file of photo.files)
        await store.put(`${photo.hash}-${file.size}.webp`, file.body, 'image/webp');
    byBody.set(body, photos);
  }
  await db.transaction().execute(async (tx) => {
    for (const lead of chosen) {
      const photos = byBody.get(lead.body)!;
      const rows = await tx
        .insertInto('lead_photos')
        .values(
          photos.map((photo, position) => ({
            lead_id: lead.id,
            hash: photo.hash,
            position,
            width: photo.width,
            height: photo.height,
            created_on: now.toISOString(),
          })),
        )
        .returning(['id', 'hash', 'position'])
        .execute();
      const cover = rows.find((row) => row.position === 0)!;
      await tx
        .updateTable('leads')
        .set({ has_photos: 1, cover_photo: coverPhotoValue(cover.id, cover.hash) })
        .where('id', '=', lead.id)
        .execute();
    }
  });
  return chosen.length;
}
