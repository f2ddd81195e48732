// The lead list's filters as roaring bitmaps of lead ids: one per filter value, bucketed ones for ranges, one per word
// of the full names, and the status. A query intersects the bitmaps of its filters (docs/lead-list-engine.md).
import { LRUCache } from 'lru-cache';
import roaring from 'roaring';
import { coverPhotos, priceVsMarket, shownOwnerName } from '@dealerleads/shared';
import type { LeadRow } from '../../../db/schema';
import type { JsonBytes } from '../../../lib/json-bytes';
import {
  EQUALITY_FILTERS,
  RANGE_FILTERS,
  SEARCH_COLUMNS,
  brandsLabelled,
  type CanonicalLeadFilter,
  type NumberRange,
} from './lead-filters';
import type { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';
import { maskPhone } from '../leads.repository';
import { PAGE_SIZE, PagedTable, TableSlot, entryPageOf } from './paged-array';

const { RoaringBitmap32 } = roaring;
type Bitmap = InstanceType<typeof RoaringBitmap32>;
type Key = string | number;

/** Memory of every roaring bitmap of this process (the engine's are the only ones). */
export const bitmapBytes = () => RoaringBitmap32.getRoaringUsedMemory();

const u16 = (size: number) => new Uint16Array(size);
const u32 = (size: number) => new Uint32Array(size);
const f64 = (size: number) => new Float64Array(size);

/** Lead ids from this one on are not held (bitmaps hold 32-bit ids): the engine fails over to SQL. */
const MAX_LEAD_ID = 2 ** 32 - 1;

/** Bytes of a name the engine holds (lengths are 16-bit). */
const MAX_NAME_BYTES = 0xfffe;

/**
 * Throws, before anything changes, for a lead the engine cannot hold (the engine then fails over to SQL): an id past 32
 * bits, or a name past MAX_NAME_BYTES (only a write straight into SQLite, which does not check varchar(100)).
 */
function checkHoldable({ id, full_name: name }: LeadListRow): void {
  if (!(Number.isSafeInteger(id) && id > 0 && id < MAX_LEAD_ID))
    throw new RangeError(`lead list engine: lead id ${id} is out of range`);
  // A UTF-16 unit is at most 3 bytes of UTF-8, lower case too: only a long name is measured.
  if (name.length > MAX_NAME_BYTES / 4 && Buffer.byteLength(name.toLowerCase()) > MAX_NAME_BYTES)
    throw new RangeError(`lead list engine: the name of lead ${id} is too long`);
}

/**
 * The size to grow the names' text to so that it holds `needed` bytes: an eighth more than now, not twice as much
 * (doubling would keep room for as many names again for good); each byte is copied about eight times over the text's
 * life instead of twice, which a write never notices.
 */
function grownSize(current: number, needed: number): number {
  return Math.max(needed, current + Math.ceil(current / 8), 1024);
}

/** Grown text is copied this many bytes per step, so growing megabytes of names never holds the loop long. */
const COPY_SLICE = 1 << 17;

/**
 * The names' text, able to hold `needed` bytes: `text` itself if it does, else a grown copy, made one slice per step (a
 * bare `yield` between slices). reserve() gives requests a turn at each step; grownText() runs every step at once.
 */
function* growingText(text: Buffer, needed: number): Generator<void, Buffer> {
  if (needed <= text.length) return text;
  const next = Buffer.alloc(grownSize(text.length, needed));
  for (let from = 0; from < text.length; from += COPY_SLICE) {
    next.set(text.subarray(from, Math.min(text.length, from + COPY_SLICE)), from);
    yield;
  }
  return next;
}

/** The names' text grown to hold `needed` bytes, all at once (a write that finds no room; see reserve). */
function grownText(text: Buffer, needed: number): Buffer {
  return finish(growingText(text, needed));
}

/** Runs every step of `steps` at once; what it returns. */
function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Adds each group of ids to its bitmap in one call (a load appends thousands of leads at a time). */
function addGroups<K>(groups: Map<K, number[]>, bitmapOf: (key: K) => Bitmap): void {
  // A typed array goes to roaring as it is; a plain array would be converted through its iterator.
  for (const [key, ids] of groups)
    if (ids.length === 1) bitmapOf(key).add(ids[0]!);
    else bitmapOf(key).addMany(new Uint32Array(ids));
}

function push<K>(groups: Map<K, number[]>, key: K, id: number): void {
  const ids = groups.get(key);
  if (ids === undefined) groups.set(key, [id]);
  else ids.push(id);
}

/** Up to this many leads, a narrowed set is intersected with each bitmap before their union (see unionWithin). */
const NARROW = 1 << 16;

/**
 * The leads of `within` that are in any of `bitmaps`. A search unions many values' or words' bitmaps, each spanning
 * every lead: when other filters have already narrowed `within`, intersecting first touches only its few containers.
 */
function unionWithin(within: Bitmap, bitmaps: Bitmap[]): Bitmap {
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
function freed(bitmaps: Iterable<Bitmap>): void {
  for (const bitmap of bitmaps) bitmap.dispose();
}

/** `next`, with `previous` (the query's own bitmap that `next` replaces, unless it is the same) freed. */
function replacing(previous: Bitmap, next: Bitmap): Bitmap {
  if (next !== previous) previous.dispose();
  return next;
}

/** What `use` makes of the union of `bitmaps`, the union freed right after (see freed). */
function withUnion<T>(bitmaps: Bitmap[], use: (union: Bitmap) => T): T {
  const union = RoaringBitmap32.orMany(bitmaps);
  try {
    return use(union);
  } finally {
    union.dispose();
  }
}

/** How many leads the bitmaps hold together. */
function sizeOf(bitmaps: Bitmap[]): number {
  let size = 0;
  for (const bitmap of bitmaps) size += bitmap.size;
  return size;
}

/** The bitmap of `key`, made empty if there is none yet. */
function bitmapOf<K>(bitmaps: Map<K, Bitmap>, key: K): Bitmap {
  let bitmap = bitmaps.get(key);
  if (bitmap === undefined) {
    bitmap = new RoaringBitmap32();
    bitmaps.set(key, bitmap);
  }
  return bitmap;
}

/** Takes `id` out of the bitmap of `key`, dropping the bitmap once it is empty. */
function forget<K>(bitmaps: Map<K, Bitmap>, key: K, id: number): void {
  const bitmap = bitmaps.get(key);
  if (bitmap === undefined) return;
  bitmap.remove(id);
  if (bitmap.isEmpty) bitmaps.delete(key);
}

/** Free bytes the names' text keeps ahead of a catch-up (reserve): its 2,000 changes' names, 500 bytes each. */
const NAME_TEXT_HEADROOM = 1 << 20;

/** Lengths of the names' n-grams: search terms this short are answered by one bitmap (NameColumn). */
const MIN_GRAM = 2;
const MAX_GRAM = 3;

/**
 * The n-gram of `length` characters (UTF-16 units, as String.includes compares) at `at` of `text`, as a number: its
 * units in base 2^16 after a marker of its length, so no two n-grams of any length share one (< 2^53).
 */
function gramKey(text: string, at: number, length: number): number {
  let key = length;
  for (let i = 0; i < length; i++) key = key * 65_536 + text.charCodeAt(at + i);
  return key;
}

/**
 * A value per lead, as a code into the column's few distinct values (catalogue values, masked phone numbers): 16 bits
 * per lead while the column has at most 65,535 values (2 MB at a million leads, not 4), 32 bits from its 65,536th value
 * on (the pages copied once, by that write).
 */
class CodedColumn {
  protected readonly codeOf = new Map<Key, number>();
  /** code → value; code 0 is "no value" (NULL, or not held). */
  protected readonly keys: Key[] = [''];
  /** code → `,"field":` and its value as JSON, in UTF-8 (made as pages need them). */
  private readonly jsonOfCode: Buffer[] = [];
  /**
   * @param codes each lead's code, in a slot of the table of codes (16 bits, or 32 once any column needs them)
   * @param field the name of the lead's JSON property that shows the value
   */
  constructor(
    protected readonly codes: TableSlot<Uint16Array | Uint32Array>,
    private readonly field: string,
  ) {}

  protected codeFor(key: Key | null): number {
    if (key === null) return 0;
    let code = this.codeOf.get(key);
    if (code === undefined) {
      code = this.keys.length;
      this.codeOf.set(key, code);
      this.keys.push(key);
      this.added();
      if (this.keys.length === 0x10001) this.codes.remake(u32);
    }
    return code;
  }

  /** A value was given its code (the last one). */
  protected added(): void {}

  /** The lead's code moves from `from` to `to` (each 0 for no value). */
  protected moved(_id: number, _from: number, _to: number): void {}

  /** Leads not held yet, ids ascending (a load). */
  appendAll(ids: readonly number[], keys: readonly (Key | null)[]): void {
    for (let i = 0; i < ids.length; i++) this.codes.set(ids[i]!, this.codeFor(keys[i]!));
  }

  /** Gives the lead `key`; whether that changed its value. */
  set(id: number, key: Key | null): boolean {
    const code = this.codeFor(key);
    const old = this.codes.get(id);
    if (old === code) return false;
    this.moved(id, old, code);
    this.codes.set(id, code);
    return true;
  }

  /** The lead's value, if it has one. */
  keyOf(id: number): Key | undefined {
    const code = this.codes.get(id);
    return code === 0 ? undefined : this.keys[code];
  }

  /**
   * Writes `,"field":` and the lead's value as JSON.stringify does (`null` for none): the property of the lead's JSON
   * after the first, each code's bytes made once.
   */
  writeJson(id: number, out: JsonBytes): void {
    const code = this.codes.get(id);
    out.bytes(
      (this.jsonOfCode[code] ??= Buffer.from(
        `,${JSON.stringify(this.field)}:${JSON.stringify(code === 0 ? null : this.keys[code])}`,
      )),
    );
  }

  clear(id: number): void {
    this.set(id, null);
  }

  /** Drops the page of per-lead codes `at` (no lead of it is held). */
  drop(at: number): void {
    this.codes.drop(at);
  }

  /** Bytes of its per-lead codes. */
  get arrayBytes(): number {
    return this.codes.bytes;
  }

  save(out: SnapshotWriter): void {
    out.json(this.keys);
    this.codes.save(out);
  }

  restore(input: SnapshotReader): void {
    this.restoreKeys(input.json<Key[]>());
    this.codes.restore(input);
  }

  /** Takes the values a snapshot holds (keys[code]); the table of codes is as wide as it was (LeadBitmaps.restore). */
  protected restoreKeys(keys: readonly Key[]): void {
    this.codeOf.clear();
    this.keys.length = 0;
    this.jsonOfCode.length = 0;
    keys.forEach((key, code) => {
      if (code !== 0) this.codeOf.set(key, code);
      this.keys.push(key);
    });
  }
}

/** An equality-filtered column: each lead's value code, and a bitmap per stored value. */
class ValueColumn extends CodedColumn {
  /** code → the bitmap of its leads. */
  private readonly bitmaps: Bitmap[] = [new RoaringBitmap32()];
  /** code → value in lower case, as searches compare it (made as containing needs them). */
  private readonly lowered: string[] = [];

  bitmap(key: Key): Bitmap | undefined {
    const code = this.codeOf.get(key);
    return code === undefined ? undefined : this.bitmaps[code];
  }

  protected override added(): void {
    this.bitmaps.push(new RoaringBitmap32());
  }

  protected override moved(id: number, from: number, to: number): void {
    if (from !== 0) this.bitmaps[from]!.remove(id);
    if (to !== 0) this.bitmaps[to]!.add(id);
  }

  override appendAll(ids: readonly number[], keys: readonly (Key | null)[]): void {
    super.appendAll(ids, keys);
    const groups = new Map<number, number[]>();
    for (const id of ids) {
      const code = this.codes.get(id);
      if (code !== 0) push(groups, code, id);
    }
    addGroups(groups, (code) => this.bitmaps[code]!);
  }

  override save(out: SnapshotWriter): void {
    out.json(this.keys);
    out.bitmaps(this.bitmaps);
    this.codes.save(out);
  }

  override restore(input: SnapshotReader): void {
    this.restoreKeys(input.json<Key[]>());
    this.lowered.length = 0;
    this.bitmaps.length = 0;
    for (let code = 0; code < this.keys.length; code++) this.bitmaps.push(input.bitmap());
    this.codes.restore(input);
  }

  /** Ranks [offset, offset + limit) of `found` by value, highest first (numbers), ties newest first. */
  highestFirst(found: Bitmap, offset: number, limit: number): number[] {
    const codes = this.keys
      .map((key, code) => ({ key, code }))
      .filter(({ code }) => code !== 0)
      .sort((a, b) => Number(b.key) - Number(a.key));
    return rankedPage(
      found,
      codes.map(({ code }) => this.bitmaps[code]!),
      offset,
      limit,
      newestFirst,
    );
  }

  /** The bitmaps of the values containing `term` (values compared in lower case). */
  containing(term: string): Bitmap[] {
    const lowered = this.lowered;
    // Values are only ever added (a code is never reused): the new ones are lowered once.
    while (lowered.length < this.keys.length)
      lowered.push(String(this.keys[lowered.length]).toLowerCase());
    const found: Bitmap[] = [];
    for (let code = 1; code < lowered.length; code++) {
      if (lowered[code]!.includes(term)) found.push(this.bitmaps[code]!);
    }
    return found;
  }
}

/** Buckets per power of two of amounts and counts (2^BUCKET_BITS). */
const BUCKET_BITS = 6;

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
const GROUP = 8;
const groupOf = (key: number) => Math.floor(key / GROUP);

/** Bitmaps by bucket key, the keys kept in ascending order. */
class BucketLevel {
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

  save(out: SnapshotWriter): void {
    out.json(this.sortedKeys);
    out.bitmaps(this.sortedKeys.map((key) => this.bitmaps.get(key)!));
  }

  restore(input: SnapshotReader): void {
    const keys = input.json<number[]>();
    this.bitmaps.clear();
    for (const key of keys) this.bitmaps.set(key, input.bitmap());
    this.sortedKeys = keys;
  }
}

/** Index of the first of ascending `keys` above `key` (keys.length if none). */
function firstAbove(keys: readonly number[], key: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! > key) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Up to this many leads, a range checks each one's value instead of combining its bitmaps (cheaper at this size). */
const CHECK_EACH_AT_MOST = 1 << 12;

/** The ids a range checks one by one are copied here (grown as needed): no new array per check. */
let scratch = new Uint32Array(CHECK_EACH_AT_MOST);

/**
 * A range-filtered column: each lead's value, and its id in two levels of bitmaps — a fine bucket of values (bucketOf
 * is monotone) and the coarse bucket of 8 consecutive fine ones — plus, per coarse bucket, the leads at or below it
 * (range encoding). A range takes the coarse buckets inside it as one difference of two of those, adds the fine
 * buckets inside it at its ends, and checks the values of the leads in the two fine buckets its bounds fall in: any
 * bounds are exact and cost a handful of bitmap operations, whatever their width. A set already narrowed to a few
 * thousand leads is checked value by value.
 */
class RangeColumn {
  private readonly fine = new BucketLevel();
  private readonly coarse = new BucketLevel();
  /**
   * atMost[i]: the leads whose coarse bucket is at most coarse.sortedKeys[i]. Derived from `coarse` by the first range
   * after a load or restore, then kept current by every write (each touches at most one bitmap per coarse bucket).
   */
  private atMost: Bitmap[] | undefined;
  /** Leads held whose value is NULL: never in a range. */
  private readonly nulls = new RoaringBitmap32();

  /**
   * @param bucketOf the fine bucket of a value
   * @param values each lead's value (NaN for NULL or not held), in a slot of the table of range values
   */
  constructor(
    private readonly bucketOf: (value: number) => number,
    private readonly values: TableSlot<Float64Array>,
  ) {}

  /** Leads not held yet, ids ascending (a load). */
  appendAll(ids: readonly number[], values: readonly (number | null)[]): void {
    if (ids.length === 0) return;
    const groups = new Map<number, number[]>();
    const nulls: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const value = values[i]!;
      if (value === null) {
        nulls.push(ids[i]!);
        continue;
      }
      this.values.set(ids[i]!, value);
      push(groups, this.bucketOf(value), ids[i]!);
    }
    this.nulls.addMany(nulls);
    addGroups(groups, (key) => this.fine.bucket(key));
    const coarse = new Map<number, number[]>();
    for (const [key, members] of groups) {
      const list = coarse.get(groupOf(key));
      if (list === undefined) coarse.set(groupOf(key), members);
      else for (const id of members) list.push(id);
    }
    // Every coarse bucket first (a new one starts as a copy of the one below), then its leads.
    for (const key of coarse.keys()) this.coarseBucket(key);
    addGroups(coarse, (key) => this.coarse.bitmaps.get(key)!);
    if (this.atMost !== undefined) {
      // The running union of coarse bucket i takes the new leads of every bucket up to i: one call per union, far
      // cheaper for an import's leads than a call per bucket and union above it.
      const keys = this.coarse.sortedKeys;
      const below = new Uint32Array(ids.length);
      let count = 0;
      for (let i = 0; i < keys.length; i++) {
        for (const id of coarse.get(keys[i]!) ?? []) below[count++] = id;
        if (count > 0) this.atMost[i]!.addMany(below.subarray(0, count));
      }
    }
  }

  set(id: number, value: number | null): void {
    this.clear(id);
    if (value === null) {
      this.nulls.add(id);
      return;
    }
    this.values.set(id, value);
    const key = this.bucketOf(value);
    this.fine.bucket(key).add(id);
    this.coarseBucket(groupOf(key)).add(id);
    this.eachAtOrAbove(groupOf(key), (bitmap) => bitmap.add(id));
  }

  clear(id: number): void {
    const old = this.values.get(id);
    if (Number.isNaN(old)) {
      this.nulls.remove(id);
      return;
    }
    const key = this.bucketOf(old);
    this.fine.bitmaps.get(key)?.remove(id);
    this.coarse.bitmaps.get(groupOf(key))?.remove(id);
    this.eachAtOrAbove(groupOf(key), (bitmap) => bitmap.remove(id));
    this.values.set(id, NaN);
  }

  /** The lead's value (null: NULL, or not held). */
  valueOf(id: number): number | null {
    const value = this.values.get(id);
    return Number.isNaN(value) ? null : value;
  }

  /** Drops the page of per-lead values `at` (no lead of it is held). */
  drop(at: number): void {
    this.values.drop(at);
  }

  /** The coarse bucket's bitmap, made (with its running union) if it is new. */
  private coarseBucket(group: number): Bitmap {
    const isNew = !this.coarse.bitmaps.has(group);
    const bitmap = this.coarse.bucket(group);
    if (isNew && this.atMost !== undefined) {
      const at = firstAbove(this.coarse.sortedKeys, group) - 1;
      this.atMost.splice(at, 0, at === 0 ? new RoaringBitmap32() : this.atMost[at - 1]!.clone());
    }
    return bitmap;
  }

  /** Calls `change` on the running unions of coarse bucket `group` and of every bucket above it. */
  private eachAtOrAbove(group: number, change: (bitmap: Bitmap) => void): void {
    const atMost = this.atMost;
    if (atMost === undefined) return;
    for (let i = firstAbove(this.coarse.sortedKeys, group - 1); i < atMost.length; i++)
      change(atMost[i]!);
  }

  /**
   * Builds the running unions (see atMost) if they are not there, one per step (a bare `yield` after each): built all
   * at once they would hold the event loop of the first range query after a load or restore.
   */
  *buildRunningUnions(): Generator<void> {
    if (this.atMost !== undefined) return;
    const atMost: Bitmap[] = [];
    let sum = new RoaringBitmap32();
    for (const key of this.coarse.sortedKeys) {
      sum = RoaringBitmap32.or(sum, this.coarse.bitmaps.get(key)!);
      atMost.push(sum);
      yield;
    }
    this.atMost = atMost;
  }

  private runningUnions(): Bitmap[] {
    if (this.atMost === undefined) finish(this.buildRunningUnions());
    return this.atMost!;
  }

  get arrayBytes(): number {
    return this.values.bytes;
  }

  save(out: SnapshotWriter): void {
    this.values.save(out);
    this.fine.save(out);
    this.coarse.save(out);
    out.bitmap(this.nulls);
  }

  restore(input: SnapshotReader): void {
    this.values.restore(input);
    this.fine.restore(input);
    this.coarse.restore(input);
    this.atMost = undefined;
    this.nulls.clear();
    this.nulls.orInPlace(input.bitmap());
  }

  /** The fine buckets whose keys lie strictly between `from` and `to`. */
  private fineBetween(from: number, to: number): Bitmap[] {
    const keys = this.fine.sortedKeys;
    const found: Bitmap[] = [];
    for (let i = firstAbove(keys, from); i < keys.length && keys[i]! < to; i++)
      found.push(this.fine.bitmaps.get(keys[i]!)!);
    return found;
  }

  /**
   * Keeps of `leads` (changed in place) those whose fine bucket lies strictly between `after` and `before` (either may
   * be infinite): the coarse buckets between the ends' as the difference of two running unions, applied to `leads`
   * directly so no union of a million leads is ever built; and at each end, whichever is smaller of the coarse bucket's
   * fine buckets inside the range (added) or outside it (the whole coarse bucket taken, those taken away). The unions of
   * fine buckets are what a range costs (up to 7 per end); the smaller side halves them.
   */
  private keepStrictlyBetween(leads: Bitmap, after: number, before: number): void {
    const first = groupOf(after);
    const last = groupOf(before);
    if (first === last) {
      const inside = this.fineBetween(after, before);
      const outside = [
        ...this.fineBetween(first * GROUP - 1, after + 1),
        ...this.fineBetween(before - 1, (first + 1) * GROUP),
      ];
      const group = this.coarse.bitmaps.get(first);
      if (group !== undefined && sizeOf(outside) < sizeOf(inside)) {
        leads.andInPlace(group);
        if (outside.length > 0) withUnion(outside, (union) => leads.andNotInPlace(union));
      } else withUnion(inside, (union) => leads.andInPlace(union));
      return;
    }
    const keys = this.coarse.sortedKeys;
    let top = firstAbove(keys, last - 1) - 1; // the highest coarse bucket below `last`
    let bottom = firstAbove(keys, first) - 1; // the highest coarse bucket at or below `first`
    const inside: Bitmap[] = [];
    const outside: Bitmap[] = [];
    if (Number.isFinite(after)) {
      const within = this.fineBetween(after, (first + 1) * GROUP);
      const without = this.fineBetween(first * GROUP - 1, after + 1);
      if (sizeOf(without) < sizeOf(within)) {
        outside.push(...without);
        bottom = firstAbove(keys, first - 1) - 1; // the highest coarse bucket below `first`
      } else inside.push(...within);
    }
    if (Number.isFinite(before)) {
      const within = this.fineBetween(last * GROUP - 1, before);
      const without = this.fineBetween(before - 1, (last + 1) * GROUP);
      if (sizeOf(without) < sizeOf(within)) {
        outside.push(...without);
        top = firstAbove(keys, last) - 1; // the highest coarse bucket at or below `last`
      } else inside.push(...within);
    }
    const atEnds =
      inside.length > 0
        ? withUnion(inside, (union) => RoaringBitmap32.and(leads, union))
        : undefined;
    const atMost = this.runningUnions();
    if (top > bottom) {
      leads.andInPlace(atMost[top]!);
      if (bottom >= 0) leads.andNotInPlace(atMost[bottom]!);
      if (outside.length > 0) withUnion(outside, (union) => leads.andNotInPlace(union));
    } else leads.clear();
    if (atEnds) {
      leads.orInPlace(atEnds);
      atEnds.dispose();
    }
  }

  /**
   * The leads whose value is above `max`, when there are at most `limit` of them in its fine bucket and those above it
   * (counted by their sizes before any is read); otherwise undefined.
   */
  private above(max: number, limit: number): Bitmap | undefined {
    const hi = this.bucketOf(max);
    const keys = this.fine.sortedKeys;
    const edge = this.fine.bitmaps.get(hi);
    let count = edge?.size ?? 0;
    const buckets: Bitmap[] = [];
    for (let i = firstAbove(keys, hi); i < keys.length && count <= limit; i++) {
      const bucket = this.fine.bitmaps.get(keys[i]!)!;
      count += bucket.size;
      buckets.push(bucket);
    }
    if (count > limit) return undefined;
    const found = RoaringBitmap32.orMany(buckets);
    if (edge !== undefined) {
      const aboveMax = this.checked(edge, max, Infinity, true);
      found.orInPlace(aboveMax);
      aboveMax.dispose();
    }
    return found;
  }

  /**
   * Ranks [offset, offset + limit) of `found` by value (lowest or highest first), ties newest first, leads without a
   * value last: the fine buckets in order, each sorted by its leads' values where the page falls.
   */
  ordered(found: Bitmap, offset: number, limit: number, descending: boolean): number[] {
    const keys = this.fine.sortedKeys;
    const inBucketOrder = descending ? [...keys].reverse() : keys;
    const values = this.values;
    const sign = descending ? -1 : 1;
    const byValue = (ids: number[]) =>
      ids.sort((a, b) => sign * (values.get(a) - values.get(b)) || b - a);
    const fromBuckets = rankedPage(
      found,
      inBucketOrder.map((key) => this.fine.bitmaps.get(key)!),
      offset,
      limit,
      byValue,
    );
    if (fromBuckets.length === limit) return fromBuckets;
    // Leads without a value come after every bucket: what the buckets held is counted to know where they start.
    let inBuckets = 0;
    for (const key of keys) inBuckets += found.andCardinality(this.fine.bitmaps.get(key)!);
    const from = Math.max(0, offset - inBuckets);
    const rest = rankedPage(found, [this.nulls], from, limit - fromBuckets.length, newestFirst);
    return [...fromBuckets, ...rest];
  }

  /** The leads of `within` whose value lies in [min, max] (or (min, max]), checked one by one. */
  private checked(within: Bitmap, min: number, max: number, aboveMin = false): Bitmap {
    if (scratch.length < within.size) scratch = new Uint32Array(within.size * 2);
    const ids = within.toUint32Array(scratch);
    const values = this.values;
    let kept = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const value = values.get(id);
      if ((aboveMin ? value > min : value >= min) && value <= max) ids[kept++] = id;
    }
    return new RoaringBitmap32(ids.subarray(0, kept));
  }

  /**
   * Takes from `leads` (a bitmap of the caller's own, changed in place: a query makes no copy of a million leads per
   * condition) those whose value is outside `range`; returns what is left, `leads` itself or a new bitmap.
   */
  narrow(leads: Bitmap, { min = -Infinity, max = Infinity }: NumberRange): Bitmap {
    if (min > max) return new RoaringBitmap32();
    // No bound at all is no condition, as in SQL (leads without a value stay).
    if (min === -Infinity && max === Infinity) return leads;
    if (leads.size <= CHECK_EACH_AT_MOST) return this.checked(leads, min, max);
    // Up to a bound few leads pass ("hide sold-out leads": fewer unlocks than the cap, nearly every lead): those
    // above it, and those without a value, are taken away instead.
    if (min === -Infinity) {
      const above = this.above(max, leads.size >>> 3);
      if (above !== undefined) {
        leads.andNotInPlace(above);
        above.dispose();
        leads.andNotInPlace(this.nulls);
        return leads;
      }
    }
    const lo = min === -Infinity ? -Infinity : this.bucketOf(min);
    const hi = max === Infinity ? Infinity : this.bucketOf(max);
    const atEdges: Bitmap[] = [];
    for (const key of new Set([lo, hi])) {
      const edge = this.fine.bitmaps.get(key);
      if (edge === undefined) continue;
      const inEdge = RoaringBitmap32.and(leads, edge);
      atEdges.push(this.checked(inEdge, min, max));
      inEdge.dispose();
    }
    this.keepStrictlyBetween(leads, lo, hi);
    for (const found of atEdges) leads.orInPlace(found);
    freed(atEdges);
    return leads;
  }
}

