// The buckets of a range column: amounts and counts by a log scale, times by day, and a level of bitmaps by bucket.
import { RoaringBitmap32, type Bitmap } from './bitmaps';
import type { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';

/** Buckets per power of two of amounts and counts (2^BUCKET_BITS). */
export const BUCKET_BITS = 6;

/**
 * Bucket of a positive integer: 64 per power of two (each spans ≤ 1.6% of its values); monotone, exact arithmetic.
 */
export function logBucket(value: number): number {
  if (!(value >= 1)) return 0;
  const n = Math.min(Math.floor(value), 2 ** 31 - 1);
  const bits = 31 - Math.clz32(n);
  const mask = (1 << BUCKET_BITS) - 1;
  const fraction =
    bits >= BUCKET_BITS ? (n >>> (bits - BUCKET_BITS)) & mask : (n << (BUCKET_BITS - bits)) & mask;
  return 1 + bits * (1 << BUCKET_BITS) + fraction;
}

/** Bucket of a time in epoch milliseconds: its UTC day. */
export const dayBucket = (ms: number) => Math.floor(ms / 86_400_000);

/** Fine buckets per coarse bucket of a range column. */
export const GROUP = 8;
export const groupOf = (key: number) => Math.floor(key / GROUP);

/** Bitmaps by bucket key, the keys kept in ascending order. */
export class BucketLevel {
  readonly bitmaps = new Map<number, Bitmap>();
  sortedKeys: number[] = [];

  bucket(key: number): Bitmap {
    let bitmap = this.bitmaps.get(key);
    if (bitmap === undefined) {
      bitmap = new RoaringBitmap32();
      this.bitmaps.set(key, bitmap);
      const at = this.sortedKeys.findIndex((k) => k > key);
      if (at < 0) this.sortedKeys.push(key);
      else this.sortedKeys.splice(at, 0, key);
    }
    return bitmap;
  }

  async save(out: SnapshotWriter): Promise<void> {
    await out.json(this.sortedKeys);
    await out.bitmaps(this.sortedKeys.map((key) => this.bitmaps.get(key)!));
  }

  async restore(input: SnapshotReader): Promise<void> {
    const keys = await input.json<number[]>();
    this.bitmaps.clear();
    for (const key of keys) this.bitmaps.set(key, await input.bitmap());
    this.sortedKeys = keys;
  }
}

/** Index of the first of ascending `keys` above `key` (keys.length if none). */
export function firstAbove(keys: readonly number[], key: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! > key) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
