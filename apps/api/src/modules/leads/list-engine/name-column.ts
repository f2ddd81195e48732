// The owners' full names, for the Admin's name filter: each lead's name as a code into the distinct names (lower case).
import type { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';
import { RoaringBitmap32, u16, u32, type Bitmap, type Key } from './bitmaps';
import { CodedColumn } from './coded-columns';
import { PagedTable } from './paged-array';

/**
 * Each lead's name (lower case, as the filter compares) as a code into the distinct names, in a table of its own: names
 * are far more varied than the catalogue's values, and their 65,536th would widen every coded column's table. A term is
 * looked for once per distinct name, then the leads the other filters left are kept by their name's code. Only an Admin
 * filters by name, so no bitmap per word or piece of a name is kept (decision 0024).
 */
export class NameColumn extends CodedColumn {
  constructor(private readonly table = new PagedTable<Uint16Array | Uint32Array>(u16, 1, 0)) {
    super(table.slot(0), 'fullName');
  }

  /** How many distinct names it holds codes for. */
  get distinct(): number {
    return this.keys.length - 1;
  }

  /** The lead's name in lower case, if it is held. */
  name(id: number): string | undefined {
    const key = this.keyOf(id);
    return key === undefined ? undefined : String(key);
  }

  /** The code of `fullName` in lower case (for appendCode). */
  codeOfName(fullName: string): number {
    return this.codeFor(fullName.toLowerCase());
  }

  /** Gives the lead `fullName`; whether that changed its name as searched (a change of case is none). */
  override set(id: number, fullName: Key | null): boolean {
    return super.set(id, typeof fullName === 'string' ? fullName.toLowerCase() : fullName);
  }

  override async save(out: SnapshotWriter): Promise<void> {
    this.compact();
    await out.json({ wideCodes: this.table.makes(u32) });
    await super.save(out);
  }

  override async restore(input: SnapshotReader): Promise<void> {
    if ((await input.json<{ wideCodes: boolean }>()).wideCodes) this.codes.remake(u32);
    await super.restore(input);
  }

  /**
   * Renumbers the names that leads still have, once more than a quarter are no lead's (changed or removed since): done as
   * a snapshot is written, so names of imports deleted again are not kept for good.
   */
  private compact(): void {
    const leads = new Uint32Array(this.keys.length);
    this.codes.forEachStored((_id, code) => leads[code]!++);
    const unused = leads.filter((count, code) => code !== 0 && count === 0).length;
    if (unused <= (this.keys.length - 1 - unused) / 4) return;
    const renumbered = new Uint32Array(this.keys.length);
    const kept: Key[] = [''];
    for (let code = 1; code < this.keys.length; code++) {
      if (leads[code]! === 0) continue;
      renumbered[code] = kept.length;
      kept.push(this.keys[code]!);
    }
    this.codes.forEachStored((id, code) => this.codes.set(id, renumbered[code]!));
    // Back to 16 bits once the names left fit: every code is renumbered below 65,536 by now.
    if (kept.length <= 0x10000) this.codes.remake(u16);
    this.restoreKeys(kept);
  }

  /** The leads of `within` whose name contains `term` (lower case). */
  containing(within: Bitmap, term: string): Bitmap {
    const named = new Uint8Array(this.keys.length);
    let any = false;
    for (let code = 1; code < this.keys.length; code++) {
      if (String(this.keys[code]).includes(term)) {
        named[code] = 1;
        any = true;
      }
    }
    if (!any) return new RoaringBitmap32();
    const ids = within.toUint32Array();
    let kept = 0;
    for (let i = 0; i < ids.length; i++)
      if (named[this.codes.get(ids[i]!)] === 1) ids[kept++] = ids[i]!;
    return new RoaringBitmap32(ids.subarray(0, kept));
  }
}
