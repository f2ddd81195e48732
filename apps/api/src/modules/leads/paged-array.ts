// A per-lead array indexed by lead id, kept in pages of 65,536 entries: a page is made when a lead in its range is
// stored and dropped when none in it is held any more (LeadBitmaps.remove). Lead ids are never reused, so one flat
// array sized to the highest id ever seen kept the slots of every lead deleted since (an import deleted again, a gap
// of ids) for good: 306 MB for the engine at 1,005,000 leads whose ids had reached 2,505,000, ~200 MB without the gap.
// docs/lead-list-engine.md, "Memory".
import type { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';

type PageArray = Uint8Array | Uint16Array | Uint32Array | Float64Array;

const PAGE_BITS = 16;
/** Entries per page: ~1 ms of a million leads' load per page, 128–512 KB. */
export const PAGE_SIZE = 1 << PAGE_BITS;
const OFFSET_MASK = PAGE_SIZE - 1;

/** The page that holds the entry of lead `id`. */
export const entryPageOf = (id: number) => id >>> PAGE_BITS;

export class PagedArray<T extends PageArray> {
  private pages: (T | undefined)[] = [];

  /**
   * @param make a page's array of `size` entries
   * @param empty what an entry holds before anything is stored in it (and what get answers past every page)
   */
  constructor(
    private make: (size: number) => T,
    readonly empty: number,
  ) {}

  get(id: number): number {
    const page = this.pages[id >>> PAGE_BITS];
    return page === undefined ? this.empty : page[id & OFFSET_MASK]!;
  }

  set(id: number, value: number): void {
    const at = id >>> PAGE_BITS;
    let page = this.pages[at];
    if (page === undefined) {
      page = this.make(PAGE_SIZE);
      if (this.empty !== 0) page.fill(this.empty);
      this.pages[at] = page;
    }
    page[id & OFFSET_MASK] = value;
  }

  /** Calls `visit` with every entry that holds something other than `empty`, ids ascending. */
  forEachStored(visit: (id: number, value: number) => void): void {
    this.pages.forEach((page, at) => {
      if (page === undefined) return;
      const first = at * PAGE_SIZE;
      for (let i = 0; i < PAGE_SIZE; i++) if (page[i] !== this.empty) visit(first + i, page[i]!);
    });
  }

  /** Drops page `at` (no lead whose entry it holds is held any more): its entries read as empty again. */
  drop(at: number): void {
    if (at < this.pages.length) this.pages[at] = undefined;
  }

  /** Every page made by `make` from now on, the existing ones copied into such arrays (16-bit codes widened, say). */
  remake(make: (size: number) => T): void {
    this.make = make;
    this.pages = this.pages.map((page) => {
      if (page === undefined) return undefined;
      const wider = make(PAGE_SIZE);
      wider.set(page);
      return wider;
    });
  }

  get bytes(): number {
    let bytes = 0;
    for (const page of this.pages) bytes += page?.byteLength ?? 0;
    return bytes;
  }

  /** The pages held and their entries (views of their memory: nothing may change them until the parts are written). */
  save(out: SnapshotWriter): void {
    const held: number[] = [];
    this.pages.forEach((page, at) => {
      if (page !== undefined) held.push(at);
    });
    out.json(held);
    for (const at of held) out.array(this.pages[at]!);
  }

  restore(input: SnapshotReader): void {
    this.pages = [];
    for (const at of input.json<number[]>()) {
      const page = input.array(this.make);
      if (page.length !== PAGE_SIZE)
        throw new Error('lead list snapshot: a page of the wrong size');
      this.pages[at] = page;
    }
  }
}