/** The fixed parts of a lead's JSON as writeShown writes them, in UTF-8. */
const SHOWN_TEXT = {
  id: '{"id":',
  price: ',"price":',
  kmDriven: ',"kmDriven":',
  createdOn: ',"status":true,"createdOn":"',
  unlockCount: ',"unlocked":false,"unlockCount":',
  maxDealers: ',"maxDealers":',
  marketLow: ',"marketPrice":{"low":',
  marketMedian: ',"median":',
  marketHigh: ',"high":',
  noMarket: ',"marketPrice":null,"priceVsMarket":null}',
  priceVsMarket: '},"priceVsMarket":',
};
const SHOWN = Object.fromEntries(
  Object.entries(SHOWN_TEXT).map(([part, text]) => [part, Buffer.from(text)]),
) as Record<keyof typeof SHOWN_TEXT, Buffer>;

/**
 * The full names: a bitmap per word (lower case, split at spaces) and each lead's name, so a term of several words can
 * be checked on the leads that have its words; and a bitmap per piece of 2 or 3 characters of a name (its n-grams), so
 * a term that short is one bitmap where its words would be thousands to unite (every word with "ar" in it), and a term
 * of several words is checked only on the leads with all its 3-character pieces.
 */
class NameColumn {
  private readonly words = new Map<string, Bitmap>();
  private readonly grams = new Map<number, Bitmap>();
  /** The names one after another; a changed or removed lead's stays until the text is compacted (see save). */
  private text: Buffer = Buffer.alloc(1 << 16);
  private used = 0;
  /** Bytes of `text` that are names of leads held. */
  private liveBytes = 0;
  /**
   * Each lead's name (lower case, as searched): where it starts in `text` and its length in bytes + 1 (0: no name
   * held), side by side (PagedTable).
   */
  private readonly entries = new PagedTable(u32, 2, 0);
  private readonly starts = this.entries.slot(0);
  private readonly lengths = this.entries.slot(1);

