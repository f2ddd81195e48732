// Roaring bitmaps as the engine uses them: the shared helpers of its columns and query (docs/lead-list-engine.md).
import roaring from 'roaring';

export const { RoaringBitmap32 } = roaring;
export type Bitmap = InstanceType<typeof RoaringBitmap32>;
export type Key = string | number;

/** Memory of every roaring bitmap of this process (the engine's are the only ones). */
export const bitmapBytes = () => RoaringBitmap32.getRoaringUsedMemory();

export const u16 = (size: number) => new Uint16Array(size);
export const u32 = (size: number) => new Uint32Array(size);
export const f64 = (size: number) => new Float64Array(size);

/** Runs every step of `steps` at once; what it returns. */
export function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The working arrays a bulk add reuses (see bulkArray), one per use whose lifetimes may overlap. */
export const BULK = {
  Sorted: 0,
  Flagged: 1,
  Codes: 2,
  Slots: 3,
} as const;
const bulkArrays: Uint32Array[] = [];

/**
 * A working array of `length` entries for a bulk add (a load's page of ids, an import's), its contents left over from
 * the last use: a new array per column and page was a quarter to several megabytes each time, and their churn left
 * the process's private memory fragmented and larger after a load. Valid until the next call for the same `use`.
 */
export function bulkArray(use: (typeof BULK)[keyof typeof BULK], length: number): Uint32Array {
  let array = bulkArrays[use];
  if (array === undefined || array.length < length) {
    array = new Uint32Array(Math.max(length, 1024));
    bulkArrays[use] = array;
  }
  return array.subarray(0, length);
}

/**
 * Adds each of `ids` (ascending) to the bitmap of its group, `groupOf[i]` (< groups) being the group of ids[i]: the ids
 * are sorted by group (a counting sort, which keeps each group's ids ascending, the order a roaring container appends
 * fastest), then each group's go in one call. A group without a bitmap (undefined) takes none. Returns the sorted ids,
 * group g's from ends[g] to ends[g + 1] (a bulk array: valid until the next call).
 */
export function addByGroup(
  ids: Uint32Array,
  groupOf: Uint32Array,
  groups: number,
  bitmapOf: (group: number) => Bitmap | undefined,
): { sorted: Uint32Array; ends: Uint32Array } {
  const ends = new Uint32Array(groups + 1);
  for (let i = 0; i < ids.length; i++) ends[groupOf[i]! + 1]!++;
  for (let group = 0; group < groups; group++) ends[group + 1]! += ends[group]!;
  const next = ends.slice(0, groups);
  const sorted = bulkArray(BULK.Sorted, ids.length);
  for (let i = 0; i < ids.length; i++) sorted[next[groupOf[i]!]!++] = ids[i]!;
  for (let group = 0; group < groups; group++) {
    const from = ends[group]!;
    const to = ends[group + 1]!;
    if (to > from) bitmapOf(group)?.addMany(sorted.subarray(from, to));
  }
  return { sorted, ends };
}

/** Up to this many leads, a narrowed set is intersected with each bitmap before their union (see unionWithin). */
export const NARROW = 1 << 16;

/**
 * The leads of `within` that are in any of `bitmaps`. A search unions many values' or words' bitmaps, each spanning
 * every lead: when other filters have already narrowed `within`, intersecting first touches only its few containers.
 */
export function unionWithin(within: Bitmap, bitmaps: Bitmap[]): Bitmap {
  if (within.size > NARROW)
    return withUnion(bitmaps, (union) => RoaringBitmap32.and(within, union));
  const parts = bitmaps.map((bitmap) => RoaringBitmap32.and(within, bitmap));
  const union = RoaringBitmap32.orMany(parts);
  freed(parts);
  return union;
}

/**
 * Frees a query's temporary bitmaps now. roaring returns a bitmap's native memory only when the garbage collector
 * finalizes it, and V8 collects for native memory late: under a stream of random filter mixes tens of megabytes of dead
 * intermediate and result bitmaps were counted as the engine's (its 250 MB budget) until a major collection.
 */
export function freed(bitmaps: Iterable<Bitmap>): void {
  for (const bitmap of bitmaps) bitmap.dispose();
}

/** `next`, with `previous` (the query's own bitmap that `next` replaces, unless it is the same) freed. */
export function replacing(previous: Bitmap, next: Bitmap): Bitmap {
  if (next !== previous) previous.dispose();
  return next;
}

/** What `use` makes of the union of `bitmaps`, the union freed right after (see freed). */
export function withUnion<T>(bitmaps: Bitmap[], use: (union: Bitmap) => T): T {
  const union = RoaringBitmap32.orMany(bitmaps);
  try {
    return use(union);
  } finally {
    union.dispose();
  }
}

/** How many leads the bitmaps hold together. */
export function sizeOf(bitmaps: Bitmap[]): number {
  let size = 0;
  for (const bitmap of bitmaps) size += bitmap.size;
  return size;
}

/** The bitmap of `key`, made empty if there is none yet. */
/**
 * Ranks [offset, offset + limit) of `found` taken group by group in the order given: each group's leads (its bitmap and
 * `found`) are counted, and read and put in order (`inOrder`) only where the page falls.
 */
export function rankedPage(
  found: Bitmap,
  groups: Iterable<Bitmap>,
  offset: number,
  limit: number,
  inOrder: (ids: number[]) => number[],
): number[] {
  const end = offset + limit;
  const page: number[] = [];
  let position = 0;
  for (const group of groups) {
    if (position >= end) break;
    const count = found.andCardinality(group);
    if (position + count <= offset) {
      position += count;
      continue;
    }
    const both = RoaringBitmap32.and(found, group);
    const ids = inOrder(both.toArray());
    both.dispose();
    for (let i = Math.max(0, offset - position); i < ids.length && position + i < end; i++)
      page.push(ids[i]!);
    position += count;
  }
  return page;
}

/** Ids newest (highest) first. */
export const newestFirst = (ids: number[]) => ids.reverse();
