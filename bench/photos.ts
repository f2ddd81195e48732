// Photo processing: how long a phone-sized photo (≈ 4 MB JPEG, 4032 × 3024) takes from upload to stored sizes, against
// the 1.5 s budget (issue 41). Measures the check and re-encoding alone, then whole uploads through the real app
// (app.inject, SQLite test database, a temporary media folder), one at a time and two at once.
//
//   node --import tsx bench/photos.ts [--runs 5]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { checkPhoto, processPhoto } from '../apps/api/src/modules/photos/photo-images';
import { jpegPhoto, multipart } from '../apps/api/src/modules/photos/photos-test-helpers';
import { createTestDatabase, testConfig } from '../apps/api/src/test/test-app';
import { numberArgument } from './database';

const BUDGET_MS = 1500;
const runs = numberArgument('runs', 5);

function summary(label: string, times: number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)]!;
  const max = sorted[sorted.length - 1]!;
  console.log(
    `${label.padEnd(34)} p50 ${p50.toFixed(0).padStart(5)} ms  max ${max.toFixed(0).padStart(5)} ms  ` +
      `(${max <= BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget)`,
  );
}

async function phonePhoto(): Promise<Buffer> {
  // Noise compresses like a photo's detail: quality chosen so the file is about 4 MB.
  for (const quality of [97, 95, 92, 88, 84, 80]) {
    const bytes = await jpegPhoto(4032, 3024, quality);
    if (bytes.length <= 4.5 * 1024 * 1024) return bytes;
  }
  return jpegPhoto(4032, 3024, 40);
}

const photos = await Promise.all(Array.from({ length: runs * 2 }, () => phonePhoto()));
console.log(
  `photos: ${runs * 2} of 4032 × 3024, ${(photos[0]!.length / 1024 / 1024).toFixed(1)} MB each`,
);

const processing: number[] = [];
for (const bytes of photos.slice(0, runs)) {
  const start = performance.now();
  await checkPhoto(bytes);
  await processPhoto(bytes);
  processing.push(performance.now() - start);
}
summary('check + three WebP sizes', processing);

const testDb = await createTestDatabase('sqlite');
const mediaDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-bench-media-'));
const { app } = await buildApp(
  testConfig(testDb.config, { media: { kind: 'local', dir: mediaDir } }),
  { database: testDb.handle, logger: false },
);
await app.ready();
try {
  const submitted = await app.inject({
    method: 'POST',
    url: '/api/leads',
    payload: {
      year: 2019,
      brand: 'hyundai',
      model: 'Creta',
      ownerType: 'first',
      transmission: 'manual',
      fuelType: 'petrol',
      seats: 5,
      fullName: 'Kavita Rao',
      city: 'Gurugram',
      phoneNumber: '9712345678',
      price: 780_000,
      consent: true,
    },
  });
  const token = (submitted.json() as { manageUrl: string }).manageUrl.split('/').pop()!;
  const upload = async (bytes: Buffer) => {
    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/owner/leads/${token}/photos`,
      ...multipart(bytes),
    });
    if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    return performance.now() - start;
  };
  const single: number[] = [];
  for (const bytes of photos.slice(0, Math.min(runs, 5))) single.push(await upload(bytes));
  summary('upload, one at a time', single);
  // A lead takes 10 photos: clear them before the pairs.
  await testDb.handle.db.deleteFrom('lead_photos').execute();
  const pairs: number[] = [];
  const pairPhotos = photos.slice(runs, runs + Math.min(runs, 4));
  for (let i = 0; i + 1 < pairPhotos.length; i += 2) {
    pairs.push(...(await Promise.all([upload(pairPhotos[i]!), upload(pairPhotos[i + 1]!)])));
  }
  if (pairs.length > 0) summary('upload, two at once (each)', pairs);
} finally {
  await app.close();
  await testDb.drop();
  rmSync(mediaDir, { recursive: true, force: true });
}