  name(id: number): string | undefined {
    const length = this.lengths.get(id);
    if (length === 0) return undefined;
    const start = this.starts.get(id);
    return this.text.toString('utf8', start, start + length - 1);
  }

  /**
   * Whether the lead's (lower-case) name contains `needle`, compared as UTF-8 bytes where it is stored: no string is
   * made per lead (a byte match of valid UTF-8 is a character match).
   */
  private nameContains(id: number, needle: Uint8Array): boolean {
    const stored = this.lengths.get(id);
    if (stored === 0) return false;
    const text = this.text;
    const start = this.starts.get(id);
    const last = start + stored - 1 - needle.length;
    const first = needle[0];
    next: for (let at = start; at <= last; at++) {
      if (text[at] !== first) continue;
      for (let j = 1; j < needle.length; j++) if (text[at + j] !== needle[j]) continue next;
      return true;
    }
    return false;
  }

  get arrayBytes(): number {
    return this.text.byteLength + this.starts.bytes + this.lengths.bytes;
  }

  /** Drops the pages of per-lead starts and lengths `at` (no lead of it is held). */
  drop(at: number): void {
    this.starts.drop(at);
    this.lengths.drop(at);
  }

  save(out: SnapshotWriter): void {
    out.json([...this.words.keys()]);
    out.bitmaps(this.words.values());
    out.json([...this.grams.keys()]);
    out.bitmaps(this.grams.values());
    if (this.used - this.liveBytes > this.liveBytes / 4) this.compact();
    out.json(this.liveBytes);
    out.array(this.text, this.used);
    this.starts.save(out);
    this.lengths.save(out);
  }

