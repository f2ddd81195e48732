// The JSON body of a lead page, written as bytes once per page and then handed to every caller: contacts masked (or, on
// Admin's pages, shown), and for a dealer who unlocked some of the page's leads, those leads' phones patched in.
//
// Each lead's JSON is made once (leadJson) and kept as bytes: by the in-memory lead list index for every lead it holds,
// and for the rows of an SQL page. A page body is then a few copies per lead, where writing it field by field through the
// route's response schema cost more than finding the page. The bytes are exactly what that schema (leadSchema)
// serializes: lead-page-body.test.ts holds them to it.
import type { LeadRow } from '../../db/schema';
import { toLead } from './leads.repository';

/**
 * A lead's JSON with the contact masked, up to its last value (the unlocked flag and the closing brace), and where the
 * masked phone (a JSON string) lies in it.
 */
export interface LeadJson {
  bytes: Buffer;
  phoneStart: number;
  phoneEnd: number;
  /** The full phone as a JSON string. */
  phone: Buffer;
}

export function leadJson(row: LeadRow): LeadJson {
  const { id, fullName, phoneNumber, unlocked: _, ...rest } = toLead(row, false);
  const head = Buffer.from(`{"id":${id},"fullName":${JSON.stringify(fullName)},"phoneNumber":`);
  const masked = Buffer.from(JSON.stringify(phoneNumber));
  const tail = Buffer.from(`,${JSON.stringify(rest).slice(1, -1)},"unlocked":`);
  return {
    bytes: Buffer.concat([head, masked, tail]),
    phoneStart: head.length,
    phoneEnd: head.length + masked.length,
    phone: Buffer.from(JSON.stringify(row.phone_number)),
  };
}

const ascii = (text: string) => Buffer.from(text, 'latin1');
const TRUE_END = ascii('true}');
const FALSE_END = ascii('false}');
const [COMMA, OPEN, CLOSE] = [0x2c, 0x5b, 0x5d];

/** Per lead in LeadPageBody.marks: where its phone value starts and ends, where its unlocked flag starts, and where its
 * full phone starts and ends in `phones`. */
const MARKS = 5;

/** A growable byte buffer; short runs are copied byte by byte (cheaper than a native copy call). */
class ByteSink {
  bytes: Buffer;
  used = 0;

  constructor(size: number) {
    this.bytes = Buffer.allocUnsafe(size);
  }

  private grow(needed: number): void {
    const next = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + needed));
    this.bytes.copy(next, 0, 0, this.used);
    this.bytes = next;
  }

  byte(value: number): void {
    if (this.used === this.bytes.length) this.grow(1);
    this.bytes[this.used++] = value;
  }

  copy(source: Uint8Array, start = 0, end = source.length): void {
    const length = end - start;
    if (this.used + length > this.bytes.length) this.grow(length);
    const target = this.bytes;
    if (length > 32) {
      this.used += Buffer.prototype.copy.call(source, target, this.used, start, end);
      return;
    }
    let at = this.used;
    for (let i = start; i < end; i++) target[at++] = source[i]!;
    this.used = at;
  }

  /** The bytes written, as a buffer of their own. */
  take(): Buffer {
    return Buffer.from(this.bytes.subarray(0, this.used));
  }
}

/** One page body, as written once; `forCaller` gives each caller theirs. */
export class LeadPageBody {
  constructor(
    /** The page's lead ids, newest first. */
    readonly ids: readonly number[],
    /** Every contact shown and marked unlocked (Admin's pages). */
    private readonly shown: boolean,
    /** The JSON array with every contact masked (Admin's pages: shown). */
    readonly bytes: Buffer,
    private readonly marks: Int32Array,
    private readonly phones: Buffer,
  ) {}

  /** The body for a caller who has unlocked `unlocked` (ids; those of other pages are ignored). */
  forCaller(unlocked: ReadonlySet<number>): Buffer {
    if (this.shown || !this.ids.some((id) => unlocked.has(id))) return this.bytes;
    const out = new ByteSink(this.bytes.length + this.phones.length);
    const marks = this.marks;
    let from = 0;
    this.ids.forEach((id, i) => {
      if (!unlocked.has(id)) return;
      const m = i * MARKS;
      out.copy(this.bytes, from, marks[m]!);
      out.copy(this.phones, marks[m + 3]!, marks[m + 4]!);
      out.copy(this.bytes, marks[m + 1]!, marks[m + 2]!);
      out.copy(TRUE_END);
      from = marks[m + 2]! + FALSE_END.length;
    });
    out.copy(this.bytes, from);
    return out.take();
  }

  /** A page of rows read by SQL. */
  static ofRows(rows: readonly LeadRow[], shown: boolean): LeadPageBody {
    const writer = new LeadPageWriter(shown);
    for (const row of rows) {
      const { bytes, phoneStart, phoneEnd, phone } = leadJson(row);
      writer.lead(row.id, bytes, 0, bytes.length, phoneStart, phoneEnd, phone, 0, phone.length);
    }
    return writer.finish();
  }
}

/** One writer at a time borrows this sink (pages are written synchronously); a second one meanwhile gets its own. */
let spareSink: ByteSink | undefined = new ByteSink(1 << 16);
let sparePhones: ByteSink | undefined = new ByteSink(1 << 12);

/** Writes a page, lead by lead. */
export class LeadPageWriter {
  private readonly out: ByteSink;
  private readonly phones: ByteSink;
  private readonly ids: number[] = [];
  private readonly marks: number[] = [];

  /** `shown`: every contact shown and marked unlocked (Admin); otherwise masked, for callers to unlock. */
  constructor(private readonly shown: boolean) {
    this.out = spareSink ?? new ByteSink(1 << 16);
    this.phones = sparePhones ?? new ByteSink(1 << 12);
    spareSink = sparePhones = undefined;
    this.out.used = this.phones.used = 0;
    this.out.byte(OPEN);
  }

  /**
   * A lead: its JSON (see LeadJson) at json[start, end) with the masked phone at json[phoneStart, phoneEnd), and its
   * full phone as a JSON string at phone[phoneFrom, phoneTo).
   */
  lead(
    id: number,
    json: Uint8Array,
    start: number,
    end: number,
    phoneStart: number,
    phoneEnd: number,
    phone: Uint8Array,
    phoneFrom: number,
    phoneTo: number,
  ): void {
    const out = this.out;
    if (this.ids.length > 0) out.byte(COMMA);
    this.ids.push(id);
    if (this.shown) {
      out.copy(json, start, phoneStart);
      out.copy(phone, phoneFrom, phoneTo);
      out.copy(json, phoneEnd, end);
      out.copy(TRUE_END);
      return;
    }
    const at = out.used - start;
    out.copy(json, start, end);
    const phones = this.phones;
    this.marks.push(
      at + phoneStart,
      at + phoneEnd,
      out.used,
      phones.used,
      phones.used + phoneTo - phoneFrom,
    );
    phones.copy(phone, phoneFrom, phoneTo);
    out.copy(FALSE_END);
  }

  finish(): LeadPageBody {
    this.out.byte(CLOSE);
    const body = new LeadPageBody(
      this.ids,
      this.shown,
      this.out.take(),
      Int32Array.from(this.marks),
      this.phones.take(),
    );
    spareSink = this.out;
    sparePhones = this.phones;
    return body;
  }
}
