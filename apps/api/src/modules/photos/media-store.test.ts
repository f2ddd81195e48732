import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { LocalMediaStore, S3MediaStore, type MediaStore } from './media-store';

const name = `${'a1'.repeat(16)}-thumb.webp`;

describe.each(['local', 's3'] as const)('media store: %s', (kind) => {
  let store: MediaStore;
  let s3: TestS3 | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startTestS3();
      store = new S3MediaStore(s3.media);
    } else {
      dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-media-'));
      store = new LocalMediaStore(path.join(dir, 'media'));
    }
  });
  afterAll(async () => {
    if (store instanceof S3MediaStore) store.close();
    await s3?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('stores, reads, tells and deletes a file by name', async () => {
    expect(await store.has(name)).toBe(false);
    expect(await store.get(name)).toBeUndefined();
    await store.put(name, Buffer.from('bytes'), 'image/webp');
    expect(await store.has(name)).toBe(true);
    expect((await store.get(name))?.toString()).toBe('bytes');
    await store.delete(name);
    expect(await store.has(name)).toBe(false);
    expect(await store.get(name)).toBeUndefined();
    await store.delete(name);
  });

  it('refuses a name that is not a photo file', async () => {
    await expect(store.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /not a media file name/,
    );
    await expect(store.get('a/b')).rejects.toThrow(/not a media file name/);
  });
});
