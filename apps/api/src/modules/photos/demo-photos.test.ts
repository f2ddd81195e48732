// The demo's photos on each engine: a third of the leads get their body type's two drawn views, stored once each.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../../test/test-app';
import { createLeads } from '../../db/seed/demo';
import { createRandom } from '../../db/seed/random';
import { DEMO_PHOTO_EVERY, seedDemoPhotos } from './demo-photos';
import { LocalMediaStore } from './media-store';
import { THUMB_MAX_BYTES } from './photo-images';

describe.each(testEngines())('demo photos on %s', (engine) => {
  it('gives every third lead two photos, the cover on the lead, each file stored once', async () => {
    const testDb = await createTestDatabase(engine);
    const dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-demo-media-'));
    try {
      const { db } = testDb.handle;
      const now = Date.now();
      await createLeads(db, createRandom(7), 60, {
        firstMs: now - 60_000,
        stepMs: 1000,
        now: new Date(now),
      });
      const store = new LocalMediaStore(dir);
      const count = await seedDemoPhotos(db, store);
      const leads = await db
        .selectFrom('leads')
        .select(['id', 'has_photos', 'cover_photo'])
        .execute();
      const withPhotos = leads.filter((l) => l.has_photos === 1);
      expect(count).toBe(withPhotos.length);
      expect(withPhotos.length).toBeGreaterThan(0);
      for (const lead of leads)
        expect(lead.has_photos === 1).toBe(lead.id % DEMO_PHOTO_EVERY === 0);
      const rows = await db.selectFrom('lead_photos').selectAll().execute();
      expect(rows).toHaveLength(2 * withPhotos.length);
      const hashes = new Set(rows.map((r) => r.hash));
      const files = readdirSync(dir);
      expect(files).toHaveLength(3 * hashes.size);
      for (const file of files.filter((f) => f.endsWith('-thumb.webp'))) {
        expect(statSync(path.join(dir, file)).size).toBeLessThanOrEqual(THUMB_MAX_BYTES);
      }
      // Run again: nothing more (leads with photos are skipped).
      expect(await seedDemoPhotos(db, store)).toBe(0);
    } finally {
      await testDb.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
