// The rows lead pages show, kept per process by id (LRU, bounded), so a page of leads other pages have shown needs no
// row read: the newest leads are on most dealers' pages; with each row the JSON it was last shown as, masked, so such a
// page needs no serializing either. Kept exact by the change log the lead list engine follows: it forgets a lead as it
// applies the lead's change, and everything when it replaces its bitmaps (docs/lead-list-engine.md, "Rows of a page").
import { LRUCache } from 'lru-cache';
import type { LeadShownRow } from './leads.repository';

/**
 * A page's row, and once shown masked its JSON then (for the cap on dealers then in force: it is part of it). A row
 * the lead list engine gave has its phone number masked already (`contactMasked`): it serves callers who may not see
 * the contact only.
 */
export interface PageRow {
  row: LeadShownRow;
  contactMasked?: true;
  masked?: { maxDealers: number; json: string };
}

/**
 * Object header and one slot per column, plus each string's header and characters (one byte each: Latin-1), and the
 * masked JSON's.
 */
function estimatedBytes({ row, masked }: PageRow): number {
  let bytes = 24;
  for (const value of Object.values(row))
    bytes += 8 + (typeof value === 'string' ? 16 + value.length : 0);
  return masked === undefined ? bytes : bytes + 40 + masked.json.length;
}

/** Rows /api/health's memory estimate looks at (their average times the count): no per-row cost on the list's path. */
const ROWS_SAMPLED = 200;

export class LeadRowCache {
  private readonly rows: LRUCache<number, PageRow> | undefined;

  /** `max` rows at most; 0 keeps none. */
  constructor(max: number) {
    this.rows = max > 0 ? new LRUCache({ max }) : undefined;
  }

  get size(): number {
    return this.rows?.size ?? 0;
  }

  /** An estimate of the memory the rows take (V8's object and string layouts), for /api/health. */
  get bytes(): number {
    if (this.rows === undefined || this.rows.size === 0) return 0;
    let sampled = 0;
    let bytes = 0;
    for (const row of this.rows.values()) {
      bytes += estimatedBytes(row);
      if (++sampled === ROWS_SAMPLED) break;
    }
    return Math.round((bytes / sampled) * this.rows.size);
  }

  /** The cached rows of `ids` (a map by id) and the ids not cached, in the order asked. */
  lookUp(ids: readonly number[]): { found: Map<number, PageRow>; missing: number[] } {
    const found = new Map<number, PageRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.rows?.get(id);
      if (row === undefined) missing.push(id);
      else found.set(id, row);
    }
    return { found, missing };
  }

  /** Counts forgets: rows read while a lead was forgotten may predate its change, and are not kept. */
  private forgets = 0;

  /** To take before reading rows, and to give back to remember() with them. */
  get ticket(): number {
    return this.forgets;
  }

  /**
   * Keeps rows read after `ticket` was taken, unless some lead was forgotten since: its change may have committed after
   * the read and been applied before this call, and nothing would forget the stale row again.
   */
  remember(rows: readonly PageRow[], ticket: number): void {
    if (this.rows === undefined || ticket !== this.forgets) return;
    for (const row of rows) this.rows.set(row.row.id, row);
  }

  forget(ids: readonly number[]): void {
    this.forgets++;
    if (this.rows === undefined) return;
    for (const id of ids) this.rows.delete(id);
  }

  clear(): void {
    this.forgets++;
    this.rows?.clear();
  }
}
