// Adds leads above every id held to a store's columns in bulk (a load, an import's catch-up): each lead's values go
// into the per-lead tables as its chunk arrives, and the bitmaps take a page of ids at a time, one call per bitmap.
import { shownOwnerName } from '@dealerleads/shared';
import { BULK, bulkArray } from './bitmaps';
import { ACTIVE, CREATED_ON_AS_WRITTEN, VERIFIED_ON_OTHER, type LeadChunk } from './lead-chunk';
import { RANGE_FILTERS } from './lead-filters';
import type { LeadStore } from './lead-store';
import { PAGE_SIZE, entryPageOf } from './paged-array';

const BELOW_MARKET = 8;
const PRICE = RANGE_FILTERS.findIndex(([key]) => key === 'price');
const CREATED_ON = RANGE_FILTERS.findIndex(([key]) => key === 'createdOn');
const valueOrNull = (value: number) => (Number.isNaN(value) ? null : value);

/**
 * Appends leads whose ids are above every id held, ascending, to a store. `add` writes each lead's values into the
 * per-lead tables and notes it; the bitmaps take the noted leads at `flush`, done by `add` as a page of ids fills (a
 * roaring container holds one page's ids, so each bitmap takes them ascending in one call; each distinct name's codes
 * are found once a page). Both yield between steps of the flush: a load gives requests a turn there. Its chunks come
 * from one LeadChunkEncoder, in the order encoded.
 */
export class LeadAppender {
  private readonly ids: Uint32Array;
  private readonly flags: Uint8Array;
  private count = 0;
  private page = -1;
  /** The codes of each full name noted since the last flush: its name as filtered, and as shown (`Rahul S.`). */
  private readonly nameCodes = new Map<string, { name: number; shown: number }>();
  /** Per coded value of the chunks (LeadChunk.codes): the store's code of each of the encoder's codes. */
  private storeCodes?: number[][];

  /** @param capacity the leads noted at most between flushes (up to a page of ids) */
  constructor(
    private readonly store: LeadStore,
    capacity = PAGE_SIZE,
  ) {
    const size = Math.max(1, Math.min(PAGE_SIZE, capacity));
    this.ids = new Uint32Array(size);
    this.flags = new Uint8Array(size);
  }

  /** Adds the chunk's leads, flushing as a page of ids fills. */
  *add(chunk: LeadChunk): Generator<void> {
    const { store } = this;
    const coded = [...store.equality.values(), store.listingStatuses, store.maskedPhones];
    const storeCodes = (this.storeCodes ??= coded.map(() => []));
    coded.forEach((column, field) => {
      for (const value of chunk.added[field]!) storeCodes[field]!.push(column.codeFor(value));
    });
    const ranges = [...store.ranges.values()];
    const { ids, codes, market } = chunk;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (entryPageOf(id) !== this.page || this.count === this.ids.length) {
        yield* this.flush();
        this.page = entryPageOf(id);
      }
      const at = this.count++;
      this.ids[at] = id;
      for (let field = 0; field < coded.length; field++)
        coded[field]!.appendCode(id, storeCodes[field]![codes[field]![i]!]!);
      for (let r = 0; r < ranges.length; r++) {
        const value = chunk.ranges[r]![i]!;
        ranges[r]!.appendValue(id, r === CREATED_ON ? value : valueOrNull(value));
      }
      const fullName = chunk.fullNames[i]!;
      let names = this.nameCodes.get(fullName);
      if (names === undefined) {
        names = {
          name: store.names.codeOfName(fullName),
          shown: store.shownNames.codeFor(shownOwnerName(fullName)),
        };
        this.nameCodes.set(fullName, names);
      }
      store.names.appendCode(id, names.name);
      store.shownNames.appendCode(id, names.shown);
      const cover = chunk.covers[i]!;
      if (cover !== null) store.covers.set(id, cover);
      const below = store.storeMarket(
        id,
        valueOrNull(market[i * 3]!),
        valueOrNull(market[i * 3 + 1]!),
        valueOrNull(market[i * 3 + 2]!),
        chunk.ranges[PRICE]![i]!,
      );
      this.flags[at] = chunk.flags[i]! | (below ? BELOW_MARKET : 0);
      // New to the remembered terms: noted for them to check, as written leads are.
      store.searchedChanges.push(id);
    }
  }

  /** Adds the leads noted to the bitmaps, a column per step. */
  *flush(): Generator<void> {
    if (this.count === 0) return;
    const { store } = this;
    const ids = this.ids.subarray(0, this.count);
    store.active.addMany(this.flagged(ids, ACTIVE, ACTIVE));
    store.inactive.addMany(this.flagged(ids, ACTIVE, 0));
    store.createdOnAsWritten.addMany(
      this.flagged(ids, CREATED_ON_AS_WRITTEN, CREATED_ON_AS_WRITTEN),
    );
    store.verifiedOnOther.addMany(this.flagged(ids, VERIFIED_ON_OTHER, VERIFIED_ON_OTHER));
    store.belowMarket.addMany(this.flagged(ids, BELOW_MARKET, BELOW_MARKET));
    yield;
    for (const column of store.equality.values()) {
      column.addAppended(ids);
      yield;
    }
    for (const column of store.ranges.values()) {
      column.addAppended(ids);
      yield;
    }
    this.count = 0;
    this.nameCodes.clear();
  }

  /** The noted ids whose flags masked by `mask` are `value`. */
  private flagged(ids: Uint32Array, mask: number, value: number): Uint32Array {
    const found = bulkArray(BULK.Flagged, ids.length);
    let count = 0;
    for (let i = 0; i < ids.length; i++)
      if ((this.flags[i]! & mask) === value) found[count++] = ids[i]!;
    return found.subarray(0, count);
  }
}
