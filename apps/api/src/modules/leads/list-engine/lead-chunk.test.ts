// What a load reads from each lead's creation time, digit by digit, is what Date.parse and isoTimeAsWritten give; the
// chunks a load hands to the appender carry each distinct value once, and every lead's values as read.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACTIVE,
  CREATED_ON_AS_WRITTEN,
  LeadChunkEncoder,
  VERIFIED_ON_OTHER,
  arrayRowOf,
  canonicalIsoTime,
  isoTimeAsWritten,
  type CodedValue,
  type LeadChunk,
} from './lead-chunk';
import { EQUALITY_FILTERS, RANGE_FILTERS } from './lead-filters';
import { maskPhone, type LeadListRow } from './lead-columns';
import { makeLead } from '../../../test/fixtures';

/**
 * canonicalIsoTime's promise: a time only when the text is as toISOString writes it (then Date.parse's), and for every
 * such text of 24 characters (years 0000–9999); NaN sends the load to Date.parse and isoTimeAsWritten.
 */
function expectAsParsed(text: string): void {
  const ms = canonicalIsoTime(text);
  if (!Number.isNaN(ms)) {
    expect(isoTimeAsWritten(text), text).toBe(true);
    expect(ms, text).toBe(Date.parse(text));
  } else if (text.length === 24) expect(isoTimeAsWritten(text), text).toBe(false);
}

/** A time of years 0000–9999 as toISOString writes it. */
const isoTime = fc
  .integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 })
  .map((ms) => new Date(ms).toISOString());

describe('canonicalIsoTime', () => {
  it('reads every time toISOString writes as Date.parse does', () => {
    fc.assert(
      fc.property(isoTime, (text) => {
        expect(canonicalIsoTime(text)).toBe(Date.parse(text));
      }),
      { numRuns: 20_000, seed: 20261128 },
    );
    for (const text of [
      '0000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '2024-02-29T12:00:00.000Z',
      '2000-02-29T00:00:00.000Z',
      '1970-01-01T00:00:00.000Z',
    ])
      expect(canonicalIsoTime(text), text).toBe(Date.parse(text));
  });

  it('refuses any other text, leaving it to Date.parse and isoTimeAsWritten', () => {
    // Times with one character changed to another digit or sign, and dates that do not exist.
    const changed = fc
      .tuple(isoTime, fc.nat(23), fc.constantFrom(...'0123456789-:.TZ +'))
      .map(([text, at, character]) => text.slice(0, at) + character + text.slice(at + 1));
    fc.assert(fc.property(changed, expectAsParsed), { numRuns: 20_000, seed: 20261129 });
    for (const text of [
      '2026-02-29T00:00:00.000Z',
      '1900-02-29T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-00-10T00:00:00.000Z',
      '2026-01-00T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-01-01T23:60:00.000Z',
      '2026-01-01T23:59:60.000Z',
      '2026-01-01T00:00:00.000+00:00',
      '2026-01-01 00:00:00.000Z',
      '2026-01-01T00:00:00Z',
      '+010000-01-01T00:00:00.000Z',
      '2026-11-28',
      '',
    ])
      expectAsParsed(text);
  });
});

/** A lead's row as a load reads it: makeLead's values, with what the database fills in. */
function leadRow(id: number, changes: Partial<LeadListRow> = {}): LeadListRow {
  return {
    ...(makeLead() as Omit<LeadListRow, 'id'>),
    id,
    full_name: `Owner ${id}`,
    city: 'Pune',
    phone_number: '9810000123',
    created_on: '2026-11-28T09:05:00.000Z',
    unlock_count: 0,
    listing_status: 'open',
    has_photos: 0,
    cover_photo: null,
    market_low: null,
    market_median: null,
    market_high: null,
    ...changes,
  };
}