  /**
   * Rewrites the text with only the names of leads held (one pass over them, ~20 ms at a million leads): done as a
   * snapshot is written, once more than a quarter of the text is names changed or removed since (imports deleted again).
   */
  private compact(): void {
    const text = Buffer.alloc(Math.max(1 << 16, grownSize(this.liveBytes, this.liveBytes)));
    let used = 0;
    this.lengths.forEachStored((id, length) => {
      const start = this.starts.get(id);
      this.text.copy(text, used, start, start + length - 1);
      this.starts.set(id, used);
      used += length - 1;
    });
    this.text = text;
    this.used = used;
  }

  restore(input: SnapshotReader): void {
    this.words.clear();
    for (const word of input.json<string[]>()) this.words.set(word, input.bitmap());
    this.grams.clear();
    for (const gram of input.json<number[]>()) this.grams.set(gram, input.bitmap());
    this.liveBytes = input.json<number>();
    const text = input.bytes();
    this.text = Buffer.alloc(Math.max(1 << 16, Math.ceil(text.length * 1.25)));
    text.copy(this.text);
    this.used = text.length;
    this.starts.restore(input);
    this.lengths.restore(input);
  }

  private static wordsOf(name: string): string[] {
    return [...new Set(name.split(' ').filter((w) => w !== ''))];
  }

  /**
   * Every piece of `from` to MAX_GRAM characters of a (lower-case) name, spaces included (UTF-16 units, as
   * String.includes compares).
   */
  private static gramsOf(name: string, from = MIN_GRAM): Set<number> {
    const grams = new Set<number>();
    for (let length = from; length <= MAX_GRAM; length++)
      for (let at = 0; at + length <= name.length; at++) grams.add(gramKey(name, at, length));
    return grams;
  }

  /** Leads not held yet, ids ascending (a load). */
  appendAll(ids: readonly number[], fullNames: readonly string[]): void {
    const words = new Map<string, number[]>();
    const grams = new Map<number, number[]>();
    for (let i = 0; i < ids.length; i++) {
      const name = fullNames[i]!.toLowerCase();
      for (const word of NameColumn.wordsOf(name)) push(words, word, ids[i]!);
      for (const gram of NameColumn.gramsOf(name)) push(grams, gram, ids[i]!);
      this.store(ids[i]!, name);
    }
    addGroups(words, (word) => bitmapOf(this.words, word));
    addGroups(grams, (gram) => bitmapOf(this.grams, gram));
  }

  /** Gives the lead `fullName`; whether that changed its name. */
  set(id: number, fullName: string): boolean {
    const name = fullName.toLowerCase();
    const changed = this.name(id) !== name;
    if (changed) {
      this.clear(id);
      for (const word of NameColumn.wordsOf(name)) bitmapOf(this.words, word).add(id);
      for (const gram of NameColumn.gramsOf(name)) bitmapOf(this.grams, gram).add(id);
      this.store(id, name);
    }
    // Searches compare lower case: a name that changed only its case is no change to them.
    return changed;
  }

  /** Room in the text for a catch-up's names, grown a slice per step (see LeadBitmaps.reserve). */
  *reserve(): Generator<void> {
    // Grown to twice the headroom once less is free, so the catch-ups after it need no copy.
    if (this.text.length - this.used < NAME_TEXT_HEADROOM)
      this.text = yield* growingText(this.text, this.used + 2 * NAME_TEXT_HEADROOM);
  }

  private store(id: number, name: string): void {
    const bytes = Buffer.byteLength(name);
    this.text = grownText(this.text, this.used + bytes);
    this.text.write(name, this.used);
    this.starts.set(id, this.used);
    // Stored +1, so 0 means "no name"; an empty name still counts as held.
    this.lengths.set(id, bytes + 1);
    this.used += bytes;
    this.liveBytes += bytes;
  }

  clear(id: number): void {
    const name = this.name(id);
    if (name === undefined) return;
    for (const word of NameColumn.wordsOf(name)) forget(this.words, word, id);
    for (const gram of NameColumn.gramsOf(name)) forget(this.grams, gram, id);
    this.liveBytes -= this.lengths.get(id) - 1;
    this.lengths.set(id, 0);
  }

  private wordsWhere(test: (word: string) => boolean): Bitmap[] {
    const found: Bitmap[] = [];
    for (const [word, bitmap] of this.words) if (test(word)) found.push(bitmap);
    return found;
  }

  /** The leads of `within` whose name contains `term` (lower case). */
  containing(within: Bitmap, term: string): Bitmap {
    if (term === '')
      return unionWithin(
        within,
        this.wordsWhere(() => true),
      );
    // A term of 2 or 3 characters is one of the names' n-grams, exactly.
    if (term.length >= MIN_GRAM && term.length <= MAX_GRAM)
      return RoaringBitmap32.and(
        within,
        this.grams.get(gramKey(term, 0, term.length)) ?? new RoaringBitmap32(),
      );
    // Without a space a longer term lies within one word: the words containing it answer exactly.
    if (!term.includes(' '))
      return unionWithin(
        within,
        this.wordsWhere((w) => w.includes(term)),
      );
    // With spaces: the leads whose names have every 3 characters of it are candidates (rarest first), each checked on
    // the name itself.
    const grams = [...NameColumn.gramsOf(term, MAX_GRAM)].map(
      (gram) => this.grams.get(gram) ?? new RoaringBitmap32(),
    );
    grams.sort((a, b) => a.size - b.size);
    let candidates = within;
    for (const gram of grams) {
      const fewer = RoaringBitmap32.and(candidates, gram);
      if (candidates !== within) candidates.dispose();
      candidates = fewer;
      if (candidates.isEmpty) return candidates;
    }
    const needle = Buffer.from(term);
    const ids = candidates.toUint32Array();
    if (candidates !== within) candidates.dispose();
    let kept = 0;
    for (let i = 0; i < ids.length; i++)
      if (this.nameContains(ids[i]!, needle)) ids[kept++] = ids[i]!;
    return new RoaringBitmap32(ids.subarray(0, kept));
  }
}

