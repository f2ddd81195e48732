// A lead page body written from bytes is exactly what the route's response schema serializes, for every caller: masked,
// Admin (shown), and a dealer with some of the page's leads unlocked; whatever the texts hold.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { LISTING_STATUSES, MODERATION_STATUSES, leadSchema } from '@dealerleads/shared';
import type { LeadRow } from '../../db/schema';
import { serializerCompiler } from '../../plugins/serializer';
import { LeadPageBody, LeadPageWriter, leadJson } from './lead-page-body';
import { toLead } from './leads.repository';

const serializeLeads = serializerCompiler({
  schema: z.array(leadSchema),
  method: 'GET',
  url: '/api/leads',
  httpStatus: '200',
}) as (data: unknown) => string;

/** Texts with what JSON must escape, multi-byte characters and emoji. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom('"', '\\', '\n', '\t', '\u0001', '\u2028', 'é', 'ज', '😀', '/'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 24,
});

const rowArbitrary: fc.Arbitrary<Omit<LeadRow, 'id'>> = fc.record({
  full_name: text,
  phone_number: fc.oneof(fc.stringMatching(/^[6-9]\d{9}$/), text),
  city: text,
  brand: text,
  model: text,
  varient: fc.option(text, { nil: null }),
  rto: fc.option(text, { nil: null }),
  year: fc.integer({ min: 1950, max: 2100 }),
  fuel_type: text,
  owner_name: text,
  transmission: text,
  seats: fc.integer({ min: 1, max: 20 }),
  price: fc.integer({ min: 0, max: 2_000_000_000 }),
  km_driven: fc.option(fc.integer({ min: 0, max: 2_000_000_000 }), { nil: null }),
  status: fc.constantFrom(0, 1),
  created_on: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  listing_status: fc.constantFrom(...LISTING_STATUSES),
  moderation_status: fc.constantFrom(...MODERATION_STATUSES),
  moderation_flags: fc.constant(null),
  moderation_note: fc.constant(null),
  closed_on: fc.constant(null),
  expires_on: fc.constant(null),
});

const pageArbitrary = fc
  .uniqueArray(fc.integer({ min: 1, max: 2_147_483_647 }), { maxLength: 12 })
  .chain((ids) =>
    fc.record({
      rows: fc.tuple(...ids.map((id) => rowArbitrary.map((row): LeadRow => ({ ...row, id })))),
      unlocked: fc.subarray(ids),
    }),
  );

describe('lead page body', () => {
  it("is byte for byte what the route's response schema writes, for every caller", () => {
    fc.assert(
      fc.property(pageArbitrary, ({ rows, unlocked }) => {
        const expected = (shown: (id: number) => boolean) =>
          serializeLeads(rows.map((row) => toLead(row, shown(row.id))));
        const masked = LeadPageBody.ofRows(rows, false);
        expect(masked.ids).toEqual(rows.map((r) => r.id));
        expect(masked.bytes.toString()).toBe(expected(() => false));
        expect(masked.forCaller(new Set()).toString()).toBe(expected(() => false));
        const mine = new Set(unlocked);
        expect(masked.forCaller(mine).toString()).toBe(expected((id) => mine.has(id)));
        expect(LeadPageBody.ofRows(rows, true).bytes.toString()).toBe(expected(() => true));
      }),
      { numRuns: 300 },
    );
  });

  it('takes each lead from anywhere in a larger buffer, as the index keeps them', () => {
    const rows = fc
      .sample(rowArbitrary, { numRuns: 5, seed: 7 })
      .map((r, i) => ({ ...r, id: i + 1 }));
    const jsons = rows.map(leadJson);
    const store = Buffer.concat(jsons.flatMap((j) => [Buffer.from('junk'), j.bytes, j.phone]));
    for (const shown of [false, true]) {
      const writer = new LeadPageWriter(shown);
      let at = 0;
      jsons.forEach((j, i) => {
        const start = at + 4;
        const end = start + j.bytes.length;
        writer.lead(
          rows[i]!.id,
          store,
          start,
          end,
          start + j.phoneStart,
          start + j.phoneEnd,
          store,
          end,
          end + j.phone.length,
        );
        at = end + j.phone.length;
      });
      const body = writer.finish();
      expect(body.bytes.equals(LeadPageBody.ofRows(rows, shown).bytes)).toBe(true);
      expect(body.forCaller(new Set([2, 4])).toString()).toBe(
        serializeLeads(rows.map((r) => toLead(r, shown || r.id === 2 || r.id === 4))),
      );
    }
  });

  it('writes an empty page as an empty array', () => {
    expect(LeadPageBody.ofRows([], false).bytes.toString()).toBe('[]');
    expect(new LeadPageWriter(true).finish().bytes.toString()).toBe('[]');
  });
});
