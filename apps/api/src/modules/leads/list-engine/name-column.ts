// The owners' full names: a bitmap per word and per 2- or 3-character piece, and each lead's name (the name filter).
import type { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';
import { BULK, RoaringBitmap32, bulkArray, type Bitmap } from './bitmaps';
import { PagedTable } from './paged-array';
import { bitmapOf, forget, growingText, grownSize, grownText, u32, unionWithin } from './bitmaps';

/** Free bytes the names' text keeps ahead of a catch-up (reserve): its 2,000 changes' names, 500 bytes each. */
const NAME_TEXT_HEADROOM = 1 << 20;

/** Lengths of the names' n-grams: search terms this short are answered by one bitmap (NameColumn). */
const MIN_GRAM = 2;
const MAX_GRAM = 3;

/**
 * The n-gram of `length` characters (UTF-16 units, as String.includes compares) at `at` of `text`, as a number: its
 * units in base 2^16 after a marker of its length, so no two n-grams of any length share one (< 2^53).
 */
function gramKey(text: string, at: number, length: number): number {
  let key = length;
  for (let i = 0; i < length; i++) key = key * 65_536 + text.charCodeAt(at + i);
  return key;
}

/**
 * Adds each of `ids` (ascending) to the bitmap of every piece of its name, `piecesOf[nameOf[i]]` (distinct pieces): the
 * ids are sorted by piece, each name's pieces looked up once, then each piece's ids (ascending) go in one call.
 */
function addByPieces<K>(
  ids: Uint32Array,
  nameOf: Uint32Array,
  piecesOf: readonly (readonly K[])[],
  bitmaps: Map<K, Bitmap>,
): void {
  const leadsOfName = bulkArray(BULK.NameLeads, piecesOf.length).fill(0);
  for (let i = 0; i < ids.length; i++) leadsOfName[nameOf[i]!]!++;
  // Each name's pieces as slots (numbered in this call), name after name: name n's from starts[n] to starts[n + 1].
  let listed = 0;
  for (const ofName of piecesOf) listed += ofName.length;
  const starts = bulkArray(BULK.NameStarts, piecesOf.length + 1);
  const slotsOfNames = bulkArray(BULK.NameSlots, listed);
  const slots = new Map<K, number>();
  const pieces: K[] = [];
  const counts: number[] = [];
  let at = 0;
  for (let name = 0; name < piecesOf.length; name++) {
    starts[name] = at;
    for (const piece of piecesOf[name]!) {
      let slot = slots.get(piece);
      if (slot === undefined) {
        slot = pieces.length;
        slots.set(piece, slot);
        pieces.push(piece);
        counts.push(0);
      }
      counts[slot]! += leadsOfName[name]!;
      slotsOfNames[at++] = slot;
    }
  }
  starts[piecesOf.length] = at;
  const ends = new Uint32Array(pieces.length + 1);
  for (let slot = 0; slot < pieces.length; slot++) ends[slot + 1] = ends[slot]! + counts[slot]!;
  const next = ends.slice(0, pieces.length);
  const sorted = bulkArray(BULK.Pieces, ends[pieces.length]!);
  for (let i = 0; i < ids.length; i++) {
    const name = nameOf[i]!;
    for (let j = starts[name]!; j < starts[name + 1]!; j++)
      sorted[next[slotsOfNames[j]!]!++] = ids[i]!;
  }
  for (let slot = 0; slot < pieces.length; slot++)
    bitmapOf(bitmaps, pieces[slot]!).addMany(sorted.subarray(ends[slot]!, ends[slot + 1]!));
}

/**
 * The full names: a bitmap per word (lower case, split at spaces) and each lead's name, so a term of several words can
 * be checked on the leads that have its words; and a bitmap per piece of 2 or 3 characters of a name (its n-grams), so
 * a term that short is one bitmap where its words would be thousands to unite (every word with "ar" in it), and a term
 * of several words is checked only on the leads with all its 3-character pieces.
 */
export class NameColumn {
  private readonly words = new Map<string, Bitmap>();
  private readonly grams = new Map<number, Bitmap>();
  /** The names one after another; a changed or removed lead's stays until the text is compacted (see save). */
  private text: Buffer = Buffer.alloc(1 << 16);
  private used = 0;
  /** Bytes of `text` that are names of leads held. */
  private liveBytes = 0;
  /**
   * Each lead's name (lower case, as searched): where it starts in `text` and its length in bytes + 1 (0: no name
   * held), side by side (PagedTable).
   */
  private readonly entries = new PagedTable(u32, 2, 0);
  private readonly starts = this.entries.slot(0);
  private readonly lengths = this.entries.slot(1);

  name(id: number): string | undefined {
    const length = this.lengths.get(id);
    if (length === 0) return undefined;
    const start = this.starts.get(id);
    return this.text.toString('utf8', start, start + length - 1);
  }

  /**
   * Whether the lead's (lower-case) name contains `needle`, compared as UTF-8 bytes where it is stored: no string is
   * made per lead (a byte match of valid UTF-8 is a character match).
   */
  private nameContains(id: number, needle: Uint8Array): boolean {
    const stored = this.lengths.get(id);
    if (stored === 0) return false;
    const text = this.text;
    const start = this.starts.get(id);
    const last = start + stored - 1 - needle.length;
    const first = needle[0];
    next: for (let at = start; at <= last; at++) {
      if (text[at] !== first) continue;
      for (let j = 1; j < needle.length; j++) if (text[at + j] !== needle[j]) continue next;
      return true;
    }
    return false;
  }

  get arrayBytes(): number {
    return this.text.byteLength + this.starts.bytes + this.lengths.bytes;
  }

  /** Drops the pages of per-lead starts and lengths `at` (no lead of it is held). */
  drop(at: number): void {
    this.starts.drop(at);
    this.lengths.drop(at);
  }

  async save(out: SnapshotWriter): Promise<void> {
    await out.json([...this.words.keys()]);
    await out.bitmaps(this.words.values());
    await out.json([...this.grams.keys()]);
    await out.bitmaps(this.grams.values());
    if (this.used - this.liveBytes > this.liveBytes / 4) this.compact();
    await out.json(this.liveBytes);
    await out.array(this.text, this.used);
    await this.starts.save(out);
    await this.lengths.save(out);
  }

  /**
   * Rewrites the text with only the names of leads held (one pass over them, ~20 ms at a million leads): done as a
   * snapshot is written, once more than a quarter of the text is names changed or removed since (imports deleted again).
   */
  private compact(): void {
    const text = Buffer.alloc(Math.max(1 << 16, grownSize(this.liveBytes, this.liveBytes)));
    let used = 0;
    this.lengths.forEachStored((id, length) => {
      const start = this.starts.get(id);
      this.text.copy(text, used, start, start + length - 1);
      this.starts.set(id, used);
      used += length - 1;
    });
    this.text = text;
    this.used = used;
  }

  async restore(input: SnapshotReader): Promise<void> {
    this.words.clear();
    for (const word of await input.json<string[]>()) this.words.set(word, await input.bitmap());
    this.grams.clear();
    for (const gram of await input.json<number[]>()) this.grams.set(gram, await input.bitmap());
    this.liveBytes = await input.json<number>();
    const text = await input.bytes();
    this.text = Buffer.alloc(Math.max(1 << 16, Math.ceil(text.length * 1.25)));
    text.copy(this.text);
    this.used = text.length;
    await this.starts.restore(input);
    await this.lengths.restore(input);
  }

  private static wordsOf(name: string): string[] {
    return [...new Set(name.split(' ').filter((w) => w !== ''))];
  }

  /**
   * Every piece of `from` to MAX_GRAM characters of a (lower-case) name, spaces included (UTF-16 units, as
   * String.includes compares).
   */
  private static gramsOf(name: string, from = MIN_GRAM): Set<number> {
    const grams = new Set<number>();
    for (let length = from; length <= MAX_GRAM; length++)
      for (let at = 0; at + length <= name.length; at++) grams.add(gramKey(name, at, length));
    return grams;
  }

  /** Stores the lower-case name, as UTF-8, of a lead not held yet; its words and n-grams go in at addAppended. */
  appendName(id: number, bytes: Uint8Array): void {
    const end = this.used + bytes.length;
    if (end > this.text.length) this.text = grownText(this.text, end);
    this.text.set(bytes, this.used);
    this.starts.set(id, this.used);
    // Stored +1, so 0 means "no name"; an empty name still counts as held.
    this.lengths.set(id, bytes.length + 1);
    this.used = end;
    this.liveBytes += bytes.length;
  }

  /**
   * Adds leads given their names by appendName (ids ascending) to the bitmaps of their names' words and n-grams: each
   * name's pieces are found once, whatever the number of its leads (`names[nameOf[i]]` is the name of ids[i]).
   */
  addAppended(ids: Uint32Array, nameOf: Uint32Array, names: readonly string[]): void {
    addByPieces(ids, nameOf, names.map(NameColumn.wordsOf), this.words);
    addByPieces(
      ids,
      nameOf,
      names.map((name) => [...NameColumn.gramsOf(name)]),
      this.grams,
    );
  }

  /** Gives the lead `fullName`; whether that changed its name. */
  set(id: number, fullName: string): boolean {
    const name = fullName.toLowerCase();
    const changed = this.name(id) !== name;
    if (changed) {
      this.clear(id);
      for (const word of NameColumn.wordsOf(name)) bitmapOf(this.words, word).add(id);
      for (const gram of NameColumn.gramsOf(name)) bitmapOf(this.grams, gram).add(id);
      this.appendName(id, Buffer.from(name));
    }
    // Searches compare lower case: a name that changed only its case is no change to them.
    return changed;
  }

  /** Room in the text for a catch-up's names, grown a slice per step (see LeadBitmaps.reserve). */
  *reserve(): Generator<void> {
    // Grown to twice the headroom once less is free, so the catch-ups after it need no copy.
    if (this.text.length - this.used < NAME_TEXT_HEADROOM)
      this.text = yield* growingText(this.text, this.used + 2 * NAME_TEXT_HEADROOM);
  }

  clear(id: number): void {
    const name = this.name(id);
    if (name === undefined) return;
    for (const word of NameColumn.wordsOf(name)) forget(this.words, word, id);
    for (const gram of NameColumn.gramsOf(name)) forget(this.grams, gram, id);
    this.liveBytes -= this.lengths.get(id) - 1;
    this.lengths.set(id, 0);
  }

  private wordsWhere(test: (word: string) => boolean): Bitmap[] {
    const found: Bitmap[] = [];
    for (const [word, bitmap] of this.words) if (test(word)) found.push(bitmap);
    return found;
  }

  /** The leads of `within` whose name contains `term` (lower case). */
  containing(within: Bitmap, term: string): Bitmap {
    if (term === '')
      return unionWithin(
        within,
        this.wordsWhere(() => true),
      );
    // A term of 2 or 3 characters is one of the names' n-grams, exactly.
    if (term.length >= MIN_GRAM && term.length <= MAX_GRAM)
      return RoaringBitmap32.and(
        within,
        this.grams.get(gramKey(term, 0, term.length)) ?? new RoaringBitmap32(),
      );
    // Without a space a longer term lies within one word: the words containing it answer exactly.
    if (!term.includes(' '))
      return unionWithin(
        within,
        this.wordsWhere((w) => w.includes(term)),
      );
    // With spaces: the leads whose names have every 3 characters of it are candidates (rarest first), each checked on
    // the name itself.
    const grams = [...NameColumn.gramsOf(term, MAX_GRAM)].map(
      (gram) => this.grams.get(gram) ?? new RoaringBitmap32(),
    );
    grams.sort((a, b) => a.size - b.size);
    let candidates = within;
    for (const gram of grams) {
      const fewer = RoaringBitmap32.and(candidates, gram);
      if (candidates !== within) candidates.dispose();
      candidates = fewer;
      if (candidates.isEmpty) return candidates;
    }
    const needle = Buffer.from(term);
    const ids = candidates.toUint32Array();
    if (candidates !== within) candidates.dispose();
    let kept = 0;
    for (let i = 0; i < ids.length; i++)
      if (this.nameContains(ids[i]!, needle)) ids[kept++] = ids[i]!;
    return new RoaringBitmap32(ids.subarray(0, kept));
  }
}
