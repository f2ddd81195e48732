// The lead list in memory: every lead as the list shows it, answering a filtered newest-first page and its capped count
// without SQL, where SQL walks thousands of index entries and reads 60 rows per page. The database stays the source of
// truth; this is a read model of it. Text filters (name, searchterm) stay in SQL (FTS5 / pg_trgm).
//
// - Each lead is one 64-byte record (status, ten dictionary-coded equality columns, price, kilometres, id and where its
//   JSON starts), so checking a lead against a filter mix touches one cache line.
// - Each equality value, and each combination of values of GROUPS, has posting lists: the positions (id order) of its
//   active leads and of its inactive ones; some also carry price and kilometres (see PositionList). A query walks the
//   shortest list among its filters newest first and checks only what that list does not answer. A list that answers
//   every filter (one value, a pair, or none) needs no walk: the page is a slice and the count its length. A list
//   filtered by catalogue price and kilometre bands only is counted by its band grid (BandGrid), not walked.
// - Each lead's JSON, as the list sends it, is kept as bytes in one buffer (no per-lead JavaScript objects for the
//   garbage collector to trace): a page's body is a few copies per lead (lead-page-body.ts).
// - The index follows the database through the lead_changes log (migration 0007): before a page is answered, the
//   changes committed since the last look (by any process or tool) are applied.
//
// Memory: per lead ~64 bytes of record, ~70 bytes of posting lists and ~350 bytes of JSON (~500 MB at a million leads;
// the JSON buffer holds up to 4 GiB, about 12 million leads).
import { constants } from 'node:buffer';
import { KM_BANDS, PRICE_BANDS, parseBand, type Band } from '@dealerleads/shared/catalogues';
import type { Queryable } from '../../db/database';
import { fromDbBool } from '../../db/database';
import type { LeadRow } from '../../db/schema';
import type { CanonicalLeadFilter } from './lead-filters';
import { LeadPageWriter, leadJson, type LeadJson, type LeadPageBody } from './lead-page-body';
import { LeadPageCache } from './lead-page-cache';

/** Equality-filtered columns (dictionary-coded, with posting lists) and the filter key each one answers. */
const CODED_COLUMNS = [
  ['city', 'city'],
  ['brand', 'brand'],
  ['model', 'model'],
  ['varient', 'varient'],
  ['fuel_type', 'fuelType'],
  ['owner_name', 'ownerName'],
  ['transmission', 'transmission'],
  ['rto', 'rto'],
  ['year', 'year'],
  ['seats', 'seats'],
] as const satisfies readonly (readonly [keyof LeadRow, keyof CanonicalLeadFilter])[];

/** In a group, the lead's price band: the cell of PRICE_EDGES its price falls in (a catalogue price band is one cell). */
const PRICE_CELL = -1;

/**
 * Combinations of coded columns (their positions in CODED_COLUMNS) and the price band with posting lists of their own,
 * for the most common mixes: city + fuel ("diesel cars in Gurugram"), model + year, city + price band ("cars under 5
 * lakh in Noida") and city + fuel + price band. A mix with all of a group's filters walks the group's list, a fraction
 * of any one's.
 */
const GROUPS: readonly (readonly number[])[] = [
  [0, 4],
  [2, 8],
  [0, PRICE_CELL],
  [0, 4, PRICE_CELL],
];

/** Columns whose posting lists carry price and kilometres, besides groups and the list of every lead: city is the most
 * common driver of a walk with price or kilometre bands. */
const INLINE_COLUMNS = new Set<keyof LeadRow>(['city']);

// Record layout, in int32 slots. The creation time (only read by date filters) is a column of its own.
const STRIDE = 16;
const STATUS = 0;
const FIRST_CODE = 1;
const PRICE = 11;
const KM = 12;
const ID = 13;
/** Where the lead's JSON starts in the JsonStore (unsigned). */
const TEXT = 14;
/** The JsonStore is one buffer, its offsets 32-bit. */
const MAX_JSON_BYTES = Math.min(2 ** 32 - 1, constants.MAX_LENGTH);

