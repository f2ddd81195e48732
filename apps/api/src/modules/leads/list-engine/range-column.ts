// A range-filtered column (price, kilometres, creation time, unlocks): bucketed bitmaps, each lead's value, and the
// order by value a sort reads (docs/lead-list-engine.md, "Parts").
import type { NumberRange } from './lead-filters';
import type { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';
import type { WholeNumberSlot } from './paged-array';
import { BULK, RoaringBitmap32, bulkArray, type Bitmap } from './bitmaps';
import { BucketLevel } from './range-buckets';
import { GROUP, firstAbove, groupOf } from './range-buckets';
import { addByGroup, finish, freed, newestFirst, rankedPage, sizeOf, withUnion } from './bitmaps';

/** Each lead's value, NaN for none: a slot of 64-bit numbers (TableSlot), or of whole numbers in 32 bits. */
type RangeValues = Pick<WholeNumberSlot, 'get' | 'set' | 'drop' | 'bytes' | 'save' | 'restore'>;

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
export class RangeColumn {
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
   * @param values each lead's value (NaN for NULL or not held), in a slot of a table of range values
   */
  constructor(
    private readonly bucketOf: (value: number) => number,
    private readonly values: RangeValues,
  ) {}

  /** Gives a lead not held yet its value (null: none); its bitmaps take it at addAppended. */
  appendValue(id: number, value: number | null): void {
    if (value !== null) this.values.set(id, value);
  }

  /**
   * Adds leads given their values by appendValue (ids ascending) to their buckets, one call per bucket, and to the
   * running unions when they are built (a catch-up's import): one call per union.
   */
  addAppended(ids: Uint32Array): void {
    if (ids.length === 0) return;
    // Each lead's fine bucket as a slot numbered in this call (0: no value), then its coarse bucket's slot likewise.
    const fineKeys = [NaN];
    const fineSlots = new Map<number, number>();
    const slotOf = bulkArray(BULK.Slots, ids.length).fill(0);
    for (let i = 0; i < ids.length; i++) {
      const value = this.values.get(ids[i]!);
      if (Number.isNaN(value)) continue;
      const key = this.bucketOf(value);
      let slot = fineSlots.get(key);
      if (slot === undefined) {
        slot = fineKeys.length;
        fineSlots.set(key, slot);
        fineKeys.push(key);
      }
      slotOf[i] = slot;
    }
    addByGroup(ids, slotOf, fineKeys.length, (slot) =>
      slot === 0 ? this.nulls : this.fine.bucket(fineKeys[slot]!),
    );
    const coarseKeys = [NaN];
    const coarseSlots = new Map<number, number>();
    const coarseOfFine = new Uint32Array(fineKeys.length);
    for (let slot = 1; slot < fineKeys.length; slot++) {
      const key = groupOf(fineKeys[slot]!);
      let coarse = coarseSlots.get(key);
      if (coarse === undefined) {
        coarse = coarseKeys.length;
        coarseSlots.set(key, coarse);
        coarseKeys.push(key);
      }
      coarseOfFine[slot] = coarse;
    }
    for (let i = 0; i < ids.length; i++) slotOf[i] = coarseOfFine[slotOf[i]!]!;
    // Every coarse bucket first (a new one starts as a copy of the one below), then its leads.
    for (let slot = 1; slot < coarseKeys.length; slot++) this.coarseBucket(coarseKeys[slot]!);
    const { sorted, ends } = addByGroup(ids, slotOf, coarseKeys.length, (slot) =>
      slot === 0 ? undefined : this.coarse.bitmaps.get(coarseKeys[slot]!),
    );
    if (this.atMost !== undefined) {
      // The running union of coarse bucket i takes the new leads of every bucket up to i: one call per union, far
      // cheaper for an import's leads than a call per bucket and union above it.
      const keys = this.coarse.sortedKeys;
      const below = new Uint32Array(ids.length);
      let count = 0;
      for (let i = 0; i < keys.length; i++) {
        const slot = coarseSlots.get(keys[i]!);
        if (slot !== undefined) {
          below.set(sorted.subarray(ends[slot]!, ends[slot + 1]!), count);
          count += ends[slot + 1]! - ends[slot]!;
        }
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

  async save(out: SnapshotWriter): Promise<void> {
    await this.values.save(out);
    await this.fine.save(out);
    await this.coarse.save(out);
    await out.bitmap(this.nulls);
  }

  async restore(input: SnapshotReader): Promise<void> {
    await this.values.restore(input);
    await this.fine.restore(input);
    await this.coarse.restore(input);
    this.atMost = undefined;
    this.nulls.clear();
    this.nulls.orInPlace(await input.bitmap());
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