/**
 * Each lead's `"photos"` property as its list JSON shows it (the cover alone, `coverPhotos`), kept only for leads that
 * have a cover: most have none, and each cover is its own value, so a code per value would buy nothing.
 */
class CoverColumn {
  private static readonly NONE = Buffer.from(',"photos":[]');
  private readonly covers = new Map<number, string>();
  private readonly json = new Map<number, Buffer>();

  set(id: number, cover: string | null): void {
    if (cover === null) {
      this.clear(id);
    } else if (this.covers.get(id) !== cover) {
      this.covers.set(id, cover);
      this.json.set(id, Buffer.from(`,"photos":${JSON.stringify(coverPhotos(cover))}`));
    }
  }

  clear(id: number): void {
    this.covers.delete(id);
    this.json.delete(id);
  }

  writeJson(id: number, out: JsonBytes): void {
    out.bytes(this.json.get(id) ?? CoverColumn.NONE);
  }

  /** Roughly: each cover's text and JSON, and its entries in the two maps. */
  get bytes(): number {
    let bytes = 0;
    for (const json of this.json.values()) bytes += 2 * json.length + 64;
    return bytes;
  }

  save(out: SnapshotWriter): void {
    out.json([...this.covers]);
  }

  restore(input: SnapshotReader): void {
    for (const [id, cover] of input.json<[number, string][]>()) this.set(id, cover);
  }
}

/**
 * Every how many leads of a year the price guide takes one (ascending ids), so a year gives at most `cap`: percentiles of
 * a few hundred are as good as of thousands, and a popular model's million-lead year costs no more than a rare one's.
 */
export function sampleStep(count: number, cap: number): number {
  return Math.max(1, Math.ceil(count / cap));
}

/** An active lead of one model as the price guide compares it (LeadBitmaps.modelLeads). */
export interface ModelLead {
  year: number;
  fuelType: string;
  transmission: string;
  kmDriven: number | null;
  price: number;
}

/** The columns a lead's row gives, as held. */
export type LeadListRow = Pick<
  LeadRow,
  | 'id'
  | 'full_name'
  | 'city'
  | 'brand'
  | 'model'
  | 'varient'
  | 'rto'
  | 'year'
  | 'fuel_type'
  | 'owner_name'
  | 'transmission'
  | 'seats'
  | 'price'
  | 'km_driven'
  | 'status'
  | 'created_on'
  | 'unlock_count'
  | 'phone_number'
  | 'listing_status'
  | 'has_photos'
  | 'cover_photo'
  | 'market_low'
  | 'market_median'
  | 'market_high'
>;

/** The columns read per lead (LeadListRow). */
export const LEAD_LIST_COLUMNS = [
  'id',
  'full_name',
  'city',
  'brand',
  'model',
  'varient',
  'rto',
  'year',
  'fuel_type',
  'owner_name',
  'transmission',
  'seats',
  'price',
  'km_driven',
  'status',
  'created_on',
  'unlock_count',
  'phone_number',
  'listing_status',
  'has_photos',
  'cover_photo',
  'market_low',
  'market_median',
  'market_high',
] as const satisfies readonly (keyof LeadListRow)[];

/** Whether the lead is priced below its market guide's median (the `belowMarket` filter). */
function isBelowMarket(row: LeadListRow): boolean {
  return row.market_median !== null && row.price < row.market_median;
}

/** How each range filter buckets its values and reads them from a row. */
const RANGE_VALUES: Record<(typeof RANGE_FILTERS)[number][0], (row: LeadListRow) => number | null> =
  {
    price: (row) => row.price,
    kmDriven: (row) => row.km_driven,
    createdOn: (row) => Date.parse(row.created_on),
    unlockCount: (row) => row.unlock_count,
  };
const RANGE_BUCKETS: Record<(typeof RANGE_FILTERS)[number][0], (value: number) => number> = {
  price: logBucket,
  kmDriven: logBucket,
  createdOn: dayBucket,
  unlockCount: logBucket,
};

/** Columns searched by their values (SEARCH_COLUMNS; owners' names are not searched). */
const SEARCHED_VALUES = SEARCH_COLUMNS;

/** A search term's leads by value as of change `seen` (see ChangeLog), and the brands whose catalogue label contains it. */
interface TermLeads {
  leads: Bitmap;
  brands: ReadonlySet<string>;
  seen: number;
}

const SEARCHED = new Set<string>(SEARCHED_VALUES);

/** The latest lead ids noted (at most 2 × `kept`), numbered in order from the first note on. */
class ChangeLog {
  private ids: number[] = [];
  /** The number of ids[0]. */
  first = 0;

  constructor(private readonly kept: number) {}

  /** The number the next note will get. */
  get next(): number {
    return this.first + this.ids.length;
  }

  push(id: number): void {
    this.ids.push(id);
    if (this.ids.length > 2 * this.kept) {
      this.ids = this.ids.slice(this.kept);
      this.first += this.kept;
    }
  }

  /** The ids noted from number `from` on (from must be at least `first`). */
  since(from: number): number[] {
    return this.ids.slice(from - this.first);
  }
}

/** Lead writes a remembered term can catch up on; one that has missed more is found afresh. */
const SEARCHED_CHANGES_KEPT = 4096;

/**
 * How many recent terms' leads by value are remembered, in at most this many bytes of bitmaps (at 1M leads). More
 * bytes sped searches up but took the engine's memory past its budget (the size counted is the serialized one, below
 * what the bitmaps hold in memory): decision 0002.
 */
const REMEMBERED_TERMS = 1024;
const REMEMBERED_TERMS_BYTES = 8 * 1024 * 1024;

/**
 * How many recent queries' results are kept until the next lead change, in at most this many bytes of bitmaps: the
 * list every dealer opens (no filter) and the next pages of a query are then one rank lookup. Only a query asked
 * before (among the last ASKED_QUERIES) is kept: a random mix's result kept for nothing outlives the young generation
 * and its memory is freed only by a full garbage collection, which stalls every request (decision 0003).
 */
const KEPT_RESULTS = 64;
const KEPT_RESULTS_BYTES = 8 * 1024 * 1024;
const ASKED_QUERIES = 1024;

/**
 * Recent queries' newest leads (a window of their result, as a search engine's query result cache keeps one), until
 * the next lead change: a query asked again for any page within its window is a slice of it, without a bitmap
 * operation. A window holds the newest 128, 256, 512 or 1,024 ids (the first power of two covering the page asked, so
 * pages 1–10 of up to 100 leads are in one); a page past 1,024 leads is found in the result. At most this many
 * windows and bytes (the largest window is 4 KB).
 */
const KEPT_WINDOWS = 8192;
const KEPT_WINDOWS_BYTES = 16 * 1024 * 1024;
const SMALLEST_WINDOW = 128;
const LARGEST_WINDOW = 1024;

/** A query's newest leads, newest first (all of them when `ids.length` is `total`), and how many it matches. */
interface Window {
  ids: Uint32Array;
  total: number;
}

/** The window a page ending at `end` (at most LARGEST_WINDOW) needs: the first power of two from SMALLEST_WINDOW on. */
function windowFor(end: number): number {
  let size = SMALLEST_WINDOW;
  while (size < end) size *= 2;
  return size;
}

/** The ids of ranks [total − offset − limit, total − offset − 1] of `found`, newest (highest) first. */
function newestIds(found: Bitmap, offset: number, limit: number): Uint32Array {
  const total = found.size;
  if (offset >= total || limit <= 0) return new Uint32Array(0);
  // select() finds a rank through the containers' counts, where rangeUint32Array(offset) would walk every id before it
  // (a newest-first page is at the end).
  const from = Math.max(0, total - offset - limit);
  const span = new RoaringBitmap32().addRange(
    found.select(from)!,
    found.select(total - offset - 1)! + 1,
  );
  const ids = RoaringBitmap32.and(found, span);
  const newest = ids.toUint32Array().reverse();
  span.dispose();
  ids.dispose();
  return newest;
}

/**
 * Ranks [offset, offset + limit) of `found` taken group by group in the order given: each group's leads (its bitmap and
 * `found`) are counted, and read and put in order (`inOrder`) only where the page falls.
 */
function rankedPage(
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
const newestFirst = (ids: number[]) => ids.reverse();

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DDT' of recent days in UTF-8, by day since 1970 (a few hundred days in a marketplace's list; cleared when full). */
const dayPrefixes = new Map<number, Buffer>();

/**
 * Writes the time as Date's toISOString does, in a fraction of the time: the day's part is remembered, the time of day
 * is written from integers.
 */
export function writeIsoTime(ms: number, out: JsonBytes): void {
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    const text = new Date(day * DAY_MS).toISOString().slice(0, 11);
    // Years before 0 or past 9999 have a longer form: left to Date.
    if (text.length !== 11 || text[10] !== 'T') return out.ascii(new Date(ms).toISOString());
    if (dayPrefixes.size >= 4096) dayPrefixes.clear();
    prefix = Buffer.from(text);
    dayPrefixes.set(day, prefix);
  }
  let rest = ms - day * DAY_MS;
  const millis = rest % 1000;
  rest = (rest - millis) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  out.bytes(prefix);
  out.digits((rest - minutes) / 60, 2);
  out.ascii(':');
  out.digits(minutes, 2);
  out.ascii(':');
  out.digits(seconds, 2);
  out.ascii('.');
  out.digits(millis, 3);
  out.ascii('Z');
}

