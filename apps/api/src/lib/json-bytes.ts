/**
 * JSON written straight into bytes (UTF-8), for a response assembled from pieces whose JSON is already known: no string
 * per piece, no joined string to flatten and encode again as the response goes out. Grows as needed.
 */
export class JsonBytes {
  private buffer: Buffer;
  private used = 0;

  constructor(capacity = 4096) {
    this.buffer = Buffer.allocUnsafe(Math.max(64, capacity));
  }

  /** Bytes written so far. */
  get length(): number {
    return this.used;
  }

  /** Text known to be ASCII and to need no JSON escaping (keys, punctuation, digits, ISO times). */
  ascii(text: string): void {
    this.room(text.length);
    const buffer = this.buffer;
    let at = this.used;
    for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
    this.used = at;
  }

  /** Bytes as they are (UTF-8 of JSON text). */
  bytes(source: Uint8Array): void {
    this.room(source.length);
    // TypedArray#set copies a few dozen bytes twice as fast as a loop does.
    this.buffer.set(source, this.used);
    this.used += source.length;
  }

  /** The bytes of `source` from `start` to `end`, as they are. */
  bytesOf(source: Uint8Array, start: number, end: number): void {
    this.room(end - start);
    const buffer = this.buffer;
    let at = this.used;
    // A loop: a short run's subarray would cost more than its copy.
    for (let i = start; i < end; i++) buffer[at++] = source[i]!;
    this.used = at;
  }

  /** Any text, as UTF-8 (already JSON: escaping is the caller's). */
  text(text: string): void {
    this.room(text.length * 3);
    this.used += this.buffer.write(text, this.used, 'utf8');
  }

  /** A finite number or null, as JSON.stringify writes it. */
  number(value: number | null): void {
    if (value === null) return this.ascii('null');
    // Integers of 32 bits in integer arithmetic; anything else as JavaScript writes numbers (as JSON does).
    if (!Number.isInteger(value) || value < 0 || value > 0x7fffffff)
      return this.ascii(String(value));
    let width = 1;
    for (let rest = value; rest >= 10; rest = (rest / 10) | 0) width++;
    this.digits(value, width);
  }

  /** A whole number from 0 to 2³¹ − 1 in decimal, zero-padded to `width` digits (it must fit). */
  digits(value: number, width: number): void {
    this.room(width);
    const buffer = this.buffer;
    let rest = value | 0;
    for (let at = this.used + width - 1; at >= this.used; at--) {
      buffer[at] = 48 + (rest % 10);
      rest = (rest / 10) | 0;
    }
    this.used += width;
  }

  /** Forgets what was written after the first `length` bytes. */
  truncate(length: number): void {
    this.used = Math.min(this.used, length);
  }

  /** Everything written, as one Buffer (a view of this writer's memory: write nothing more after taking it). */
  written(): Buffer {
    return this.buffer.subarray(0, this.used);
  }

  /** The bytes from `start` to `end` (a view, as `written`). */
  slice(start: number, end: number): Buffer {
    return this.buffer.subarray(start, end);
  }

  private room(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.used + bytes));
    this.buffer.copy(bigger, 0, 0, this.used);
    this.buffer = bigger;
  }
}

/**
 * Room for JSON made of like pieces (a page's leads): the most bytes a piece has taken on average in any buffer so far,
 * so a buffer is sized once rather than grown and copied as the pieces' JSON gains fields.
 */
export class PieceBytes {
  constructor(private perPiece: number) {}

  /** Capacity for `pieces` pieces and the brackets around them. */
  capacityFor(pieces: number): number {
    return this.perPiece * pieces + 2;
  }

  /** A buffer of `pieces` pieces took `bytes`. */
  took(bytes: number, pieces: number): void {
    if (pieces > 0) this.perPiece = Math.max(this.perPiece, Math.ceil(bytes / pieces));
  }
}