const INACTIVE = 0;
const ACTIVE = 1;
/** A lead deleted from the database: in no posting list, never matched. */
const REMOVED = 2;
/** km_driven NULL: below every band's lower bound (bands start at 0), so it never matches a kilometre filter. */
const NO_KM = -1;
/** Rows read per query while loading or catching up. */
const LOAD_CHUNK = 20_000;
const ID_CHUNK = 500;
/** More changed leads than this since the last catch-up: reloading everything is cheaper. */
const RELOAD_THRESHOLD = 200_000;

/** The lower bounds of the catalogue's bands, ascending: the edges of the cells of a BandGrid. */
const edgesOf = (bands: readonly { value: string }[]) => bands.map((b) => parseBand(b.value)!.min);
const PRICE_EDGES = edgesOf(PRICE_BANDS);
const KM_EDGES = edgesOf(KM_BANDS);
const KM_CELLS = KM_EDGES.length + 1;

/** The cell of a value: how many edges are at or below it (0: below every band, as a NULL kilometre reading is). */
function cellOf(edges: readonly number[], value: number): number {
  let cell = 0;
  while (cell < edges.length && edges[cell]! <= value) cell++;
  return cell;
}

/** The cells [from, to) a band filter covers, when its bounds fall on edges (as the catalogue's bands do); every cell
 * when there is no filter; undefined for a band across cells. */
function cellsOf(edges: readonly number[], band: Band | undefined): [number, number] | undefined {
  if (band === undefined) return [0, edges.length + 1];
  const from = edges.indexOf(band.min);
  const to = band.max === undefined ? edges.length : edges.indexOf(band.max + 1);
  return from < 0 || to < 0 ? undefined : [from + 1, to + 1];
}

/**
 * How many leads of a list fall in each price × kilometre cell: the count of a list filtered by catalogue bands, without
 * walking it (a walk then only finds the page).
 */
class BandGrid {
  private readonly counts = new Int32Array((PRICE_EDGES.length + 1) * KM_CELLS);
  add(price: number, km: number, by: 1 | -1): void {
    this.counts[cellOf(PRICE_EDGES, price) * KM_CELLS + cellOf(KM_EDGES, km)]! += by;
  }
  count([priceFrom, priceTo]: [number, number], [kmFrom, kmTo]: [number, number]): number {
    let n = 0;
    for (let p = priceFrom; p < priceTo; p++) {
      for (let k = kmFrom; k < kmTo; k++) n += this.counts[p * KM_CELLS + k]!;
    }
    return n;
  }
}

/**
 * A growable, ascending list of positions. With `inline`, each entry also carries the lead's price and kilometres
 * ([position, price, km] side by side), so a walk checking price and kilometre bands reads the list in order instead of
 * jumping to each lead's record.
 */
class PositionList {
  readonly stride: 1 | 3;
  data: Int32Array;
  size = 0;
  constructor(inline: boolean) {
    this.stride = inline ? 3 : 1;
    this.data = new Int32Array(8 * this.stride);
  }
  positionAt(i: number): number {
    return this.data[i * this.stride]!;
  }
  private ensure(entries: number): void {
    if (entries * this.stride <= this.data.length) return;
    const next = new Int32Array(Math.max(entries * this.stride, this.data.length * 2));
    next.set(this.data.subarray(0, this.size * this.stride));
    this.data = next;
  }
  /** Counts per band cell, once asked for (lists with price and kilometres only); kept up to date from then on. */
  private grid: BandGrid | undefined;
  private put(at: number, position: number, price: number, km: number): void {
    const i = at * this.stride;
    this.data[i] = position;
    if (this.stride === 3) {
      this.data[i + 1] = price;
      this.data[i + 2] = km;
    }
  }
  /** How many leads of this list (inline only) fall in these band cells (see cellsOf). */
  bandCount(price: [number, number], km: [number, number]): number {
    if (this.grid === undefined) {
      this.grid = new BandGrid();
      for (let at = 0; at < this.size * 3; at += 3) {
        this.grid.add(this.data[at + 1]!, this.data[at + 2]!, 1);
      }
    }
    return this.grid.count(price, km);
  }
  /** Where `position` is or would go. */
  private lowerBound(position: number): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.positionAt(mid) < position) low = mid + 1;
      else high = mid;
    }
    return low;
  }
  /** Adds a position (at the end when it is the highest, as for new leads). */
  add(position: number, price: number, km: number): void {
    const at =
      this.size === 0 || this.positionAt(this.size - 1) < position
        ? this.size
        : this.lowerBound(position);
    if (at < this.size && this.positionAt(at) === position) return;
    this.ensure(this.size + 1);
    this.data.copyWithin((at + 1) * this.stride, at * this.stride, this.size * this.stride);
    this.put(at, position, price, km);
    this.size++;
    this.grid?.add(price, km, 1);
  }
  remove(position: number): void {
    const at = this.lowerBound(position);
    if (at >= this.size || this.positionAt(at) !== position) return;
    this.grid?.add(this.data[at * 3 + 1]!, this.data[at * 3 + 2]!, -1);
    this.data.copyWithin(at * this.stride, (at + 1) * this.stride, this.size * this.stride);
    this.size--;
  }
}