/** Whether `text` is a time as Date's toISOString writes it, so that the time held writes it again. */
function isoTimeAsWritten(text: string): boolean {
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === text;
}

/** JSON.stringify writes Infinity, -Infinity and NaN alike as null: a kept result's key names them. */
function namingNonFinite(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : value;
}

/** The key a filter's kept result and window are found by (its leads, whatever their order). */
function keyOf({ sort: _order, ...filter }: CanonicalLeadFilter): string {
  return JSON.stringify(filter, namingNonFinite);
}

type EqualityFilter = (typeof EQUALITY_FILTERS)[number][0];
type RangeFilter = (typeof RANGE_FILTERS)[number][0];

/** What a snapshot must have been written with (LeadBitmaps.save). */
const SNAPSHOT_LAYOUT = {
  format: 10,
  equality: EQUALITY_FILTERS,
  ranges: RANGE_FILTERS,
  columns: LEAD_LIST_COLUMNS,
};

/** Every lead the engine holds, as bitmaps. */
export class LeadBitmaps {
  private readonly active = new RoaringBitmap32();
  private readonly inactive = new RoaringBitmap32();
  /**
   * Each lead's codes of every coded column side by side, and its values of every range column: a page reads a lead's
   * from two places in memory, not one per column (PagedTable).
   */
  private readonly codeTable = new PagedTable<Uint16Array | Uint32Array>(
    u16,
    EQUALITY_FILTERS.length + 3,
    0,
  );
  private readonly rangeTable = new PagedTable(f64, RANGE_FILTERS.length, NaN);
  private readonly equality = new Map(
    EQUALITY_FILTERS.map(([key], i) => [key, new ValueColumn(this.codeTable.slot(i), key)]),
  );
  private readonly ranges = new Map(
    RANGE_FILTERS.map(([key], i) => [
      key,
      new RangeColumn(RANGE_BUCKETS[key], this.rangeTable.slot(i)),
    ]),
  );
  private readonly names = new NameColumn();
  /** What a page shows of a lead besides its filters' values: the phone number masked (never in full), the listing. */
  private readonly maskedPhones = new CodedColumn(
    this.codeTable.slot(EQUALITY_FILTERS.length),
    'phoneNumber',
  );
  private readonly listingStatuses = new CodedColumn(
    this.codeTable.slot(EQUALITY_FILTERS.length + 1),
    'listingStatus',
  );
  private readonly covers = new CoverColumn();
  /** Each lead's market guide low, median and high + 1 (0: none), side by side (PagedTable). */
  private readonly market = new PagedTable(u32, 3, 0);
  private readonly marketSlots = [0, 1, 2].map((i) => this.market.slot(i));
  /** Leads priced below their guide's median. */
  private readonly belowMarket = new RoaringBitmap32();
  /** The owner's name as shown before an unlock ('Rahul S.', shownOwnerName): the full name never leaves a page. */
  private readonly shownNames = new CodedColumn(
    this.codeTable.slot(EQUALITY_FILTERS.length + 2),
    'fullName',
  );
  /** Every column by its filter's name, as writeShown reads them (no lookup by key per lead). */
  private readonly shown = {
    ...(Object.fromEntries(this.equality) as Record<EqualityFilter, ValueColumn>),
    ...(Object.fromEntries(this.ranges) as Record<RangeFilter, RangeColumn>),
  };
  /** Leads whose creation time is not held as written (not ISO 8601 in UTC with milliseconds): writeShown writes none. */
  private readonly createdOnAsWritten = new RoaringBitmap32();
  /** Leads whose searched values or name changed, or that are new, for the remembered terms to catch up on. */
  private readonly searchedChanges = new ChangeLog(SEARCHED_CHANGES_KEPT);
  /** Recent search terms' leads (see rememberedTerm). */
  private readonly termLeads = new LRUCache<string, TermLeads>({
    max: REMEMBERED_TERMS,
    maxSize: REMEMBERED_TERMS_BYTES,
    sizeCalculation: ({ leads }) => Math.max(1, leads.getSerializationSizeInBytes('croaring')),
  });
  /** Recent queries' results by their canonical filter, all forgotten at any change (see matching). */
  private readonly results = new LRUCache<string, Bitmap>({
    max: KEPT_RESULTS,
    maxSize: KEPT_RESULTS_BYTES,
    sizeCalculation: (bitmap) => Math.max(1, bitmap.getSerializationSizeInBytes('croaring')),
  });
  /** Canonical filters asked lately: a result is kept when its query comes again. */
  private readonly asked = new LRUCache<string, true>({ max: ASKED_QUERIES });
  /** Recent queries' newest leads by their canonical filter, all forgotten at any change (see KEPT_WINDOWS). */
  private readonly windows = new LRUCache<string, Window>({
    max: KEPT_WINDOWS,
    maxSize: KEPT_WINDOWS_BYTES,
    sizeCalculation: ({ ids }, key) => ids.byteLength + 2 * key.length + 64,
  });

  /** Every change to the leads held comes through here first: a kept result may no longer be the filter's. */
  private changing(): void {
    if (this.results.size > 0) this.results.clear();
    if (this.windows.size > 0) this.windows.clear();
  }

  /** Bytes of the kept windows (their ids and keys; the kept results' are the bitmaps'). */
  get windowBytes(): number {
    return this.windows.calculatedSize;
  }

  get size(): number {
    return this.active.size + this.inactive.size;
  }

  /** Bytes of the covers' JSON (leads with photos only; not in arrayBytes, which grows a page at a time). */
  get coverBytes(): number {
    return this.covers.bytes;
  }

  /** Bytes held in per-lead arrays; the bitmaps' own memory is RoaringBitmap32.getRoaringUsedMemory(). */
  get arrayBytes(): number {
    let bytes =
      this.names.arrayBytes +
      this.maskedPhones.arrayBytes +
      this.listingStatuses.arrayBytes +
      this.shownNames.arrayBytes +
      this.marketSlots.reduce((sum, slot) => sum + slot.bytes, 0);
    for (const column of this.equality.values()) bytes += column.arrayBytes;
    for (const column of this.ranges.values()) bytes += column.arrayBytes;
    return bytes;
  }

  /**
   * Adds leads not held yet whose ids are above every id held, ascending (a load reads them so, a catch-up sorts an
   * import's): each bitmap takes its chunk's ids in one call.
   */
  appendAll(rows: readonly LeadListRow[]): void {
    this.changing();
    for (const row of rows) checkHoldable(row);
    const ids = rows.map((row) => row.id);
    const active: number[] = [];
    const inactive: number[] = [];
    for (const row of rows)
      (row.status === true || row.status === 1 ? active : inactive).push(row.id);
    this.active.addMany(active);
    this.inactive.addMany(inactive);
    for (const [key, column] of EQUALITY_FILTERS) {
      this.equality.get(key)!.appendAll(
        ids,
        rows.map((row) => row[column]),
      );
    }
    for (const [key] of RANGE_FILTERS) {
      const valueOf = RANGE_VALUES[key];
      this.ranges.get(key)!.appendAll(ids, rows.map(valueOf));
    }
    this.names.appendAll(
      ids,
      rows.map((row) => row.full_name),
    );
    this.maskedPhones.appendAll(
      ids,
      rows.map((row) => maskPhone(row.phone_number)),
    );
    this.listingStatuses.appendAll(
      ids,
      rows.map((row) => row.listing_status),
    );
    for (const row of rows) if (row.cover_photo !== null) this.covers.set(row.id, row.cover_photo);
    this.shownNames.appendAll(
      ids,
      rows.map((row) => shownOwnerName(row.full_name)),
    );
    for (const row of rows) this.setMarket(row);
    this.createdOnAsWritten.addMany(ids.filter((_id, i) => isoTimeAsWritten(rows[i]!.created_on)));
    // New to the remembered terms: noted for them to check, as written leads are.
    for (const id of ids) this.searchedChanges.push(id);
  }

  /**
   * Makes room in the names' text for a catch-up's names, giving requests a turn (`yieldNow`) after every slice of a
   * copy: a write past its end would grow it within one write, copying megabytes at once. (The per-lead arrays need no
   * room made: a page of 65,536 entries is made as its first lead arrives, a fraction of a millisecond.)
   */
  async reserve(yieldNow: () => Promise<unknown>): Promise<void> {
    for (const _step of this.names.reserve()) await yieldNow();
  }

  /** Adds the lead, or brings it up to date: a handful of bitmap changes (each O(log n)). */
  upsert(row: LeadListRow): void {
    this.changing();
    checkHoldable(row);
    const id = row.id;
    const active = row.status === true || row.status === 1;
    (active ? this.active : this.inactive).add(id);
    (active ? this.inactive : this.active).remove(id);
    let searchedChanged = false;
    for (const [key, column] of EQUALITY_FILTERS) {
      const changed = this.equality.get(key)!.set(id, row[column]);
      if (changed && SEARCHED.has(key)) searchedChanged = true;
    }
    for (const [key] of RANGE_FILTERS) this.ranges.get(key)!.set(id, RANGE_VALUES[key](row));
    this.names.set(id, row.full_name);
    this.maskedPhones.set(id, maskPhone(row.phone_number));
    this.listingStatuses.set(id, row.listing_status);
    this.covers.set(id, row.cover_photo);
    this.shownNames.set(id, shownOwnerName(row.full_name));
    this.setMarket(row);
    if (isoTimeAsWritten(row.created_on)) this.createdOnAsWritten.add(id);
    else this.createdOnAsWritten.remove(id);
    if (searchedChanged) this.searchedChanges.push(id);
  }

