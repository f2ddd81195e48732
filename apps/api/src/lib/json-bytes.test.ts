import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonBytes, PieceBytes } from './json-bytes';

describe('JsonBytes', () => {
  it('writes numbers as JSON.stringify does, through every length of integer and beyond 32 bits', () => {
    const numbers = [
      0,
      1,
      9,
      10,
      99,
      100,
      2_147_483_647,
      2_147_483_648,
      -1,
      -0,
      0.5,
      1e21,
      1.5e-7,
      null,
    ];
    for (let digits = 1; digits <= 16; digits++) numbers.push(10 ** digits - 1, 10 ** digits);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.double({ noNaN: true, noDefaultInfinity: true }),
            fc.nat(),
            fc.constant(null),
          ),
        ),
        (drawn) => {
          const all = [...numbers, ...drawn];
          const out = new JsonBytes(1);
          out.ascii('[');
          all.forEach((value, i) => {
            if (i > 0) out.ascii(',');
            out.number(value);
          });
          out.ascii(']');
          expect(out.written().toString()).toBe(JSON.stringify(all));
        },
      ),
    );
  });

  it('writes any text as UTF-8 and bytes as given, growing past its first capacity; truncate forgets the end', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1 }), (texts) => {
        const out = new JsonBytes(1);
        const bytes = Buffer.from(JSON.stringify(texts[0]));
        const inside = Buffer.concat([Buffer.from('ab'), bytes, Buffer.from('cd')]);
        out.bytesOf(inside, 2, 2 + bytes.length);
        for (const text of texts.slice(1)) out.text(`,${JSON.stringify(text)}`);
        const kept = out.length;
        out.bytes(Buffer.from('tail'));
        out.truncate(kept);
        expect(out.written().toString()).toBe(texts.map((text) => JSON.stringify(text)).join(','));
        expect(out.slice(0, bytes.length)).toEqual(bytes);
      }),
    );
  });

  it('pads digits to the width asked', () => {
    const out = new JsonBytes(2);
    out.digits(7, 2);
    out.digits(5, 3);
    out.digits(123, 3);
    out.digits(0, 1);
    expect(out.written().toString()).toBe('070051230');
  });
});

describe('PieceBytes', () => {
  it('makes room for as many bytes a piece as any buffer has taken on average, never fewer', () => {
    const room = new PieceBytes(10);
    expect(room.capacityFor(3)).toBe(32);
    room.took(91, 3);
    expect(room.capacityFor(3)).toBe(3 * 31 + 2);
    // Smaller pages since, or none at all, leave the room as it was.
    room.took(30, 3);
    room.took(0, 0);
    expect(room.capacityFor(60)).toBe(60 * 31 + 2);
  });
});