describe('LeadChunkEncoder', () => {
  const cityCodes = EQUALITY_FILTERS.findIndex(([, column]) => column === 'city');
  const maskedPhones = EQUALITY_FILTERS.length + 1;
  const range = (chunk: LeadChunk, key: (typeof RANGE_FILTERS)[number][0]) => [
    ...chunk.ranges[RANGE_FILTERS.findIndex(([k]) => k === key)]!,
  ];
  /** Every coded value of every lead, decoded as the appender decodes them: through the values added so far. */
  function decoder() {
    const values: CodedValue[][] = [];
    return (chunk: LeadChunk) => {
      chunk.added.forEach((added, field) => (values[field] ??= []).push(...added));
      return chunk.codes.map((codes, field) => [...codes].map((code) => values[field]![code]));
    };
  }

  it('gives each distinct value once across the chunks, and every lead its own values', () => {
    const encoder = new LeadChunkEncoder();
    const decode = decoder();
    const first = encoder.encode(
      [
        leadRow(1),
        leadRow(2, { city: 'Delhi', phone_number: '9990000123', km_driven: null }),
        leadRow(3, {
          status: 0,
          phone_number: '981',
          market_low: 1,
          market_median: 2,
          market_high: 3,
        }),
      ].map(arrayRowOf),
    );
    const second = encoder.encode(
      [leadRow(7, { city: 'Delhi', cover_photo: 'abc' }), leadRow(9, { city: 'Noida' })].map(
        arrayRowOf,
      ),
    );
    expect([...first.ids]).toEqual([1, 2, 3]);
    expect(first.added[cityCodes]).toEqual(['Pune', 'Delhi']);
    expect(second.added[cityCodes]).toEqual(['Noida']);
    // A number is masked once per length and visible digits, however many numbers share them.
    expect(first.added[maskedPhones]).toEqual([maskPhone('9810000123'), maskPhone('981')]);
    expect(second.added[maskedPhones]).toEqual([]);
    const [firstCodes, secondCodes] = [decode(first), decode(second)];
    expect(firstCodes[cityCodes]).toEqual(['Pune', 'Delhi', 'Pune']);
    expect(secondCodes[cityCodes]).toEqual(['Delhi', 'Noida']);
    expect(firstCodes[maskedPhones]).toEqual(['XXXXXXX123', 'XXXXXXX123', 'XXX']);
    expect(range(first, 'kmDriven')).toEqual([42_000, NaN, 42_000]);
    expect(range(first, 'createdOn')).toEqual(
      Array(3).fill(Date.parse('2026-11-28T09:05:00.000Z')),
    );
    expect([...first.market]).toEqual([NaN, NaN, NaN, NaN, NaN, NaN, 1, 2, 3]);
    expect([...first.flags]).toEqual([
      ACTIVE | CREATED_ON_AS_WRITTEN,
      ACTIVE | CREATED_ON_AS_WRITTEN,
      CREATED_ON_AS_WRITTEN,
    ]);
    expect(second.fullNames).toEqual(['Owner 7', 'Owner 9']);
    expect(second.covers).toEqual(['abc', null]);
  });

  it('parses a creation time in another format, and flags what a page cannot write from the values held', () => {
    const chunk = new LeadChunkEncoder().encode(
      [
        leadRow(1, { created_on: '2026-11-28 09:05:00' }),
        leadRow(2, { created_on: 'not a time' }),
        leadRow(3, { phone_verified: 1, verified_on: '2026-11-28T09:05:00.000Z' }),
        leadRow(4, { phone_verified: 1, verified_on: '2026-11-29T00:00:00.000Z' }),
      ].map(arrayRowOf),
    );
    expect(range(chunk, 'createdOn')).toEqual([
      Date.parse('2026-11-28 09:05:00'),
      NaN,
      Date.parse('2026-11-28T09:05:00.000Z'),
      Date.parse('2026-11-28T09:05:00.000Z'),
    ]);
    expect([...chunk.flags]).toEqual([
      ACTIVE,
      ACTIVE,
      ACTIVE | CREATED_ON_AS_WRITTEN,
      ACTIVE | CREATED_ON_AS_WRITTEN | VERIFIED_ON_OTHER,
    ]);
  });

  it('refuses rows with a lead id it cannot hold, encoding none of them', () => {
    const encoder = new LeadChunkEncoder();
    expect(() => encoder.encode([leadRow(5), leadRow(2 ** 32)].map(arrayRowOf))).toThrow(
      RangeError,
    );
    // Nothing of the refused rows was remembered: their values come again with the next chunk.
    expect(encoder.encode([leadRow(6)].map(arrayRowOf)).added[cityCodes]).toEqual(['Pune']);
  });
});