  remove(id: number): void {
    this.changing();
    this.active.remove(id);
    this.inactive.remove(id);
    for (const column of this.equality.values()) column.clear(id);
    for (const column of this.ranges.values()) column.clear(id);
    this.names.clear(id);
    this.maskedPhones.clear(id);
    this.listingStatuses.clear(id);
    this.covers.clear(id);
    this.shownNames.clear(id);
    for (const slot of this.marketSlots) slot.set(id, 0);
    this.belowMarket.remove(id);
    this.createdOnAsWritten.remove(id);
    // The last lead of its page of per-lead entries: the page goes (memory follows the leads held, paged-array.ts).
    const page = entryPageOf(id);
    const first = page * PAGE_SIZE;
    if (
      this.active.rangeCardinality(first, first + PAGE_SIZE) +
        this.inactive.rangeCardinality(first, first + PAGE_SIZE) ===
      0
    ) {
      for (const column of [
        ...this.equality.values(),
        ...this.ranges.values(),
        this.names,
        this.maskedPhones,
        this.listingStatuses,
        this.shownNames,
        ...this.marketSlots,
      ])
        column.drop(page);
    }
    // Remembered terms may keep a removed lead: every search intersects them with the leads held.
  }

  /**
   * Writes every bitmap and per-lead array (views of the arrays: nothing may change the bitmaps until the parts are
   * written). A snapshot of another layout is refused on restore: bump SNAPSHOT_LAYOUT.format when a column's meaning
   * changes without its name changing (a new bucket function, say).
   */
  save(out: SnapshotWriter): void {
    out.json(SNAPSHOT_LAYOUT);
    out.json({ wideCodes: this.codeTable.makes(u32) });
    out.bitmap(this.active);
    out.bitmap(this.inactive);
    for (const [key] of EQUALITY_FILTERS) this.equality.get(key)!.save(out);
    for (const [key] of RANGE_FILTERS) this.ranges.get(key)!.save(out);
    this.names.save(out);
    this.maskedPhones.save(out);
    this.listingStatuses.save(out);
    this.covers.save(out);
    this.shownNames.save(out);
    for (const slot of this.marketSlots) slot.save(out);
    out.bitmap(this.belowMarket);
    out.bitmap(this.createdOnAsWritten);
  }

  /** Bitmaps as a snapshot holds them, restored a column at a time (requests get a turn in between). */
  static async restore(
    input: SnapshotReader,
    yieldNow: () => Promise<unknown>,
  ): Promise<LeadBitmaps> {
    if (JSON.stringify(input.json<unknown>()) !== JSON.stringify(SNAPSHOT_LAYOUT)) {
      throw new Error('lead list snapshot: written for another layout');
    }
    const restored = new LeadBitmaps();
    // Codes are saved as wide as the table was: one column's 65,536th value widened every column's.
    if (input.json<{ wideCodes: boolean }>().wideCodes) restored.codeTable.remake(u32);
    restored.active.orInPlace(input.bitmap());
    restored.inactive.orInPlace(input.bitmap());
    for (const [key] of EQUALITY_FILTERS) {
      restored.equality.get(key)!.restore(input);
      await yieldNow();
    }
    for (const [key] of RANGE_FILTERS) {
      restored.ranges.get(key)!.restore(input);
      await yieldNow();
    }
    restored.names.restore(input);
    restored.maskedPhones.restore(input);
    restored.listingStatuses.restore(input);
    restored.covers.restore(input);
    restored.shownNames.restore(input);
    for (const slot of restored.marketSlots) slot.restore(input);
    restored.belowMarket.orInPlace(input.bitmap());
    restored.createdOnAsWritten.orInPlace(input.bitmap());
    if (!input.done) throw new Error('lead list snapshot: longer than its layout');
    await restored.buildRunningUnions(yieldNow);
    return restored;
  }

  /**
   * Builds every range column's running unions (not in the snapshot, not kept through a load), one union per step with
   * a turn for requests (`yieldNow`) between them, before these bitmaps answer: else the first query of each range
   * column built them at once, holding the event loop.
   */
  async buildRunningUnions(yieldNow: () => Promise<unknown>): Promise<void> {
    for (const column of this.ranges.values())
      for (const _step of column.buildRunningUnions()) await yieldNow();
  }

  /**
   * Writes the lead as a dealer who has not unlocked it sees it (`leadJson(toLead(row, false, maxDealers))`, byte for
   * byte: held by a test) from the columns, without an object or a string per lead (each value's JSON kept per code),
   * its owner's name shortened and phone number masked (the engine never holds either in full for a page). False,
   * writing nothing, when the lead is not held, is off the list, or has a creation time not held as written (another
   * format): then its row is read from the database.
   */
  writeShown(id: number, maxDealers: number, out: JsonBytes): boolean {
    if (!this.active.has(id) || !this.createdOnAsWritten.has(id)) return false;
    const createdOn = this.shown.createdOn.valueOf(id);
    if (createdOn === null) return false;
    out.bytes(SHOWN.id);
    out.number(id);
    this.shownNames.writeJson(id, out);
    const { city, brand, model, varient, fuelType, ownerName, transmission, rto, year, seats } =
      this.shown;
    const { price, kmDriven, unlockCount } = this.shown;
    this.maskedPhones.writeJson(id, out);
    city.writeJson(id, out);
    brand.writeJson(id, out);
    model.writeJson(id, out);
    varient.writeJson(id, out);
    rto.writeJson(id, out);
    year.writeJson(id, out);
    fuelType.writeJson(id, out);
    ownerName.writeJson(id, out);
    transmission.writeJson(id, out);
    seats.writeJson(id, out);
    // A range column holds finite numbers or null.
    out.bytes(SHOWN.price);
    out.number(price.valueOf(id));
    out.bytes(SHOWN.kmDriven);
    out.number(kmDriven.valueOf(id));
    out.bytes(SHOWN.createdOn);
    writeIsoTime(createdOn, out);
    out.ascii('"');
    this.listingStatuses.writeJson(id, out);
    out.bytes(SHOWN.unlockCount);
    out.number(unlockCount.valueOf(id));
    out.bytes(SHOWN.maxDealers);
    out.number(maxDealers);
    this.covers.writeJson(id, out);
    const [low, median, high] = this.marketSlots.map((slot) => slot.get(id) - 1);
    if (median! < 0) {
      out.bytes(SHOWN.noMarket);
      return true;
    }
    out.bytes(SHOWN.marketLow);
    out.number(low!);
    out.bytes(SHOWN.marketMedian);
    out.number(median!);
    out.bytes(SHOWN.marketHigh);
    out.number(high!);
    out.bytes(SHOWN.priceVsMarket);
    const versus = priceVsMarket(price.valueOf(id) ?? 0, median!);
    if (versus === null) out.ascii('null');
    else out.number(versus);
    out.ascii('}');
    return true;
  }

  /** The lead's market guide figures (stored + 1, 0 for none) and whether it is below the median. */
  private setMarket(row: LeadListRow): void {
    const held = row.market_low !== null && row.market_median !== null && row.market_high !== null;
    const [low, median, high] = this.marketSlots;
    low!.set(row.id, held ? row.market_low! + 1 : 0);
    median!.set(row.id, held ? row.market_median! + 1 : 0);
    high!.set(row.id, held ? row.market_high! + 1 : 0);
    if (held && isBelowMarket(row)) this.belowMarket.add(row.id);
    else this.belowMarket.remove(row.id);
  }

  /**
   * The active leads of a model in `years`, as the price guide compares them (modules/price-guide), at most `perYear` of
   * each year (sampleStep): read from the columns held, so the guide follows every lead write the list follows.
   */
  modelLeads(brand: string, model: string, years: readonly number[], perYear: number): ModelLead[] {
    const { brand: brands, model: models, year: yearColumn } = this.shown;
    const { fuelType, transmission, kmDriven, price } = this.shown;
    const ofBrand = brands.bitmap(brand);
    const ofModel = models.bitmap(model);
    if (ofBrand === undefined || ofModel === undefined) return [];
    const found: ModelLead[] = [];
    for (const year of years) {
      const ofYear = yearColumn.bitmap(year);
      if (ofYear === undefined) continue;
      const ids = RoaringBitmap32.and(ofModel, ofYear);
      ids.andInPlace(ofBrand);
      ids.andInPlace(this.active);
      const held = ids.toUint32Array();
      const step = sampleStep(held.length, perYear);
      for (let at = 0; at < held.length; at += step) {
        const id = held[at]!;
        const asked = price.valueOf(id);
        if (asked === null) continue;
        found.push({
          year,
          fuelType: String(fuelType.keyOf(id) ?? ''),
          transmission: String(transmission.keyOf(id) ?? ''),
          kmDriven: kmDriven.valueOf(id),
          price: asked,
        });
      }
      ids.dispose();
    }
    return found;
  }

