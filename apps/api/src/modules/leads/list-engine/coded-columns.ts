// Columns of coded values: each lead's value as a code into the column's few distinct values, and for an equality
// filter a bitmap per value (docs/lead-list-engine.md, "Parts").
import type { JsonBytes } from '../../../lib/json-bytes';
import type { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';
import type { TableSlot } from './paged-array';
import { RoaringBitmap32, addByGroup, u32, type Bitmap, type Key } from './bitmaps';
import { BULK, bulkArray, newestFirst, rankedPage } from './bitmaps';

/**
 * A value per lead, as a code into the column's few distinct values (catalogue values, masked phone numbers): 16 bits
 * per lead while the column has at most 65,535 values (2 MB at a million leads, not 4), 32 bits from its 65,536th value
 * on (the pages copied once, by that write).
 */
export class CodedColumn {
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

  /** The code of `key` (0 for null), given a new code if the column has not held it yet. */
  codeFor(key: Key | null): number {
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

  /** Gives a lead not held yet its value's code (codeFor); an equality column's bitmaps take it at addAppended. */
  appendCode(id: number, code: number): void {
    this.codes.set(id, code);
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

  async save(out: SnapshotWriter): Promise<void> {
    await out.json(this.keys);
    await this.codes.save(out);
  }

  async restore(input: SnapshotReader): Promise<void> {
    this.restoreKeys(await input.json<Key[]>());
    await this.codes.restore(input);
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
export class ValueColumn extends CodedColumn {
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

  /** Adds leads given their codes by appendCode (ids ascending) to their values' bitmaps, one call per value. */
  addAppended(ids: Uint32Array): void {
    const codes = bulkArray(BULK.Codes, ids.length);
    for (let i = 0; i < ids.length; i++) codes[i] = this.codes.get(ids[i]!);
    addByGroup(ids, codes, this.keys.length, (code) =>
      code === 0 ? undefined : this.bitmaps[code],
    );
  }

  override async save(out: SnapshotWriter): Promise<void> {
    await out.json(this.keys);
    await out.bitmaps(this.bitmaps);
    await this.codes.save(out);
  }

  override async restore(input: SnapshotReader): Promise<void> {
    this.restoreKeys(await input.json<Key[]>());
    this.lowered.length = 0;
    this.bitmaps.length = 0;
    for (let code = 0; code < this.keys.length; code++) this.bitmaps.push(await input.bitmap());
    await this.codes.restore(input);
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

/** A lead's market guide figures: low, median and high, in rupees. */
export type GuideFigures = readonly [low: number, median: number, high: number];

/**
 * Each lead's market guide figures as a code into the distinct sets of them: the leads of one model, year and fuel
 * share their guide's figures, so a code of 16 bits per lead stands for three numbers of 32.
 */
export class GuideColumn extends CodedColumn {
  /** code → its figures (made as pages need them). */
  private readonly figuresOfCode: GuideFigures[] = [];

  /** The key of a lead's figures, null when its guide has none. */
  static keyOf(low: number | null, median: number | null, high: number | null): string | null {
    return low === null || median === null || high === null ? null : `${low} ${median} ${high}`;
  }

  /** The lead's figures, if its guide has them. */
  figures(id: number): GuideFigures | undefined {
    const code = this.codes.get(id);
    if (code === 0) return undefined;
    return (this.figuresOfCode[code] ??= String(this.keys[code])
      .split(' ')
      .map(Number) as unknown as GuideFigures);
  }

  protected override restoreKeys(keys: readonly Key[]): void {
    super.restoreKeys(keys);
    this.figuresOfCode.length = 0;
  }
}
