// Every lead the engine holds, by column: the bitmaps and per-lead arrays, how a write changes them, and how a
// snapshot saves and restores them. The query (lead-bitmaps.ts) reads them; nothing outside list-engine/ does.
import { shownOwnerName } from '@dealerleads/shared';
import { EQUALITY_FILTERS, RANGE_FILTERS, equalityValue } from './lead-filters';
import { LeadAppender } from './lead-appender';
import {
  LeadChunkEncoder,
  MAX_LEAD_ID,
  checkHoldable,
  arrayRowOf,
  createdOnValue,
  isActive,
  isoTimeAsWritten,
  verifiedOnAsShown,
} from './lead-chunk';
import type { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';
import { NO_NUMBER, PAGE_SIZE, PagedTable, WholeNumberSlot, entryPageOf } from './paged-array';
import { RoaringBitmap32, f64, finish, u16, u32, type Bitmap } from './bitmaps';
import { CodedColumn, GuideColumn, ValueColumn } from './coded-columns';
import { CoverColumn } from './cover-column';
import { maskPhone, LEAD_COLUMNS, type LeadListRow } from './lead-columns';
import { NameColumn } from './name-column';
import { ChangeLog, SEARCHED, SEARCHED_CHANGES_KEPT } from './query-caches';
import { dayBucket, logBucket } from './range-buckets';
import { RangeColumn } from './range-column';
import { type CanonicalLeadFilter } from './lead-filters';

/** How each range filter buckets its values and reads them from a row. */
const RANGE_VALUES: Record<(typeof RANGE_FILTERS)[number][0], (row: LeadListRow) => number | null> =
  {
    price: (row) => row.price,
    kmDriven: (row) => row.km_driven,
    createdOn: (row) => createdOnValue(row.created_on),
    unlockCount: (row) => row.unlock_count,
  };
const RANGE_BUCKETS: Record<(typeof RANGE_FILTERS)[number][0], (value: number) => number> = {
  price: logBucket,
  kmDriven: logBucket,
  createdOn: dayBucket,
  unlockCount: logBucket,
};

export type EqualityFilter = (typeof EQUALITY_FILTERS)[number][0];
export type RangeFilter = (typeof RANGE_FILTERS)[number][0];

/** Each range column's per-lead values: the creation time's in 64 bits, the whole numbers' in 32 (WholeNumberSlot). */
function rangeValues(time: PagedTable<Float64Array>, numbers: PagedTable<Uint32Array>) {
  let next = 0;
  return RANGE_FILTERS.map(([key]) =>
    key === 'createdOn'
      ? ([key, time.slot(0)] as const)
      : ([key, new WholeNumberSlot(numbers.slot(next++))] as const),
  );
}

/** What a snapshot must have been written with (LeadBitmaps.save). */
const SNAPSHOT_LAYOUT = {
  format: 14,
  equality: EQUALITY_FILTERS,
  ranges: RANGE_FILTERS,
  columns: LEAD_COLUMNS,
};

/** Every lead the engine holds, as columns; the query (LeadBitmaps) extends it and notes what each write did. */
export class LeadStore {
  readonly active = new RoaringBitmap32();
  readonly inactive = new RoaringBitmap32();
  /**
   * Each lead's codes of every coded column side by side, and its values of the range columns (its creation time in 64
   * bits, its whole numbers in 32): a page reads a lead's from three places in memory, not one per column (PagedTable).
   */
  readonly codeTable = new PagedTable<Uint16Array | Uint32Array>(
    u16,
    EQUALITY_FILTERS.length + 4,
    0,
  );
  readonly timeTable = new PagedTable(f64, 1, NaN);
  readonly numberTable = new PagedTable(u32, RANGE_FILTERS.length - 1, NO_NUMBER);
  readonly equality = new Map(
    EQUALITY_FILTERS.map(([key], i) => [key, new ValueColumn(this.codeTable.slot(i), key)]),
  );
  readonly ranges = new Map(
    rangeValues(this.timeTable, this.numberTable).map(([key, values]) => [
      key,
      new RangeColumn(RANGE_BUCKETS[key], values),
    ]),
  );
  readonly names = new NameColumn();
  /** What a page shows of a lead besides its filters' values: the phone number masked (never in full), the listing. */
  readonly maskedPhones = new CodedColumn(
    this.codeTable.slot(EQUALITY_FILTERS.length),
    'phoneNumber',
  );
  readonly listingStatuses = new CodedColumn(
    this.codeTable.slot(EQUALITY_FILTERS.length + 1),
    'listingStatus',
  );
  readonly covers = new CoverColumn();
  /** Each lead's market guide figures, as a code into the distinct sets of them. */
  readonly guide = new GuideColumn(this.codeTable.slot(EQUALITY_FILTERS.length + 3), 'market');
  /** Leads priced below their guide's median. */
  readonly belowMarket = new RoaringBitmap32();
  /** The owner's name as shown before an unlock ('Rahul S.', shownOwnerName): the full name never leaves a page. */
  readonly shownNames = new CodedColumn(
    this.codeTable.slot(EQUALITY_FILTERS.length + 2),
    'fullName',
  );
  /** Every column by its filter's name, as writeShown reads them (no lookup by key per lead). */
  readonly shown = {
    ...(Object.fromEntries(this.equality) as Record<EqualityFilter, ValueColumn>),
    ...(Object.fromEntries(this.ranges) as Record<RangeFilter, RangeColumn>),
  };
  /** Leads whose creation time is held as written (ISO 8601 in UTC with milliseconds): writeShown writes only these. */
  readonly createdOnAsWritten = new RoaringBitmap32();
  /** Leads whose verification time is not the one writeShown writes (verifiedOnAsShown): their rows are read. */
  readonly verifiedOnOther = new RoaringBitmap32();
  /** Leads whose searched values or name changed, or that are new, for the remembered terms to catch up on. */
  readonly searchedChanges = new ChangeLog(SEARCHED_CHANGES_KEPT);

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
      this.guide.arrayBytes;
    for (const column of this.equality.values()) bytes += column.arrayBytes;
    for (const column of this.ranges.values()) bytes += column.arrayBytes;
    return bytes;
  }

  /**
   * Adds leads not held yet whose ids are above every id held, ascending (a catch-up sorts an import's): each bitmap
   * takes its leads in one call (LeadAppender, which a load uses directly).
   */
  appendAll(rows: readonly LeadListRow[]): void {
    const appender = new LeadAppender(this, rows.length);
    finish(appender.add(new LeadChunkEncoder().encode(rows.map(arrayRowOf))));
    finish(appender.flush());
  }

  /** Adds the lead, or brings it up to date: a handful of bitmap changes (each O(log n)). */
  upsert(row: LeadListRow): void {
    checkHoldable(row.id);
    const id = row.id;
    const active = isActive(row.status);
    (active ? this.active : this.inactive).add(id);
    (active ? this.inactive : this.active).remove(id);
    let searchedChanged = false;
    for (const [key, column] of EQUALITY_FILTERS) {
      const changed = this.equality.get(key)!.set(id, equalityValue(row, column));
      if (changed && SEARCHED.has(key)) searchedChanged = true;
    }
    for (const [key] of RANGE_FILTERS) this.ranges.get(key)!.set(id, RANGE_VALUES[key](row));
    this.names.set(id, row.full_name);
    this.maskedPhones.set(id, maskPhone(row.phone_number));
    this.listingStatuses.set(id, row.listing_status);
    this.covers.set(id, row.cover_photo);
    this.shownNames.set(id, shownOwnerName(row.full_name));
    const belowMarket = this.storeMarket(
      id,
      row.market_low,
      row.market_median,
      row.market_high,
      row.price,
    );
    if (belowMarket) this.belowMarket.add(id);
    else this.belowMarket.remove(id);
    if (isoTimeAsWritten(row.created_on)) this.createdOnAsWritten.add(id);
    else this.createdOnAsWritten.remove(id);
    if (verifiedOnAsShown(row.phone_verified, row.verified_on, row.created_on))
      this.verifiedOnOther.remove(id);
    else this.verifiedOnOther.add(id);
    if (searchedChanged) this.searchedChanges.push(id);
  }

  remove(id: number): void {
    this.active.remove(id);
    this.inactive.remove(id);
    for (const column of this.equality.values()) column.clear(id);
    for (const column of this.ranges.values()) column.clear(id);
    this.names.clear(id);
    this.maskedPhones.clear(id);
    this.listingStatuses.clear(id);
    this.covers.clear(id);
    this.shownNames.clear(id);
    this.guide.clear(id);
    this.belowMarket.remove(id);
    this.createdOnAsWritten.remove(id);
    this.verifiedOnOther.remove(id);
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
        this.guide,
      ])
        column.drop(page);
    }
    // Remembered terms may keep a removed lead: every search intersects them with the leads held.
  }

  /**
   * Writes every bitmap and per-lead array, each part as it is serialized (nothing may change the columns until the
   * returned promise settles: the engine starts no other work meanwhile). A snapshot of another layout is refused on restore: bump SNAPSHOT_LAYOUT.format when a column's meaning
   * changes without its name changing (a new bucket function, say).
   */
  async save(out: SnapshotWriter): Promise<void> {
    await out.json(SNAPSHOT_LAYOUT);
    await out.json({ wideCodes: this.codeTable.makes(u32) });
    await out.bitmap(this.active);
    await out.bitmap(this.inactive);
    for (const [key] of EQUALITY_FILTERS) await this.equality.get(key)!.save(out);
    for (const [key] of RANGE_FILTERS) await this.ranges.get(key)!.save(out);
    await this.names.save(out);
    await this.maskedPhones.save(out);
    await this.listingStatuses.save(out);
    await this.covers.save(out);
    await this.shownNames.save(out);
    await this.guide.save(out);
    await out.bitmap(this.belowMarket);
    await out.bitmap(this.createdOnAsWritten);
    await out.bitmap(this.verifiedOnOther);
  }

  /**
   * Fills these new, empty columns as a snapshot holds them, a column at a time (requests get a turn in between):
   * LeadBitmaps.restore.
   */
  protected async restoreFrom(
    input: SnapshotReader,
    yieldNow: () => Promise<unknown>,
  ): Promise<void> {
    if (JSON.stringify(await input.json<unknown>()) !== JSON.stringify(SNAPSHOT_LAYOUT)) {
      throw new Error('lead list snapshot: written for another layout');
    }
    // Codes are saved as wide as the table was: one column's 65,536th value widened every column's.
    if ((await input.json<{ wideCodes: boolean }>()).wideCodes) this.codeTable.remake(u32);
    this.active.orInPlace(await input.bitmap());
    this.inactive.orInPlace(await input.bitmap());
    for (const [key] of EQUALITY_FILTERS) {
      await this.equality.get(key)!.restore(input);
      await yieldNow();
    }
    for (const [key] of RANGE_FILTERS) {
      await this.ranges.get(key)!.restore(input);
      await yieldNow();
    }
    await this.names.restore(input);
    await this.maskedPhones.restore(input);
    await this.listingStatuses.restore(input);
    await this.covers.restore(input);
    await this.shownNames.restore(input);
    await this.guide.restore(input);
    this.belowMarket.orInPlace(await input.bitmap());
    this.createdOnAsWritten.orInPlace(await input.bitmap());
    this.verifiedOnOther.orInPlace(await input.bitmap());
    if (!input.done) throw new Error('lead list snapshot: longer than its layout');
    await this.buildRunningUnions(yieldNow);
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

  /** Stores the lead's market guide figures; whether it is priced below its guide's median. */
  storeMarket(
    id: number,
    low: number | null,
    median: number | null,
    high: number | null,
    price: number,
  ): boolean {
    this.guide.set(id, GuideColumn.keyOf(low, median, high));
    return median !== null && low !== null && high !== null && price < median;
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

  protected scope(status: CanonicalLeadFilter['status']): Bitmap {
    if (status === 'active') return this.active;
    if (status === 'inactive') return this.inactive;
    return RoaringBitmap32.or(this.active, this.inactive);
  }
}
