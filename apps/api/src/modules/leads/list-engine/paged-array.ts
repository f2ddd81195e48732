// Per-lead arrays indexed by lead id, kept in pages of 65,536 ids: a page is made when a lead in its range is stored
// and dropped when none in it is held any more (LeadBitmaps.remove). Lead ids are never reused, so one flat
// array sized to the highest id ever seen kept the slots of every lead deleted since (an import deleted again, a gap
// of ids) for good; pages make memory follow the leads held (decision 0007).
import type { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';

type PageArray = Uint16Array | Uint32Array | Float64Array;

const PAGE_BITS = 16;
/** Ids per page: a page is made in a fraction of a millisecond, so no write ever copies an array. */
export const PAGE_SIZE = 1 << PAGE_BITS;
const OFFSET_MASK = PAGE_SIZE - 1;

/** The page that holds the entry of lead `id`. */
export const entryPageOf = (id: number) => id >>> PAGE_BITS;

/**
 * Several per-lead arrays of one kind kept side by side: each lead's entries one after another in the page (`stride`
 * of them), so a page that shows a lead reads its entries from one or two cache lines, not one line per array (each
 * array a random read of its own: at a million leads most of a page's time went to waiting for memory). Each array is
 * a slot of the table (TableSlot).
 */
export class PagedTable<T extends PageArray> {
  private pages: (T | undefined)[] = [];

  constructor(
    private make: (size: number) => T,
    readonly stride: number,
    readonly empty: number,
  ) {}

  /** Slot `index` (< stride) as one per-lead array. */
  slot(index: number): TableSlot<T> {
    if (!(index >= 0 && index < this.stride)) throw new Error(`paged table: no slot ${index}`);
    return new TableSlot(this, index);
  }

  get(id: number, slot: number): number {
    const page = this.pages[id >>> PAGE_BITS];
    return page === undefined ? this.empty : page[(id & OFFSET_MASK) * this.stride + slot]!;
  }

  set(id: number, slot: number, value: number): void {
    this.pageAt(id >>> PAGE_BITS)[(id & OFFSET_MASK) * this.stride + slot] = value;
  }

  private pageAt(at: number): T {
    let page = this.pages[at];
    if (page === undefined) {
      page = this.make(PAGE_SIZE * this.stride);
      if (this.empty !== 0) page.fill(this.empty);
      this.pages[at] = page;
    }
    return page;
  }

  /** Drops page `at` of every slot (no lead whose entries it holds is held any more). */
  drop(at: number): void {
    if (at < this.pages.length) this.pages[at] = undefined;
  }

  /** Every page made by `make` from now on, the existing ones copied into such arrays (16-bit codes widened, say). */
  remake(make: (size: number) => T): void {
    this.make = make;
    this.pages = this.pages.map((page) => {
      if (page === undefined) return undefined;
      const wider = make(page.length);
      wider.set(page);
      return wider;
    });
  }

  /** Whether entries are made by `kind`'s kind of array already. */
  makes(kind: (size: number) => PageArray): boolean {
    return this.make(0).constructor === kind(0).constructor;
  }

  get bytes(): number {
    let bytes = 0;
    for (const page of this.pages) bytes += page?.byteLength ?? 0;
    return bytes;
  }

  /** Calls `visit` with every entry of slot `slot` that holds something other than `empty`, ids ascending. */
  forEachStored(slot: number, visit: (id: number, value: number) => void): void {
    this.pages.forEach((page, at) => {
      if (page === undefined) return;
      const first = at * PAGE_SIZE;
      for (let i = 0, j = slot; i < PAGE_SIZE; i++, j += this.stride)
        if (page[j] !== this.empty) visit(first + i, page[j]!);
    });
  }

  /**
   * Slot `slot` as one array: the pages held, then each page's entries of that slot, gathered in one page-sized array
   * reused for every page (each is written before the next is gathered).
   */
  async saveSlot(out: SnapshotWriter, slot: number): Promise<void> {
    const held: number[] = [];
    this.pages.forEach((page, at) => {
      if (page !== undefined) held.push(at);
    });
    await out.json(held);
    const entries = this.make(PAGE_SIZE);
    for (const at of held) {
      const page = this.pages[at]!;
      for (let i = 0, j = slot; i < PAGE_SIZE; i++, j += this.stride) entries[i] = page[j]!;
      await out.array(entries);
    }
  }

  /** Slot `slot` from what saveSlot wrote. */
  async restoreSlot(input: SnapshotReader, slot: number): Promise<void> {
    for (const at of await input.json<number[]>()) {
      const entries = await input.array(this.make);
      if (entries.length !== PAGE_SIZE)
        throw new Error('lead list snapshot: a page of the wrong size');
      const page = this.pageAt(at);
      for (let i = 0, j = slot; i < PAGE_SIZE; i++, j += this.stride) page[j] = entries[i]!;
    }
  }
}

/** One slot of a PagedTable: a per-lead array whose entries sit beside the other slots' of the same lead. */
export class TableSlot<T extends PageArray> {
  constructor(
    private readonly table: PagedTable<T>,
    private readonly index: number,
  ) {}

  get(id: number): number {
    return this.table.get(id, this.index);
  }

  set(id: number, value: number): void {
    this.table.set(id, this.index, value);
  }

  /** The table's page `at` goes for every slot: the engine drops a page of ids from every column at once. */
  drop(at: number): void {
    this.table.drop(at);
  }

  forEachStored(visit: (id: number, value: number) => void): void {
    this.table.forEachStored(this.index, visit);
  }

  /** Every slot's pages made by `make` from now on (PagedTable.remake), unless they are made so already. */
  remake(make: (size: number) => T): void {
    if (!this.table.makes(make)) this.table.remake(make);
  }

  /** Its share of the table's bytes. */
  get bytes(): number {
    return this.table.bytes / this.table.stride;
  }

  save(out: SnapshotWriter): Promise<void> {
    return this.table.saveSlot(out, this.index);
  }

  restore(input: SnapshotReader): Promise<void> {
    return this.table.restoreSlot(input, this.index);
  }
}

/** Entries of a WholeNumberSlot that are no number: the lead has no value, or its value is kept aside. */
export const NO_NUMBER = 0xffffffff;
const KEPT_ASIDE = 0xfffffffe;

/**
 * Per-lead numbers that are whole and below 2³² − 2 but for rare exceptions (prices in rupees, kilometres, unlocks),
 * in 32 bits instead of 64: any other value (a fraction, a negative or huge number written straight into the
 * database) is kept aside in a map, so every value reads back exactly. Reads and writes as a Float64Array slot does
 * (NaN for none). Its table's empty entry must be NO_NUMBER.
 */
export class WholeNumberSlot {
  private readonly aside = new Map<number, number>();

  constructor(private readonly slot: TableSlot<Uint32Array>) {}

  get(id: number): number {
    const entry = this.slot.get(id);
    if (entry < KEPT_ASIDE) return entry;
    return entry === NO_NUMBER ? NaN : (this.aside.get(id) ?? NaN);
  }

  set(id: number, value: number): void {
    if (this.slot.get(id) === KEPT_ASIDE) this.aside.delete(id);
    if (Number.isNaN(value)) this.slot.set(id, NO_NUMBER);
    else if (Number.isInteger(value) && value >= 0 && value < KEPT_ASIDE) this.slot.set(id, value);
    else {
      this.slot.set(id, KEPT_ASIDE);
      this.aside.set(id, value);
    }
  }

  drop(at: number): void {
    this.slot.drop(at);
    for (const id of this.aside.keys()) if (entryPageOf(id) === at) this.aside.delete(id);
  }

  get bytes(): number {
    return this.slot.bytes;
  }

  async save(out: SnapshotWriter): Promise<void> {
    await this.slot.save(out);
    await out.json([...this.aside.keys()]);
    await out.array(Float64Array.from(this.aside.values()));
  }

  async restore(input: SnapshotReader): Promise<void> {
    await this.slot.restore(input);
    const ids = await input.json<number[]>();
    const values = await input.array((length) => new Float64Array(length));
    if (values.length !== ids.length)
      throw new Error('lead list snapshot: numbers kept aside do not match');
    this.aside.clear();
    ids.forEach((id, i) => this.aside.set(id, values[i]!));
  }
}