/** The leads holding one value (or, for the list of every lead, all of them), by status. */
class Postings {
  readonly active: PositionList;
  readonly inactive: PositionList;
  constructor(inline = false) {
    this.active = new PositionList(inline);
    this.inactive = new PositionList(inline);
  }
  of(status: number): PositionList {
    return status === ACTIVE ? this.active : this.inactive;
  }
  size(includeInactive: boolean): number {
    return this.active.size + (includeInactive ? this.inactive.size : 0);
  }
}

/** Posting lists per combination of a group's codes (see GROUPS), keyed by the codes joined with ':'. */
class GroupColumn {
  readonly codeOf = new Map<string, Postings>();
  postings(key: string): Postings {
    let postings = this.codeOf.get(key);
    if (postings === undefined) {
      postings = new Postings(true);
      this.codeOf.set(key, postings);
    }
    return postings;
  }
}

/** A dictionary-coded column: code 0 is NULL. */
class CodedColumn {
  readonly codeOf = new Map<string | number, number>();
  readonly postings: Postings[];
  /** `inline`: its posting lists carry price and kilometres (see PositionList). */
  constructor(readonly inline: boolean) {
    this.postings = [new Postings(inline)];
  }
  code(value: string | number | null): number {
    if (value === null) return 0;
    let code = this.codeOf.get(value);
    if (code === undefined) {
      code = this.postings.length;
      this.codeOf.set(value, code);
      this.postings.push(new Postings(this.inline));
    }
    return code;
  }
}

/**
 * Every lead's JSON (see LeadJson) in one growing buffer, each as a 16-byte header (its length, where its masked phone
 * starts and ends in it, the length of its full phone) then the JSON and the full phone. A changed lead's JSON is
 * appended again (the old bytes stay unused: leads change rarely).
 */
class JsonStore {
  private bytes = Buffer.allocUnsafe(1 << 20);
  private used = 0;

  /** Appends a lead's JSON; returns where it starts. */
  add({ bytes, phoneStart, phoneEnd, phone }: LeadJson): number {
    const start = this.used;
    const size = 16 + bytes.length + phone.length;
    if (this.used + size > this.bytes.length) {
      if (this.used + size > MAX_JSON_BYTES) {
        throw new RangeError(
          'lead list index: the leads JSON outgrew 4 GiB (about 12 million leads)',
        );
      }
      const next = Buffer.allocUnsafe(
        Math.min(MAX_JSON_BYTES, Math.max(this.bytes.length * 2, this.used + size)),
      );
      this.bytes.copy(next, 0, 0, this.used);
      this.bytes = next;
    }
    const b = this.bytes;
    b.writeUInt32LE(bytes.length, start);
    b.writeUInt32LE(phoneStart, start + 4);
    b.writeUInt32LE(phoneEnd, start + 8);
    b.writeUInt32LE(phone.length, start + 12);
    bytes.copy(b, start + 16);
    phone.copy(b, start + 16 + bytes.length);
    this.used += size;
    return start;
  }

  /** Writes the lead whose JSON starts at `at` into a page. */
  writeTo(writer: LeadPageWriter, id: number, at: number): void {
    const b = this.bytes;
    const json = at + 16;
    const end = json + b.readUInt32LE(at);
    writer.lead(
      id,
      b,
      json,
      end,
      json + b.readUInt32LE(at + 4),
      json + b.readUInt32LE(at + 8),
      b,
      end,
      end + b.readUInt32LE(at + 12),
    );
  }
}

