// A lead's row as a load reads it (an array of LEAD_COLUMNS' values), and chunks of rows as the LeadAppender takes
// them: each column's values side by side, repeated values as codes into the distinct ones, times parsed. A load
// encodes its chunks on a worker thread (lead-load-worker.ts) while the appender adds the ones before.
import { LIMITS } from '@dealerleads/shared';
import { maskPhone, LEAD_COLUMNS, type LeadListRow } from './lead-columns';
import { EQUALITY_FILTERS, RANGE_FILTERS, equalityKey } from './lead-filters';

/** Lead ids from this one on are not held (bitmaps hold 32-bit ids): the engine fails over to SQL. */
export const MAX_LEAD_ID = 2 ** 32 - 1;

/** Throws, before anything changes, for a lead id the engine cannot hold (past 32 bits): the engine fails over to SQL. */
export function checkHoldable(id: number): void {
  if (!(Number.isSafeInteger(id) && id > 0 && id < MAX_LEAD_ID))
    throw new RangeError(`lead list engine: lead id ${id} is out of range`);
}

/** A lead's row as an array of its LEAD_COLUMNS' values, in that order: a load reads rows so, without an object each. */
export type LeadArrayRow = readonly unknown[];

type LeadColumn = (typeof LEAD_COLUMNS)[number];

/** Reads one column's value from a LeadArrayRow. */
function field<C extends LeadColumn>(column: C): (row: LeadArrayRow) => LeadListRow[C] {
  const at = LEAD_COLUMNS.indexOf(column);
  return (row) => row[at] as LeadListRow[C];
}

/** A LeadArrayRow's lead id. */
const idOf = field('id');
const fullNameOf = field('full_name');
const statusOf = field('status');
const createdOnOf = field('created_on');
const phoneOf = field('phone_number');
const listingOf = field('listing_status');
const coverOf = field('cover_photo');
const lowOf = field('market_low');
const medianOf = field('market_median');
const highOf = field('market_high');
const verifiedOf = field('phone_verified');
const verifiedOnOf = field('verified_on');
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

/** Whether `text` is a time as Date's toISOString writes it, so that the time held writes it again. */
export function isoTimeAsWritten(text: string): boolean {
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === text;
}

/** A lead is on the list (status). */
export const ACTIVE = 1;
/** The lead's creation time is held as written (isoTimeAsWritten): a page writes it from the time held. */
export const CREATED_ON_AS_WRITTEN = 2;
/** The lead's verification time is not the one a page writes (verifiedOnAsShown): its row is read. */
export const VERIFIED_ON_OTHER = 4;

/**
 * The values a chunk gives as codes, each a few distinct values among a million leads: every equality filter's
 * (equalityKey), the listing status, and the masked phone number (maskPhone) last.
 */
const codedFields = [
  ...EQUALITY_FILTERS.map(([, column]) => {
    const valueOf = field(column);
    return (row: LeadArrayRow) => equalityKey(valueOf(row));
  }),
  listingOf,
];
/** The index of the masked phone numbers' codes in LeadChunk.codes, after codedFields'. */
const MASKED_PHONE = codedFields.length;

export type CodedValue = string | number | null;

/** Leads read in one step, ascending by id, column by column (LeadChunkEncoder). */
export interface LeadChunk {
  ids: Uint32Array;
  /** Each lead's ACTIVE, CREATED_ON_AS_WRITTEN and VERIFIED_ON_OTHER. */
  flags: Uint8Array;
  /**
   * Per coded value (codedFields, then MASKED_PHONE): each lead's code into its encoder's distinct values, and the
   * values this chunk adds to them, numbered on from the codes of the chunks before.
   */
  codes: Uint32Array[];
  added: CodedValue[][];
  /** Per range filter (RANGE_FILTERS): each lead's value, NaN for none (the creation time's: not a time). */
  ranges: Float64Array[];
  /** Each lead's market low, median and high, NaN for none. */
  market: Float64Array;
  fullNames: string[];
  covers: (string | null)[];
}

