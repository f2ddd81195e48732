// Photos through real HTTP on each engine and each storage (a folder, and a bucket of a local S3-compatible server):
// uploads and every refusal (nothing stored), the sizes served without metadata, order, removal, moderation, the lead
// JSON and the hasPhotos filter, and erasure.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PHOTOS_PER_LEAD,
  PHOTO_SIZES,
  PHOTO_THUMB,
  ownerMessages,
  photoMessages,
  type Lead,
  type LeadSubmissionResult,
  type Photo,
} from '@dealerleads/shared';
import type { MediaConfig } from '../../config';
import { startTestS3 } from '../../test/s3-server';
import { bearer, json, testEngines, useMembers, useTestApp } from '../../test/test-app';
import { ERASED_PHONE, runLeadLifecycle } from '../owners/lead-lifecycle';
import { openMediaStore } from './media-store';
import { MEDIA_CACHE_CONTROL } from './media.routes';
import { THUMB_MAX_BYTES, contentHash } from './photo-images';
import { jpegPhoto, jpegWithGps, multipart, pngBomb } from './photos-test-helpers';
import { erasePhotosOfErasedLeads } from './photos.service';

const s3 = await startTestS3();
const folder = mkdtempSync(path.join(tmpdir(), 'dealerleads-photos-'));
afterAll(async () => {
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
});

const storages: [string, MediaConfig][] = [
  ['a folder', { kind: 'local', dir: folder }],
  ['an S3 bucket', s3.media],
];
const cases = testEngines().flatMap((engine) =>
  storages.map(([name, media]) => [engine, name, media] as const),
);

let phoneSeq = 0;
function submission() {
  phoneSeq += 1;
  return {
    year: 2019,
    brand: 'hyundai',
    model: 'Creta',
    ownerType: 'first',
    transmission: 'manual',
    fuelType: 'petrol',
    seats: 5,
    fullName: 'Kavita Rao',
    city: 'Gurugram',
    phoneNumber: `96${String(41_000_000 + phoneSeq * 1013).slice(-8)}`,
    price: 780_000,
    consent: true,
  };
}