export interface IndexedPage {
  /** The page's leads, newest first, as the response body. */
  body: LeadPageBody;
  /** Matching leads, counted up to `countUpTo` (exact below it). */
  matched: number;
}

interface Walked {
  positions: number[];
  matched: number;
}

/** The filters the index can answer: everything but text (name and searchterm need the text indexes of SQL). */
export function isIndexable(filter: CanonicalLeadFilter): boolean {
  return filter.name === undefined && filter.searchterm === undefined;
}

/** Walks two ascending position lists as one, newest (highest) first. */
function* newestFirst(a: PositionList, b: PositionList): Generator<number> {
  let i = a.size - 1;
  let j = b.size - 1;
  while (i >= 0 || j >= 0) {
    if (j < 0 || (i >= 0 && a.positionAt(i) > b.positionAt(j))) yield a.positionAt(i--);
    else yield b.positionAt(j--);
  }
}

export class LeadListIndex {
  private records = new Int32Array(STRIDE);
  private createdAt = new Float64Array(1);
  private json = new JsonStore();
  private count = 0;
  private everyLead = new Postings(true);
  private columns: CodedColumn[] = [];
  private groups: GroupColumn[] = [];
  /** The last lead_changes revision applied. */
  private revision = 0;
  /** The leads_version this index is known to reflect (every change up to it is applied). */
  private version = -1;
  private catchingUp: Promise<void> | undefined;
  private hasLoaded = false;

  /** `reloadThreshold`: more changed leads than this since the last catch-up are read by a full reload. */
  constructor(private readonly reloadThreshold = RELOAD_THRESHOLD) {
    this.reset();
  }

  private reset(): void {
    this.records = new Int32Array(STRIDE * 1024);
    this.createdAt = new Float64Array(1024);
    this.json = new JsonStore();
    this.count = 0;
    this.everyLead = new Postings(true);
    this.columns = CODED_COLUMNS.map(([column]) => new CodedColumn(INLINE_COLUMNS.has(column)));
    this.groups = GROUPS.map(() => new GroupColumn());
  }

  /** Leads held, removed ones included. */
  get size(): number {
    return this.count;
  }

  /** Whether every lead has been read once: until then the list is answered by SQL. */
  get loaded(): boolean {
    return this.hasLoaded;
  }

  /**
   * Starts reading every lead in the background (seconds at a million leads) unless that is done or under way: the
   * server answers meanwhile, from SQL. A failure is reported and the next call tries again.
   */
  startLoading(db: Queryable, onError: (error: unknown) => void): void {
    if (this.hasLoaded || this.catchingUp) return;
    void LeadPageCache.currentVersion(db)
      .then((version) => this.syncTo(db, version))
      .catch(onError);
  }

  /** Brings the index up to `version` of leads_version (read by the caller just before): a no-op when it is there. */
  async syncTo(db: Queryable, version: number): Promise<void> {
    // One catch-up at a time; one that started from an older version is followed by another.
    while (this.version < version) {
      this.catchingUp ??= this.catchUp(db, version).finally(() => {
        this.catchingUp = undefined;
      });
      await this.catchingUp;
    }
  }

  private async catchUp(db: Queryable, version: number): Promise<void> {
    if (!this.hasLoaded) {
      await this.loadAll(db);
      this.version = version;
      return;
    }
    for (;;) {
      const changes = await db
        .selectFrom('lead_changes')
        .select(['revision', 'lead_id'])
        .where('revision', '>', this.revision)
        .orderBy('revision')
        .limit(this.reloadThreshold + 1)
        .execute();
      if (changes.length === 0) break;
      if (changes.length > this.reloadThreshold) {
        await this.loadAll(db);
        break;
      }
      const changed = [...new Set(changes.map((c) => c.lead_id))];
      const found = new Set<number>();
      for (let i = 0; i < changed.length; i += ID_CHUNK) {
        const rows = await db
          .selectFrom('leads')
          .selectAll()
          .where('id', 'in', changed.slice(i, i + ID_CHUNK))
          .execute();
        for (const row of rows) {
          found.add(row.id);
          this.upsert(row);
        }
      }
      for (const id of changed) if (!found.has(id)) this.remove(id);
      this.revision = Number(changes[changes.length - 1]!.revision);
    }
    this.version = version;
  }

