// Adds leads above every id held to a store's columns in bulk (a load, an import's catch-up): each lead's values go
// into the per-lead tables as it is read, and the bitmaps take a page of ids at a time, one call per bitmap.
import { LIMITS, shownOwnerName } from '@dealerleads/shared';
import { BULK, bulkArray, checkHoldable } from './bitmaps';
import { maskPhone, LEAD_COLUMNS, type LeadListRow } from './lead-columns';
import { EQUALITY_FILTERS, RANGE_FILTERS, equalityKey } from './lead-filters';
import type { LeadStore } from './lead-store';
import { PAGE_SIZE, entryPageOf } from './paged-array';
import { isoTimeAsWritten } from './page-writer';

/** A lead's row as an array of its LEAD_COLUMNS' values, in that order: a load reads rows so, without an object each. */
export type LeadArrayRow = readonly unknown[];

type LeadColumn = (typeof LEAD_COLUMNS)[number];

/** Reads one column's value from a LeadArrayRow. */
function field<C extends LeadColumn>(column: C): (row: LeadArrayRow) => LeadListRow[C] {
  const at = LEAD_COLUMNS.indexOf(column);
  return (row) => row[at] as LeadListRow[C];
}

/** A LeadArrayRow's lead id. */
export const idOf = field('id');
const fullNameOf = field('full_name');
const statusOf = field('status');
const createdOnOf = field('created_on');
const phoneOf = field('phone_number');
const listingOf = field('listing_status');
const coverOf = field('cover_photo');
const priceOf = field('price');
const lowOf = field('market_low');
const medianOf = field('market_median');
const highOf = field('market_high');
const verifiedOf = field('phone_verified');
const verifiedOnOf = field('verified_on');
const equalityFields = EQUALITY_FILTERS.map(([, column]) => field(column));
/** Each range filter's stored value but the creation time's, which is parsed (createdOnValue). */
const rangeFields = RANGE_FILTERS.map(([key, column]) =>
  key === 'createdOn' ? undefined : (field(column) as (row: LeadArrayRow) => number | null),
);

/** The row as a LeadArrayRow. */
export function arrayRowOf(row: LeadListRow): LeadArrayRow {
  return LEAD_COLUMNS.map((column) => row[column]);
}

export const isActive = (status: LeadListRow['status']) => status === true || status === 1;

/** A lead's creation time as the createdOn range holds it: epoch milliseconds, null when the text is not a time. */
export function createdOnValue(text: string): number | null {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Whether the lead's verified_on is what writeShown writes for it: its created_on when verified (a number is proven
 * as the lead is submitted), null when not. Any other lead's row is read for its JSON.
 */
export function verifiedOnAsShown(
  verified: LeadListRow['phone_verified'],
  verifiedOn: string | null,
  createdOn: string,
): boolean {
  return equalityKey(verified) === 1 ? verifiedOn === createdOn : verifiedOn === null;
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (month 1–12), for any year. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written at `from` to `to` (exclusive) of `text` in decimal digits, or -1 if any is not a digit. */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let at = from; at < to; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The time `text` is, in epoch milliseconds, when it is written exactly as toISOString writes it
 * (`2026-11-28T09:05:00.000Z`, a valid date and time), else NaN: then `Date.parse(text) === canonicalIsoTime(text)`
 * and isoTimeAsWritten(text) holds, read digit by digit rather than parsed, formatted and compared, a load's costliest
 * value.
 */
export function canonicalIsoTime(text: string): number {
  if (text.length !== 24 || text.charCodeAt(23) !== 90 /* Z */) return NaN;
  for (const [at, code] of [
    [4, 45],
    [7, 45],
    [10, 84],
    [13, 58],
    [16, 58],
    [19, 46],
  ] as const)
    if (text.charCodeAt(at) !== code) return NaN;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  const hour = digitsAt(text, 11, 13);
  const minute = digitsAt(text, 14, 16);
  const second = digitsAt(text, 17, 19);
  const ms = digitsAt(text, 20, 23);
  if (year < 0 || ms < 0 || !(month >= 1 && month <= 12) || hour < 0 || hour > 23) return NaN;
  if (minute < 0 || minute > 59 || second < 0 || second > 59) return NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day < 1 || day > DAYS_IN_MONTH[month - 1]! + (month === 2 && leap ? 1 : 0)) return NaN;
  return (
    daysFromCivil(year, month, day) * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000 + ms
  );
}

const ACTIVE = 1;
const CREATED_ON_AS_WRITTEN = 2;
const VERIFIED_ON_OTHER = 4;
const BELOW_MARKET = 8;

