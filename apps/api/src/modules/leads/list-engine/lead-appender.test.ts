// What a load reads from each lead's creation time, digit by digit, is what Date.parse and isoTimeAsWritten give.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalIsoTime } from './lead-appender';
import { isoTimeAsWritten } from './page-writer';

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
