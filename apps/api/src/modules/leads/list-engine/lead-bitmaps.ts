// The lead list's query over the columns held (lead-store.ts): a filter mix as intersections of bitmaps, searches
// by word, pages newest first or in a sort's order with exact totals, and the caches that pay for themselves
// (query-caches.ts). docs/lead-list-engine.md has the design.
import { LRUCache } from 'lru-cache';
import type { JsonBytes } from '../../../lib/json-bytes';
import {
  EQUALITY_FILTERS,
  RANGE_FILTERS,
  brandsLabelled,
  type CanonicalLeadFilter,
} from './lead-filters';
import type { SnapshotReader } from './lead-list-snapshot';
import { RoaringBitmap32, freed, replacing, unionWithin, NARROW, type Bitmap } from './bitmaps';
import type { LeadListRow, ModelLead } from './lead-columns';
import { LeadStore } from './lead-store';
import { modelLeads, writeShown } from './page-writer';
import {
  ASKED_QUERIES,
  KEPT_RESULTS,
  KEPT_RESULTS_BYTES,
  KEPT_WINDOWS,
  KEPT_WINDOWS_BYTES,
  LARGEST_WINDOW,
  REMEMBERED_TERMS,
  REMEMBERED_TERMS_BYTES,
  SEARCHED_VALUES,
  ChangeLog,
  KEPT_ANSWER_CHANGES,
  keyOf,
  newestIds,
  windowFor,
  type KeptResult,
  type TermLeads,
  type Window,
} from './query-caches';
import {
  fieldChanges,
  filterStateOf,
  leadMatches,
  mayMove,
  withJoined,
  type LeadChange,
} from './kept-answers';

/** Every lead the engine holds, as bitmaps, and the query over them. */
export class LeadBitmaps extends LeadStore {
  /** Recent search terms' leads (see rememberedTerm). */
  private readonly termLeads = new LRUCache<string, TermLeads>({
    max: REMEMBERED_TERMS,
    maxSize: REMEMBERED_TERMS_BYTES,
    sizeCalculation: ({ leads }) => Math.max(1, leads.getSerializationSizeInBytes('croaring')),
  });
  /** Recent queries' results by their canonical filter (see matching). */
  private readonly results = new LRUCache<string, KeptResult>({
    max: KEPT_RESULTS,
    maxSize: KEPT_RESULTS_BYTES,
    sizeCalculation: ({ leads }) => Math.max(1, leads.getSerializationSizeInBytes('croaring')),
  });
  /** Canonical filters asked lately: a result is kept when its query comes again. */
  private readonly asked = new LRUCache<string, true>({ max: ASKED_QUERIES });
  /** Recent queries' newest leads by their canonical filter (see KEPT_WINDOWS). */
  private readonly windows = new LRUCache<string, Window>({
    max: KEPT_WINDOWS,
    maxSize: KEPT_WINDOWS_BYTES,
    sizeCalculation: ({ ids }, key) => ids.byteLength + 2 * key.length + 64,
  });

  /** What each write did to a lead, for the kept results and windows to catch up on (kept-answers.ts). */
  private readonly writes = new ChangeLog<LeadChange>(KEPT_ANSWER_CHANGES);

  /** Whether any answer is kept: without one, a write need not be noted (a load's million leads are not). */
  private get keepsAnswers(): boolean {
    return this.windows.size > 0 || this.results.size > 0;
  }

  override appendAll(rows: readonly LeadListRow[]): void {
    super.appendAll(rows);
    if (this.keepsAnswers) for (const row of rows) this.writes.push({ kind: 'new', id: row.id });
  }

  override upsert(row: LeadListRow): void {
    if (!this.keepsAnswers) return super.upsert(row);
    const held = this.active.has(row.id) || this.inactive.has(row.id);
    const before = held ? filterStateOf(this, row.id) : undefined;
    super.upsert(row);
    this.writes.push(
      before === undefined
        ? { kind: 'new', id: row.id }
        : {
            kind: 'changed',
            id: row.id,
            fields: fieldChanges(before, filterStateOf(this, row.id)),
          },
    );
  }