/**
 * Appends leads whose ids are above every id held, ascending, to a store. `add` writes each lead's values into the
 * per-lead tables and notes it; the bitmaps take the noted leads at `flush`, done by `add` as a page of ids fills (a
 * roaring container holds one page's ids, so each bitmap takes them ascending in one call; each distinct name's codes
 * are found once a page). Both yield between steps of the flush: a load gives requests a turn there.
 */
export class LeadAppender {
  private readonly ids: Uint32Array;
  private readonly flags: Uint8Array;
  private count = 0;
  private page = -1;
  /** The codes of each full name noted since the last flush: its name as filtered, and as shown (`Rahul S.`). */
  private readonly nameCodes = new Map<string, { name: number; shown: number }>();
  /** Masked phone numbers' codes by the number's length and visible digits (maskedPhoneCode). */
  private readonly phoneCodes = new Map<number, number>();

  /** @param capacity the leads noted at most between flushes (up to a page of ids) */
  constructor(
    private readonly store: LeadStore,
    capacity = PAGE_SIZE,
  ) {
    const size = Math.max(1, Math.min(PAGE_SIZE, capacity));
    this.ids = new Uint32Array(size);
    this.flags = new Uint8Array(size);
  }

  /** Adds the leads (every one holdable, or none is added: checkHoldable), flushing as a page of ids fills. */
  *add(rows: readonly LeadArrayRow[]): Generator<void> {
    for (const row of rows) checkHoldable(idOf(row));
    const { store } = this;
    const equality = [...store.equality.values()];
    const ranges = [...store.ranges.values()];
    for (const row of rows) {
      const id = idOf(row);
      if (entryPageOf(id) !== this.page || this.count === this.ids.length) {
        yield* this.flush();
        this.page = entryPageOf(id);
      }
      const at = this.count++;
      this.ids[at] = id;
      let flags = isActive(statusOf(row)) ? ACTIVE : 0;
      for (let i = 0; i < equality.length; i++) {
        const column = equality[i]!;
        column.appendCode(id, column.codeFor(equalityKey(equalityFields[i]!(row))));
      }
      const createdOn = createdOnOf(row);
      let created = canonicalIsoTime(createdOn);
      if (!Number.isNaN(created)) flags |= CREATED_ON_AS_WRITTEN;
      else {
        if (isoTimeAsWritten(createdOn)) flags |= CREATED_ON_AS_WRITTEN;
        created = createdOnValue(createdOn) ?? NaN;
      }
      for (let i = 0; i < ranges.length; i++) {
        const valueOf = rangeFields[i];
        ranges[i]!.appendValue(id, valueOf === undefined ? created : valueOf(row));
      }
      const fullName = fullNameOf(row);
      let codes = this.nameCodes.get(fullName);
      if (codes === undefined) {
        codes = {
          name: store.names.codeOfName(fullName),
          shown: store.shownNames.codeFor(shownOwnerName(fullName)),
        };
        this.nameCodes.set(fullName, codes);
      }
      store.names.appendCode(id, codes.name);
      store.shownNames.appendCode(id, codes.shown);
      store.maskedPhones.appendCode(id, this.maskedPhoneCode(phoneOf(row)));
      store.listingStatuses.appendCode(id, store.listingStatuses.codeFor(listingOf(row)));
      const cover = coverOf(row);
      if (cover !== null) store.covers.set(id, cover);
      if (store.storeMarket(id, lowOf(row), medianOf(row), highOf(row), priceOf(row)))
        flags |= BELOW_MARKET;
      if (!verifiedOnAsShown(verifiedOf(row), verifiedOnOf(row), createdOn))
        flags |= VERIFIED_ON_OTHER;
      this.flags[at] = flags;
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

  /**
   * The code of the number masked (maskPhone): remembered by its length and visible digits, which are all the mask
   * keeps, so a million distinct numbers are masked a thousand times rather than a million.
   */
  private maskedPhoneCode(phone: string): number {
    const column = this.store.maskedPhones;
    const visible = LIMITS.phoneMaskVisible;
    if (phone.length <= visible) return column.codeFor(maskPhone(phone));
    const key = digitsAt(phone, phone.length - visible, phone.length);
    if (key < 0) return column.codeFor(maskPhone(phone));
    const remembered = phone.length * 10 ** visible + key;
    let code = this.phoneCodes.get(remembered);
    if (code === undefined) {
      code = column.codeFor(maskPhone(phone));
      this.phoneCodes.set(remembered, code);
    }
    return code;
  }
}
