// What the query keeps between requests, and its bounds: remembered search terms, kept results and windows of
// newest leads (decisions 0002 and 0003 measured each), and the key they are found by.
import type { CanonicalLeadFilter } from './lead-filters';
import { SEARCH_COLUMNS } from './lead-filters';
import { RoaringBitmap32, type Bitmap } from './bitmaps';

/** Columns searched by their values (SEARCH_COLUMNS; owners' names are not searched). */
export const SEARCHED_VALUES = SEARCH_COLUMNS;

/** A search term's leads by value as of change `seen` (see ChangeLog), and the brands whose catalogue label contains it. */
export interface TermLeads {
  leads: Bitmap;
  brands: ReadonlySet<string>;
  seen: number;
}

export const SEARCHED = new Set<string>(SEARCHED_VALUES);

/** The latest notes (lead ids, or what a write did to a lead), at most 2 × `kept`, numbered in order from the first on. */
export class ChangeLog<T = number> {
  private notes: T[] = [];
  /** The number of notes[0]. */
  first = 0;

  constructor(private readonly kept: number) {}

  /** The number the next note will get. */
  get next(): number {
    return this.first + this.notes.length;
  }

  push(note: T): void {
    this.notes.push(note);
    if (this.notes.length > 2 * this.kept) {
      this.notes = this.notes.slice(this.kept);
      this.first += this.kept;
    }
  }

  /** The notes from number `from` on (from must be at least `first`). */
  since(from: number): T[] {
    return this.notes.slice(from - this.first);
  }
}

/** Lead writes a remembered term can catch up on; one that has missed more is found afresh. */
export const SEARCHED_CHANGES_KEPT = 4096;

/**
 * How many recent terms' leads by value are remembered, in at most this many bytes of bitmaps (at 1M leads). More
 * bytes sped searches up but took the engine's memory past its budget (the size counted is the serialized one, below
 * what the bitmaps hold in memory): decision 0002.
 */
export const REMEMBERED_TERMS = 1024;
export const REMEMBERED_TERMS_BYTES = 8 * 1024 * 1024;

/**
 * How many recent queries' results are kept, in at most this many bytes of bitmaps: the list every dealer opens (no
 * filter) and the next pages of a query are then one rank lookup. Only a query asked before (among the last
 * ASKED_QUERIES) is kept: a random mix's result kept for nothing outlives the young generation and its memory is freed
 * only by a full garbage collection, which stalls every request (decision 0003). A kept result and window follow the
 * writes since (kept-answers.ts) unless a write may have moved a lead into or out of them.
 */
export const KEPT_RESULTS = 64;
export const KEPT_RESULTS_BYTES = 8 * 1024 * 1024;
export const ASKED_QUERIES = 1024;

/**
 * Writes a kept result or window can catch up on; one that has missed more is found afresh, which then costs less than
 * going through them (each kept answer goes through the writes it missed on its own).
 */
export const KEPT_ANSWER_CHANGES = 512;

/**
 * Recent queries' newest leads (a window of their result, as a search engine's query result cache keeps one): a query asked again for any page within its window is a slice of it, without a bitmap
 * operation. A window holds the newest 128, 256, 512 or 1,024 ids (the first power of two covering the page asked, so
 * pages 1–10 of up to 100 leads are in one); a page past 1,024 leads is found in the result. At most this many
 * windows and bytes (the largest window is 4 KB).
 */
export const KEPT_WINDOWS = 8192;
export const KEPT_WINDOWS_BYTES = 16 * 1024 * 1024;
export const SMALLEST_WINDOW = 128;
export const LARGEST_WINDOW = 1024;

/**
 * A query's newest leads, newest first (all of them when `ids.length` is `total`), and how many it matches, as of
 * write `seen` (the number of the next note in the engine's ChangeLog of writes).
 */
export interface Window {
  ids: Uint32Array;
  total: number;
  seen: number;
}

/** A query's leads as of write `seen`. */
export interface KeptResult {
  leads: Bitmap;
  seen: number;
}

/** The window a page ending at `end` (at most LARGEST_WINDOW) needs: the first power of two from SMALLEST_WINDOW on. */
export function windowFor(end: number): number {
  let size = SMALLEST_WINDOW;
  while (size < end) size *= 2;
  return size;
}

/** The ids of ranks [total − offset − limit, total − offset − 1] of `found`, newest (highest) first. */
export function newestIds(found: Bitmap, offset: number, limit: number): Uint32Array {
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

/** JSON.stringify writes Infinity, -Infinity and NaN alike as null: a kept result's key names them. */
function namingNonFinite(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : value;
}

/** The key a filter's kept result and window are found by (its leads, whatever their order). */
export function keyOf({ sort: _order, ...filter }: CanonicalLeadFilter): string {
  return JSON.stringify(filter, namingNonFinite);
}