  /** How many leads held have an id above `id`. */
  countAbove(id: number): number {
    return (
      this.active.rangeCardinality(id + 1, MAX_LEAD_ID) +
      this.inactive.rangeCardinality(id + 1, MAX_LEAD_ID)
    );
  }

  /** The highest lead id held, or 0. */
  get maxId(): number {
    const top = (bitmap: Bitmap) => (bitmap.isEmpty ? 0 : bitmap.maximum());
    return Math.max(top(this.active), top(this.inactive));
  }

  private scope(status: CanonicalLeadFilter['status']): Bitmap {
    if (status === 'active') return this.active;
    if (status === 'inactive') return this.inactive;
    return RoaringBitmap32.or(this.active, this.inactive);
  }

  /** The leads of `within` matching one search term (any searched column contains it, or its brand's label). */
  private searchTerm(within: Bitmap, scope: Bitmap, term: string): Bitmap {
    // Within the few leads a query's filters leave, a term not remembered is found among those leads alone, and not
    // remembered: its union over every lead is what a search costs, and most searches with filters are of terms not
    // asked again soon (decision 0002).
    const narrow = within !== scope && within.size <= NARROW && !this.termLeads.has(term);
    const remembered = narrow ? undefined : this.rememberedTerm(term);
    const found = remembered
      ? RoaringBitmap32.and(within, remembered.leads)
      : unionWithin(within, this.bitmapsByValue(term).bitmaps);
    return found;
  }

  /**
   * Every lead a term finds by value, and by name when the term has no space, remembered for recent terms (a short
   * term is in dozens of values and thousands of names' words, each a bitmap over every lead: their union is the
   * costly part of a search). A write only notes the lead if its searched values or name changed; a remembered term
   * checks the leads noted since it last looked (or is found afresh once they are too many). Read it, never change it.
   */
  private rememberedTerm(term: string): TermLeads {
    const changes = this.searchedChanges;
    let found = this.termLeads.get(term);
    if (found !== undefined && found.seen < changes.first) {
      this.termLeads.delete(term);
      found = undefined;
    }
    if (found === undefined) {
      const { bitmaps, brands } = this.bitmapsByValue(term);
      const leads = RoaringBitmap32.orMany(bitmaps);
      leads.shrinkToFit();
      found = { leads, brands, seen: changes.next };
      this.termLeads.set(term, found);
    }
    const missed = changes.since(found.seen);
    for (const id of missed) {
      if (this.hasTerm(id, term, found)) found.leads.add(id);
      else found.leads.remove(id);
    }
    found.seen = changes.next;
    // Its size is counted again (an import's leads grow it), so the remembered terms stay within their bytes.
    if (missed.length > 0) this.termLeads.set(term, found);
    return found;
  }

  /** The bitmaps of the searched values containing `term` and of the brands whose label contains it. */
  private bitmapsByValue(term: string): { bitmaps: Bitmap[]; brands: Set<string> } {
    const bitmaps: Bitmap[] = [];
    for (const key of SEARCHED_VALUES) bitmaps.push(...this.equality.get(key)!.containing(term));
    const brands = new Set(brandsLabelled(term));
    for (const brand of brands) {
      const bitmap = this.equality.get('brand')!.bitmap(brand);
      if (bitmap) bitmaps.push(bitmap);
    }
    return { bitmaps, brands };
  }

  /** Whether the lead held as `id` has the term by value now. */
  private hasTerm(id: number, term: string, { brands }: TermLeads): boolean {
    if (brands.has(String(this.equality.get('brand')!.keyOf(id)))) return true;
    for (const key of SEARCHED_VALUES) {
      const value = this.equality.get(key)!.keyOf(id);
      if (value !== undefined && String(value).toLowerCase().includes(term)) return true;
    }
    return false;
  }

  /**
   * Every lead matching the filter; it may be a bitmap the engine holds or keeps: read it, never change it. A query
   * asked again is kept until the next change of any lead (the few writes a second against hundreds of reads).
   */
  matching(filter: CanonicalLeadFilter): Bitmap {
    return this.resultOf(filter).found;
  }

  /** The filter's leads, and whether they are the caller's alone to dispose of (neither kept nor held). */
  private resultOf(
    filter: CanonicalLeadFilter,
    key = keyOf(filter),
  ): { found: Bitmap; transient: boolean } {
    const kept = this.results.get(key);
    if (kept !== undefined) return { found: kept, transient: false };
    const found = this.match(filter);
    if (found === this.active || found === this.inactive) return { found, transient: false };
    if (this.asked.has(key)) {
      this.results.set(key, found);
      return { found, transient: false };
    }
    this.asked.set(key, true);
    return { found, transient: true };
  }

  private match(filter: CanonicalLeadFilter): Bitmap {
    const sets: Bitmap[] = [];
    /** Unions of several values' bitmaps, made for this query. */
    const unions: Bitmap[] = [];
    try {
      for (const [key] of EQUALITY_FILTERS) {
        const wanted = filter[key];
        if (wanted === undefined) continue;
        const column = this.equality.get(key)!;
        const bitmaps: Bitmap[] = [];
        for (const value of wanted) {
          const bitmap = column.bitmap(value);
          if (bitmap !== undefined) bitmaps.push(bitmap);
        }
        if (bitmaps.length === 0) return new RoaringBitmap32();
        if (bitmaps.length === 1) sets.push(bitmaps[0]!);
        else {
          const union = RoaringBitmap32.orMany(bitmaps);
          unions.push(union);
          sets.push(union);
        }
      }
      return this.matchWithin(filter, sets);
    } finally {
      freed(unions);
    }
  }

  /** The filter's leads among the intersection of `sets` (its equality filters' leads, each a bitmap). */
  private matchWithin(filter: CanonicalLeadFilter, sets: Bitmap[]): Bitmap {
    sets.sort((a, b) => a.size - b.size);
    const scope = this.scope(filter.status);
    const ranges = RANGE_FILTERS.filter(([key]) => filter[key] !== undefined);
    if (
      sets.length === 0 &&
      ranges.length === 0 &&
      filter.name === undefined &&
      !filter.search &&
      !filter.belowMarket
    )
      return scope;
    // One bitmap of the query's own, narrowed in place by every further condition; a search before the ranges, since
    // its words' leads are usually far fewer than a range keeps (every dealer's list has "hide sold-out leads", a
    // range over nearly every lead), and without equality filters on the scope itself, never a copy of it.
    let result: Bitmap;
    if (filter.search !== undefined) {
      let within = scope;
      if (sets.length > 0) {
        within = RoaringBitmap32.and(sets[0]!, scope);
        for (const bitmap of sets.slice(1)) within.andInPlace(bitmap);
      }
      // Each word narrows the leads the words before it left: the second word is looked for among few leads.
      let found = within;
      for (const word of filter.search) {
        const byTerm = word.map((term) => this.searchTerm(found, scope, term));
        const next = RoaringBitmap32.orMany(byTerm);
        freed(byTerm);
        if (found !== within) found.dispose();
        found = next;
      }
      result = found === within ? RoaringBitmap32.and(within, scope) : found;
      if (within !== scope) within.dispose();
    } else {
      result = RoaringBitmap32.and(sets[0] ?? scope, scope);
      for (const bitmap of sets.slice(1)) result.andInPlace(bitmap);
    }
    // All leads ('all') are a union made for this query; active or inactive ones are held.
    if (scope !== this.active && scope !== this.inactive) scope.dispose();
    for (const [key] of ranges)
      result = replacing(result, this.ranges.get(key)!.narrow(result, filter[key]!));
    if (filter.name !== undefined)
      result = replacing(result, this.names.containing(result, filter.name));
    if (filter.belowMarket)
      result = replacing(result, RoaringBitmap32.and(result, this.belowMarket));
    return result;
  }

  /** One page of the filter's leads in its order (newest first unless it sorts) and how many match (exactly). */
  page(
    filter: CanonicalLeadFilter,
    offset: number,
    limit: number,
  ): { ids: number[]; total: number } {
    if (filter.sort !== undefined) return this.sortedPage(filter, filter.sort, offset, limit);
    const key = keyOf(filter);
    const end = offset + limit;
    let window = this.windows.get(key);
    if (window === undefined || (window.ids.length < end && window.ids.length < window.total)) {
      const { found, transient } = this.resultOf(filter, key);
      try {
        if (end > LARGEST_WINDOW)
          return { ids: Array.from(newestIds(found, offset, limit)), total: found.size };
        window = { ids: newestIds(found, 0, windowFor(end)), total: found.size };
        this.windows.set(key, window);
      } finally {
        // Freed now rather than at a garbage collection (see freed).
        if (transient) found.dispose();
      }
    }
    return { ids: Array.from(window.ids.subarray(offset, end)), total: window.total };
  }
  private sortedPage(
    filter: CanonicalLeadFilter,
    sort: NonNullable<CanonicalLeadFilter['sort']>,
    offset: number,
    limit: number,
  ): { ids: number[]; total: number } {
    const { found, transient } = this.resultOf(filter);
    try {
      const ids =
        sort === 'year_desc'
          ? this.equality.get('year')!.highestFirst(found, offset, limit)
          : this.ranges
              .get(sort === 'km_asc' ? 'kmDriven' : 'price')!
              .ordered(found, offset, limit, sort === 'price_desc');
      return { ids, total: found.size };
    } finally {
      if (transient) found.dispose();
    }
  }
}