describe.each(cases)('photos on %s in %s', (engine, _storage, media) => {
  const ctx = useTestApp(engine, { config: { media } });
  const { dealer, admin } = useMembers(ctx, { dealer: {}, admin: { role: 'Admin' } });
  const store = openMediaStore(media);
  let small: Buffer;

  beforeAll(async () => {
    small = await jpegPhoto(400, 300);
  });

  async function newLead() {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/leads', payload: submission() });
    expect(res.statusCode, res.body).toBe(201);
    const result = json<LeadSubmissionResult>(res);
    return { id: result.id, token: result.manageUrl.slice('/my-car/'.length) };
  }

  const upload = (token: string, bytes: Buffer, options?: Parameters<typeof multipart>[1]) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/owner/leads/${token}/photos`,
      ...multipart(bytes, options),
    });

  async function uploaded(token: string, bytes: Buffer = small): Promise<Photo> {
    const res = await upload(token, bytes);
    expect(res.statusCode, res.body).toBe(201);
    return json<Photo>(res);
  }

  const photoRows = async (leadId: number) =>
    ctx.database.db
      .selectFrom('lead_photos')
      .selectAll()
      .where('lead_id', '=', leadId)
      .orderBy('position')
      .execute();

  /** Whether any size of these bytes' photo is stored. */
  async function anyFileOf(bytes: Buffer): Promise<boolean> {
    const hash = contentHash(bytes);
    for (const size of PHOTO_SIZES) if (await store.has(`${hash}-${size}.webp`)) return true;
    return false;
  }

  async function expectRefused(
    res: { statusCode: number; body: string },
    status: number,
    message: string,
  ) {
    expect(res.statusCode, res.body).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ status, message });
  }

  const fetchMedia = (url: string) => ctx.app.inject({ url });
  const leadOf = (id: number) =>
    ctx.app.inject({ url: `/api/leads/${id}`, headers: bearer(dealer) });

  it('stores an upload as WebP in three sizes, served public and immutable, and shows it on the lead before unlock', async () => {
    const { id, token } = await newLead();
    const bytes = await jpegPhoto(2000, 1500);
    const res = await upload(token, bytes);
    expect(res.statusCode, res.body).toBe(201);
    const photo = json<Photo>(res);
    const hash = contentHash(bytes);
    expect(photo).toEqual({
      id: expect.any(Number),
      thumbUrl: `/media/${hash}-thumb.webp`,
      url: `/media/${hash}-detail.webp`,
      width: 1600,
      height: 1200,
    });
    const expectedSizes = { thumb: PHOTO_THUMB, detail: { width: 1024, height: 768 } };
    for (const size of PHOTO_SIZES) {
      const file = await fetchMedia(`/media/${hash}-${size}.webp`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      if (size !== 'large') expect(meta).toMatchObject(expectedSizes[size]);
    }
    const thumb = await fetchMedia(photo.thumbUrl);
    expect(thumb.rawPayload.length).toBeLessThanOrEqual(THUMB_MAX_BYTES);
    // Lead JSON, for a dealer who has not unlocked it: the list carries the cover, the detail every photo.
    const detail = json<Lead>(await leadOf(id));
    expect(detail.unlocked).toBe(false);
    expect(detail.photos).toEqual([{ id: photo.id, thumbUrl: photo.thumbUrl, url: photo.url }]);
    const list = await ctx.app.inject({
      url: '/api/leads?pageSize=100&hasPhotos=true',
      headers: bearer(dealer),
    });
    const listed = json<Lead[]>(list).find((l) => l.id === id);
    expect(listed?.photos).toEqual(detail.photos);
    // The owner's page lists them with their sizes.
    const mine = await ctx.app.inject({ url: `/api/owner/leads/${token}/photos` });
    expect(json<Photo[]>(mine)).toEqual([photo]);
  });

  it('keeps no EXIF, XMP or GPS in any size, and applies the orientation', async () => {
    const { token } = await newLead();
    const bytes = await jpegWithGps(1200, 900);
    const input = await sharp(bytes).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const photo = await uploaded(token, bytes);
    // Orientation 6 turns the 1200 × 900 picture upright: 900 × 1200.
    expect([photo.width, photo.height]).toEqual([900, 1200]);
    const hash = contentHash(bytes);
    for (const size of PHOTO_SIZES) {
      const file = (await fetchMedia(`/media/${hash}-${size}.webp`)).rawPayload;
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // No RIFF chunk of metadata at all, and none of the EXIF's text.
      for (const marker of ['EXIF', 'XMP ', 'PhoneMaker', 'Phone 12'])
        expect(file.includes(Buffer.from(marker, 'latin1'))).toBe(false);
      if (size === 'large') expect([meta.width, meta.height]).toEqual([900, 1200]);
    }
  });

  it('refuses a PDF called .jpg, a GIF, a 50 MB file, a truncated JPEG and a 30,000 × 30,000 PNG, storing nothing', async () => {
    const { id, token } = await newLead();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
    await expectRefused(await upload(token, pdf, { filename: 'car.jpg' }), 400, photoMessages.type);
    const gif = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#fff' },
    })
      .gif()
      .toBuffer();
    await expectRefused(await upload(token, gif), 400, photoMessages.type);
    const huge = Buffer.concat([small, Buffer.alloc(50 * 1024 * 1024 - small.length, 7)]);
    await expectRefused(await upload(token, huge), 413, photoMessages.tooLarge);
    const whole = await jpegPhoto(1200, 900);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expectRefused(await upload(token, truncated), 400, photoMessages.unreadable);
    const bomb = pngBomb(30_000, 30_000);
    await expectRefused(
      await upload(token, bomb, { type: 'image/png', filename: 'a.png' }),
      400,
      photoMessages.tooManyPixels,
    );
    for (const bytes of [pdf, gif, huge, truncated, bomb])
      expect(await anyFileOf(bytes)).toBe(false);
    expect(await photoRows(id)).toEqual([]);
    expect(json<Lead>(await leadOf(id)).photos).toEqual([]);
  });

  it('refuses a request without the photo field, or not multipart', async () => {
    const { id, token } = await newLead();
    await expectRefused(
      await upload(token, small, { field: 'picture' }),
      400,
      photoMessages.missing,
    );
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: `/api/owner/leads/${token}/photos`,
      payload: { photo: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(await photoRows(id)).toEqual([]);
  });

  it('answers 404 to a wrong or malformed link and to a photo of another lead, storing and removing nothing', async () => {
    const mine = await newLead();
    const other = await newLead();
    const bytes = await jpegPhoto(300, 200);
    const wrong = 'A'.repeat(43);
    await expectRefused(await upload(wrong, bytes), 404, ownerMessages.notFound);
    await expectRefused(await upload('short', bytes), 404, ownerMessages.notFound);
    expect(await anyFileOf(bytes)).toBe(false);
    const theirs = await uploaded(other.token);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/owner/leads/${mine.token}/photos/${theirs.id}`,
    });
    await expectRefused(del, 404, photoMessages.notFound);
    expect(await photoRows(other.id)).toHaveLength(1);
    const bad = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/owner/leads/${mine.token}/photos/abc`,
    });
    expect(bad.statusCode).toBe(404);
  });

  it('takes 10 photos per lead and refuses the 11th, storing nothing of it', async () => {
    const { id, token } = await newLead();
    for (let i = 0; i < MAX_PHOTOS_PER_LEAD; i++) await uploaded(token, await jpegPhoto(200, 150));
    const eleventh = await jpegPhoto(200, 150);
    await expectRefused(await upload(token, eleventh), 400, photoMessages.tooMany);
    expect(await anyFileOf(eleventh)).toBe(false);
    expect(await photoRows(id)).toHaveLength(MAX_PHOTOS_PER_LEAD);
  });

  it('orders the photos (the first is the cover on the list) and refuses an order that is not every id once', async () => {
    const { id, token } = await newLead();
    const [a, b, c] = [await uploaded(token), await uploaded(token), await uploaded(token)];
    const cover = async () => {
      const list = await ctx.app.inject({
        url: '/api/leads?pageSize=100&hasPhotos=true',
        headers: bearer(dealer),
      });
      return json<Lead[]>(list)
        .find((l) => l.id === id)
        ?.photos.map((p) => p.id);
    };
    expect(await cover()).toEqual([a!.id]);
    const order = (ids: unknown[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/owner/leads/${token}/photos/order`,
        payload: { ids },
      });
    const res = await order([c!.id, a!.id, b!.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Photo[]>(res).map((p) => p.id)).toEqual([c!.id, a!.id, b!.id]);
    expect(await cover()).toEqual([c!.id]);
    expect(json<Lead>(await leadOf(id)).photos.map((p) => p.id)).toEqual([c!.id, a!.id, b!.id]);
    for (const bad of [
      [c!.id, a!.id],
      [c!.id, c!.id, a!.id],
      [c!.id, a!.id, 999_999],
    ]) {
      await expectRefused(await order(bad), 400, photoMessages.order);
    }
    expect((await order(['x'])).statusCode).toBe(400);
  });

  it('removes a photo with every size (unless another photo has the same bytes); the next becomes the cover', async () => {
    const first = await newLead();
    const second = await newLead();
    const shared = await jpegPhoto(500, 400);
    const own = await jpegPhoto(500, 400);
    const a = await uploaded(first.token, shared);
    const b = await uploaded(first.token, own);
    await uploaded(second.token, shared);
    const remove = (token: string, photoId: number) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/owner/leads/${token}/photos/${photoId}` });
    expect((await remove(first.token, a.id)).statusCode).toBe(204);
    // The other lead's photo of the same bytes keeps the files.
    expect(await anyFileOf(shared)).toBe(true);
    expect(json<Lead>(await leadOf(first.id)).photos.map((p) => p.id)).toEqual([b.id]);
    expect((await remove(first.token, b.id)).statusCode).toBe(204);
    expect(await anyFileOf(own)).toBe(false);
    expect((await fetchMedia(b.url)).statusCode).toBe(404);
    expect(json<Lead>(await leadOf(first.id)).photos).toEqual([]);
    const list = await ctx.app.inject({
      url: '/api/leads?pageSize=100&hasPhotos=true',
      headers: bearer(dealer),
    });
    expect(json<Lead[]>(list).map((l) => l.id)).not.toContain(first.id);
    expect(json<Lead[]>(list).map((l) => l.id)).toContain(second.id);
    expect((await remove(first.token, b.id)).statusCode).toBe(404);
  });

  it('lets an Admin remove a photo, audited; a dealer may not', async () => {
    const { id, token } = await newLead();
    const bytes = await jpegPhoto(300, 300);
    const photo = await uploaded(token, bytes);
    const url = `/api/leads/${id}/photos/${photo.id}`;
    expect((await ctx.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url, headers: bearer(dealer) })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url, headers: bearer(admin) })).statusCode,
    ).toBe(204);
    expect(await anyFileOf(bytes)).toBe(false);
    const entry = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'photo.remove')
      .where('target_id', '=', String(photo.id))
      .executeTakeFirst();
    expect(entry?.actor_id).toBe(admin.id);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url, headers: bearer(admin) })).statusCode,
    ).toBe(404);
  });

  it('refuses a photo for a closed listing', async () => {
    const { id, token } = await newLead();
    const sold = await ctx.app.inject({
      method: 'PUT',
      url: `/api/owner/leads/${token}`,
      payload: { listingStatus: 'sold' },
    });
    expect(sold.statusCode).toBe(200);
    await expectRefused(await upload(token, small), 400, ownerMessages.closed);
    expect(await photoRows(id)).toEqual([]);
  });

  it("removes an erased lead's photos and their files", async () => {
    const { id, token } = await newLead();
    const bytes = await jpegPhoto(320, 240);
    await uploaded(token, bytes);
    await ctx.database.db
      .updateTable('leads')
      .set({ listing_status: 'sold', status: 0, closed_on: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    const result = await runLeadLifecycle(ctx.database.db, engine, new Date(), () =>
      erasePhotosOfErasedLeads(ctx.database, store, ERASED_PHONE),
    );
    expect(result.erased).toBeGreaterThanOrEqual(1);
    expect(result.photosErased).toBeGreaterThanOrEqual(1);
    const lead = await ctx.database.db
      .selectFrom('leads')
      .select(['phone_number', 'has_photos', 'cover_photo'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({ phone_number: ERASED_PHONE, has_photos: 0, cover_photo: null });
    expect(await photoRows(id)).toEqual([]);
    expect(await anyFileOf(bytes)).toBe(false);
  });

  it('answers 404 for a file that is not there or a name that is not a photo file', async () => {
    expect((await fetchMedia(`/media/${'0'.repeat(32)}-thumb.webp`)).statusCode).toBe(404);
    expect((await fetchMedia('/media/..%2Fjwt-secret')).statusCode).toBe(404);
    expect((await fetchMedia('/media/x.webp')).statusCode).toBe(404);
  });
});

describe('the folder storage', () => {
  it('writes only the three sizes of each photo', () => {
    const [, folder] = storages[0]!;
    if (folder.kind !== 'local') throw new Error('expected a folder');
    const names = readdirSync(folder.dir);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}-(thumb|detail|large)\.webp$/);
  });
});