  /**
   * Reads every lead, id by id in chunks, into a fresh index, then takes its data at once: pages answered meanwhile
   * (a reload of a loaded index) still see the whole previous index. Changes made during the read are applied again
   * by the next catch-up.
   */
  private async loadAll(db: Queryable): Promise<void> {
    const last = await db
      .selectFrom('lead_changes')
      .select((eb) => eb.fn.max('revision').as('revision'))
      .executeTakeFirst();
    const fresh = new LeadListIndex();
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('leads')
        .selectAll()
        .where('id', '>', after)
        .orderBy('id')
        .limit(LOAD_CHUNK)
        .execute();
      for (const row of rows) fresh.link(fresh.append(row));
      if (rows.length < LOAD_CHUNK) break;
      after = rows[rows.length - 1]!.id;
    }
    this.records = fresh.records;
    this.createdAt = fresh.createdAt;
    this.json = fresh.json;
    this.count = fresh.count;
    this.everyLead = fresh.everyLead;
    this.columns = fresh.columns;
    this.groups = fresh.groups;
    this.revision = Number(last?.revision ?? 0);
    this.hasLoaded = true;
  }

  private idAt(position: number): number {
    return this.records[position * STRIDE + ID]!;
  }

  /** Writes a lead's record at `position` (not its posting lists). */
  private write(position: number, row: LeadRow): void {
    const base = position * STRIDE;
    const r = this.records;
    r[base + STATUS] = fromDbBool(row.status) ? ACTIVE : INACTIVE;
    CODED_COLUMNS.forEach(([column], k) => {
      r[base + FIRST_CODE + k] = this.columns[k]!.code(row[column]);
    });
    r[base + PRICE] = row.price;
    r[base + KM] = row.km_driven ?? NO_KM;
    r[base + ID] = row.id;
    r[base + TEXT] = this.json.add(leadJson(row));
    this.createdAt[position] = Date.parse(row.created_on);
  }

  private append(row: LeadRow): number {
    if (this.count === this.createdAt.length) {
      const records = new Int32Array(this.records.length * 2);
      records.set(this.records);
      this.records = records;
      const createdAt = new Float64Array(this.createdAt.length * 2);
      createdAt.set(this.createdAt);
      this.createdAt = createdAt;
    }
    const position = this.count++;
    this.write(position, row);
    return position;
  }

  /** Adds or takes a position to or from the posting lists its record says it belongs to. */
  private link(position: number, unlink = false): void {
    const base = position * STRIDE;
    const status = this.records[base + STATUS]!;
    if (status === REMOVED) return;
    const lists = [this.everyLead.of(status)];
    for (let k = 0; k < this.columns.length; k++) {
      lists.push(this.columns[k]!.postings[this.records[base + FIRST_CODE + k]!]!.of(status));
    }
    const price = this.records[base + PRICE]!;
    const km = this.records[base + KM]!;
    const priceCell = cellOf(PRICE_EDGES, price);
    GROUPS.forEach((parts, k) => {
      const key = parts
        .map((part) => (part === PRICE_CELL ? priceCell : this.records[base + FIRST_CODE + part]!))
        .join(':');
      lists.push(this.groups[k]!.postings(key).of(status));
    });
    for (const list of lists) {
      if (unlink) list.remove(position);
      else list.add(position, price, km);
    }
  }

  /** The position of a lead id, or -1 (positions are in id order). */
  private positionOf(id: number): number {
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = this.idAt(mid);
      if (at === id) return mid;
      if (at < id) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  private upsert(row: LeadRow): void {
    const position = this.positionOf(row.id);
    if (position >= 0) {
      this.link(position, true);
      this.write(position, row);
      this.link(position);
    } else if (this.count === 0 || row.id > this.idAt(this.count - 1)) {
      this.link(this.append(row));
    } else {
      this.insertInOrder(row);
    }
  }

  /**
   * A lead whose id is below the newest one held (an id taken before a later one committed, or written explicitly):
   * rare, so the records after it move up and every posting list is rebuilt.
   */
  private insertInOrder(row: LeadRow): void {
    let at = 0;
    while (at < this.count && this.idAt(at) < row.id) at++;
    const end = this.append(row);
    this.records.copyWithin((at + 1) * STRIDE, at * STRIDE, end * STRIDE);
    this.createdAt.copyWithin(at + 1, at, end);
    this.write(at, row);
    this.everyLead = new Postings(true);
    for (const column of this.columns) {
      column.postings.splice(
        0,
        column.postings.length,
        ...column.postings.map(() => new Postings(column.inline)),
      );
    }
    this.groups = GROUPS.map(() => new GroupColumn());
    for (let p = 0; p < this.count; p++) this.link(p);
  }

  private remove(id: number): void {
    const position = this.positionOf(id);
    if (position < 0) return;
    this.link(position, true);
    this.records[position * STRIDE + STATUS] = REMOVED;
  }

  /**
   * One newest-first page of the leads matching `filter` (which must be indexable) and how many match, counted up to
   * `countUpTo`. `admin`: inactive leads are listed too and every contact is shown.
   */
  page(
    filter: CanonicalLeadFilter,
    offset: number,
    limit: number,
    admin: boolean,
    countUpTo: number,
  ): IndexedPage {
    const { positions, matched } = this.find(filter, offset, limit, admin, countUpTo);
    const writer = new LeadPageWriter(admin);
    for (const position of positions) {
      const base = position * STRIDE;
      // Offsets past 2 GiB are stored as negative int32s: read them back unsigned.
      this.json.writeTo(writer, this.records[base + ID]!, this.records[base + TEXT]! >>> 0);
    }
    return { body: writer.finish(), matched };
  }

  private find(
    filter: CanonicalLeadFilter,
    offset: number,
    limit: number,
    includeInactive: boolean,
    countUpTo: number,
  ): Walked {
    const codes: number[] = [];
    const slots: number[] = [];
    const codeOfColumn: (number | undefined)[] = [];
    let driver = this.everyLead;
    /** The record slots of the equality filters the driving list answers by itself. */
    let driverSlots: number[] = [];
    const consider = (postings: Postings, covers: number[]) => {
      if (
        driverSlots.length === 0 ||
        postings.size(includeInactive) < driver.size(includeInactive)
      ) {
        driver = postings;
        driverSlots = covers;
      }
    };
    for (let k = 0; k < CODED_COLUMNS.length; k++) {
      const wanted = filter[CODED_COLUMNS[k]![1]];
      if (wanted === undefined || typeof wanted === 'object') continue;
      const code = this.columns[k]!.codeOf.get(wanted);
      if (code === undefined) return { positions: [], matched: 0 };
      consider(this.columns[k]!.postings[code]!, [FIRST_CODE + k]);
      codeOfColumn[k] = code;
      codes.push(code);
      slots.push(FIRST_CODE + k);
    }
    // A price filter of one catalogue band is one cell of the groups with the price band.
    const priceCells = cellsOf(PRICE_EDGES, filter.price);
    const priceCell =
      filter.price !== undefined && priceCells && priceCells[1] - priceCells[0] === 1
        ? priceCells[0]
        : undefined;
    for (let k = 0; k < GROUPS.length; k++) {
      const parts = GROUPS[k]!;
      const partCodes = parts.map((part) => (part === PRICE_CELL ? priceCell : codeOfColumn[part]));
      if (partCodes.includes(undefined)) continue;
      const postings = this.groups[k]!.codeOf.get(partCodes.join(':'));
      if (postings === undefined) return { positions: [], matched: 0 };
      consider(
        postings,
        parts.filter((part) => part !== PRICE_CELL).map((part) => FIRST_CODE + part),
      );
    }
    const ranged =
      filter.price !== undefined ||
      filter.kmDriven !== undefined ||
      filter.createdFrom !== undefined ||
      filter.createdBefore !== undefined;

    // Every lead of the driving list matches: the page is a slice and the count its length.
    if (driverSlots.length === codes.length && !ranged) {
      const total = driver.size(includeInactive);
      const positions: number[] = [];
      if (!includeInactive) {
        const list = driver.active;
        for (let i = list.size - 1 - offset; i >= 0 && positions.length < limit; i--)
          positions.push(list.positionAt(i));
      } else {
        let skipped = 0;
        for (const p of newestFirst(driver.active, driver.inactive)) {
          if (skipped++ < offset) continue;
          if (positions.length === limit) break;
          positions.push(p);
        }
      }
      return { positions, matched: Math.min(total, countUpTo) };
    }

    // The driving list's own columns need no check.
    const rest = slots
      .map((slot, k) => [slot, codes[k]!])
      .filter(([slot]) => !driverSlots.includes(slot!));
    // Only catalogue bands left to check, on a list that carries price and kilometres: its band grid counts.
    const dated = filter.createdFrom !== undefined || filter.createdBefore !== undefined;
    const kmCells = cellsOf(KM_EDGES, filter.kmDriven);
    const counted =
      rest.length === 0 && !dated && driver.active.stride === 3 && priceCells && kmCells
        ? driver.active.bandCount(priceCells, kmCells) +
          (includeInactive ? driver.inactive.bandCount(priceCells, kmCells) : 0)
        : undefined;
    const stopAt = counted === undefined ? Math.max(countUpTo, offset + limit) : offset + limit;
    const { positions, matched } = this.walk(driver, includeInactive, offset, limit, stopAt, {
      codes: rest.map(([, code]) => code!),
      slots: rest.map(([slot]) => slot!),
      priceMin: filter.price?.min ?? -Infinity,
      priceMax: filter.price?.max ?? Infinity,
      kmMin: filter.kmDriven?.min ?? -Infinity,
      kmMax: filter.kmDriven?.max ?? Infinity,
      createdMin: filter.createdFrom === undefined ? -Infinity : Date.parse(filter.createdFrom),
      createdBefore:
        filter.createdBefore === undefined ? Infinity : Date.parse(filter.createdBefore),
    });
    return { positions, matched: Math.min(counted ?? matched, countUpTo) };
  }

  private walk(
    driver: Postings,
    includeInactive: boolean,
    offset: number,
    limit: number,
    stopAt: number,
    check: {
      codes: number[];
      slots: number[];
      priceMin: number;
      priceMax: number;
      kmMin: number;
      kmMax: number;
      createdMin: number;
      createdBefore: number;
    },
  ): Walked {
    const r = this.records;
    const created = this.createdAt;
    const { codes, slots, priceMin, priceMax, kmMin, kmMax, createdMin, createdBefore } = check;
    const checks = codes.length;
    const dated = createdMin !== -Infinity || createdBefore !== Infinity;
    const positions: number[] = [];
    let matched = 0;
    /** What the record alone can tell: the other equality filters and the creation dates. */
    const recordMatches = (p: number): boolean => {
      const base = p * STRIDE;
      for (let k = 0; k < checks; k++) if (r[base + slots[k]!] !== codes[k]) return false;
      if (!dated) return true;
      const at = created[p]!;
      return at >= createdMin && at < createdBefore;
    };
    const inBands = (price: number, km: number) =>
      price >= priceMin && price <= priceMax && km >= kmMin && km <= kmMax;
    /** Counts a match and keeps it when it falls on the page; true once the walk may stop. */
    const take = (p: number): boolean => {
      if (++matched > offset && positions.length < limit) positions.push(p);
      return matched >= stopAt;
    };
    const fromRecord = (p: number) =>
      inBands(r[p * STRIDE + PRICE]!, r[p * STRIDE + KM]!) && recordMatches(p);
    const list = driver.active;
    if (includeInactive) {
      for (const p of newestFirst(driver.active, driver.inactive)) {
        if (fromRecord(p) && take(p)) break;
      }
    } else if (list.stride === 3) {
      // Price and kilometres from the list itself: the record is read only for what else the filter asks.
      const data = list.data;
      const needRecord = checks > 0 || dated;
      for (let at = (list.size - 1) * 3; at >= 0; at -= 3) {
        if (!inBands(data[at + 1]!, data[at + 2]!)) continue;
        const p = data[at]!;
        if ((!needRecord || recordMatches(p)) && take(p)) break;
      }
    } else {
      for (let i = list.size - 1; i >= 0; i--) {
        const p = list.positionAt(i);
        if (fromRecord(p) && take(p)) break;
      }
    }
    return { positions, matched };
  }
}