  override remove(id: number): void {
    super.remove(id);
    if (this.keepsAnswers) this.writes.push({ kind: 'gone', id });
  }

  /**
   * The leads that joined the filter's answer since write `seen`, ascending; undefined when a write since may have
   * taken a lead out of it or moved an older one in (or more were made than are noted): the answer is found afresh.
   */
  private joinedSince(filter: CanonicalLeadFilter, seen: number): number[] | undefined {
    if (seen < this.writes.first) return undefined;
    const fresh: number[] = [];
    for (const change of this.writes.since(seen)) {
      if (change.kind === 'new') fresh.push(change.id);
      else if (change.kind === 'gone' || mayMove(filter, change.fields)) return undefined;
    }
    if (fresh.length === 0) return fresh;
    if (filter.search === undefined && filter.name === undefined)
      return fresh.filter((id) => leadMatches(this, filter, id)).sort((a, b) => a - b);
    const candidates = new RoaringBitmap32(fresh);
    const joined = this.match(filter, candidates);
    const ids = joined.toArray();
    if (joined !== candidates) joined.dispose();
    candidates.dispose();
    return ids;
  }

  /** Bytes of the kept windows (their ids and keys; the kept results' are the bitmaps'). */
  get windowBytes(): number {
    return this.windows.calculatedSize;
  }

  /** Bitmaps as a snapshot holds them, restored a column at a time (requests get a turn in between). */
  static async restore(
    input: SnapshotReader,
    yieldNow: () => Promise<unknown>,
  ): Promise<LeadBitmaps> {
    const restored = new LeadBitmaps();
    await restored.restoreFrom(input, yieldNow);
    return restored;
  }

  /**
   * Writes the lead as a dealer who has not unlocked it sees it, or nothing when the engine does not hold it exactly
   * (page-writer.ts).
   */
  writeShown(id: number, maxDealers: number, out: JsonBytes): boolean {
    return writeShown(this, id, maxDealers, out);
  }

  /** The active leads of a model in `years`, at most `perYear` of each year, as the price guide compares them. */
  modelLeads(brand: string, model: string, years: readonly number[], perYear: number): ModelLead[] {
    return modelLeads(this, brand, model, years, perYear);
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
    if (kept !== undefined && kept.seen !== this.writes.next) {
      const joined = this.joinedSince(filter, kept.seen);
      if (joined === undefined) this.results.delete(key);
      else {
        kept.leads.addMany(joined);
        kept.seen = this.writes.next;
        // Counted again: an import's leads grow it.
        if (joined.length > 0) this.results.set(key, kept);
      }
    }
    const current = this.results.get(key);
    if (current !== undefined) return { found: current.leads, transient: false };
    const found = this.match(filter);
    if (found === this.active || found === this.inactive) return { found, transient: false };
    if (this.asked.has(key)) {
      this.results.set(key, { leads: found, seen: this.writes.next });
      return { found, transient: false };
    }
    this.asked.set(key, true);
    return { found, transient: true };
  }

  /** The filter's leads, among `candidates` only when given. */
  private match(filter: CanonicalLeadFilter, candidates?: Bitmap): Bitmap {
    const sets: Bitmap[] = candidates === undefined ? [] : [candidates];
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
    if (window !== undefined && window.seen !== this.writes.next) {
      const joined = this.joinedSince(filter, window.seen);
      if (joined === undefined) this.windows.delete(key);
      else this.windows.set(key, { ...withJoined(window, joined), seen: this.writes.next });
      window = this.windows.get(key);
    }
    if (window === undefined || (window.ids.length < end && window.ids.length < window.total)) {
      const { found, transient } = this.resultOf(filter, key);
      try {
        if (end > LARGEST_WINDOW)
          return { ids: Array.from(newestIds(found, offset, limit)), total: found.size };
        window = {
          ids: newestIds(found, 0, windowFor(end)),
          total: found.size,
          seen: this.writes.next,
        };
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