/** The chunk's arrays, handed to another thread without a copy. */
export function transferablesOf(chunk: LeadChunk): ArrayBuffer[] {
  return [chunk.ids, chunk.flags, chunk.market, ...chunk.codes, ...chunk.ranges].map(
    (array) => array.buffer as ArrayBuffer,
  );
}

const NONE = (value: number | null) => (value === null ? NaN : value);

/**
 * Turns rows into chunks. It remembers the distinct values it has coded, so a chunk carries only the values new to
 * the one who decodes them (LeadAppender), who takes every chunk of this encoder in order.
 */
export class LeadChunkEncoder {
  private readonly known = Array.from(
    { length: MASKED_PHONE + 1 },
    () => new Map<CodedValue, number>(),
  );
  /** Masked phone numbers' codes by the number's length and visible digits: all the mask keeps of it. */
  private readonly phoneCodes = new Map<number, number>();

  /** The rows' chunk; throws, encoding nothing, when a row's lead id cannot be held (checkHoldable). */
  encode(rows: readonly LeadArrayRow[]): LeadChunk {
    for (const row of rows) checkHoldable(idOf(row));
    const count = rows.length;
    const chunk: LeadChunk = {
      ids: new Uint32Array(count),
      flags: new Uint8Array(count),
      codes: this.known.map(() => new Uint32Array(count)),
      added: this.known.map(() => []),
      ranges: RANGE_FILTERS.map(() => new Float64Array(count)),
      market: new Float64Array(count * 3),
      fullNames: new Array<string>(count),
      covers: new Array<string | null>(count),
    };
    for (let at = 0; at < count; at++) {
      const row = rows[at]!;
      chunk.ids[at] = idOf(row);
      for (let f = 0; f < codedFields.length; f++)
        chunk.codes[f]![at] = this.codeOf(chunk, f, codedFields[f]!(row));
      chunk.codes[MASKED_PHONE]![at] = this.maskedPhoneCode(chunk, phoneOf(row));
      const createdOn = createdOnOf(row);
      let created = canonicalIsoTime(createdOn);
      let flags = isActive(statusOf(row)) ? ACTIVE : 0;
      if (!Number.isNaN(created)) flags |= CREATED_ON_AS_WRITTEN;
      else {
        if (isoTimeAsWritten(createdOn)) flags |= CREATED_ON_AS_WRITTEN;
        created = createdOnValue(createdOn) ?? NaN;
      }
      if (!verifiedOnAsShown(verifiedOf(row), verifiedOnOf(row), createdOn))
        flags |= VERIFIED_ON_OTHER;
      chunk.flags[at] = flags;
      for (let r = 0; r < rangeFields.length; r++) {
        const valueOf = rangeFields[r];
        chunk.ranges[r]![at] = valueOf === undefined ? created : NONE(valueOf(row));
      }
      chunk.market[at * 3] = NONE(lowOf(row));
      chunk.market[at * 3 + 1] = NONE(medianOf(row));
      chunk.market[at * 3 + 2] = NONE(highOf(row));
      chunk.fullNames[at] = fullNameOf(row);
      chunk.covers[at] = coverOf(row);
    }
    return chunk;
  }

  private codeOf(chunk: LeadChunk, field: number, value: CodedValue): number {
    const known = this.known[field]!;
    let code = known.get(value);
    if (code === undefined) {
      code = known.size;
      known.set(value, code);
      chunk.added[field]!.push(value);
    }
    return code;
  }

  /** The masked number's code, remembered by length and visible digits: a million numbers masked a thousand times. */
  private maskedPhoneCode(chunk: LeadChunk, phone: string): number {
    const visible = LIMITS.phoneMaskVisible;
    const key =
      phone.length <= visible ? -1 : digitsAt(phone, phone.length - visible, phone.length);
    if (key < 0) return this.codeOf(chunk, MASKED_PHONE, maskPhone(phone));
    const remembered = phone.length * 10 ** visible + key;
    let code = this.phoneCodes.get(remembered);
    if (code === undefined) {
      code = this.codeOf(chunk, MASKED_PHONE, maskPhone(phone));
      this.phoneCodes.set(remembered, code);
    }
    return code;
  }
}
