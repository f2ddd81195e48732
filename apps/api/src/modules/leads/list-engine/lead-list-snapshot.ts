// The lead list engine's bitmaps on disk, so a restart is ready in seconds instead of reading every lead again
// (docs/lead-list-engine.md, "Snapshots"). A snapshot is a sequence of length-prefixed parts: a JSON header, then the
// columns' bitmaps and per-lead arrays as LeadBitmaps writes them. It is only a head start: the engine applies the
// changes logged after its revision and checks the result against the database before answering from it.
import { createHash, randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import roaring from 'roaring';
import { ensurePrivateFolderAsync, PRIVATE_FILE_MODE } from '../../../lib/private-files';

const { RoaringBitmap32 } = roaring;
type Bitmap = InstanceType<typeof RoaringBitmap32>;
type TypedArray = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/**
 * Collects the parts of a snapshot: bitmaps serialized at once, typed arrays as views of their memory (so the arrays
 * must not change until the parts are written).
 */
export class SnapshotWriter {
  readonly parts: Buffer[] = [];

  json(value: unknown): void {
    this.parts.push(Buffer.from(JSON.stringify(value)));
  }

  bitmap(bitmap: Bitmap): void {
    const bytes = bitmap.serialize('portable');
    this.parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  bitmaps(bitmaps: Iterable<Bitmap>): void {
    for (const bitmap of bitmaps) this.bitmap(bitmap);
  }

  array(array: TypedArray, length = array.length): void {
    const bytes = length * array.BYTES_PER_ELEMENT;
    this.parts.push(Buffer.from(array.buffer, array.byteOffset, bytes));
  }
}

/** Reads the parts back in the order they were written. */
export class SnapshotReader {
  private at = 0;

  constructor(private readonly data: Buffer) {}

  private next(): Buffer {
    if (this.at + 4 > this.data.length) throw new Error('lead list snapshot: truncated');
    const length = this.data.readUInt32LE(this.at);
    const start = this.at + 4;
    if (start + length > this.data.length) throw new Error('lead list snapshot: truncated');
    this.at = start + length;
    return this.data.subarray(start, start + length);
  }

  json<T>(): T {
    return JSON.parse(this.next().toString('utf8')) as T;
  }

  bitmap(): Bitmap {
    return RoaringBitmap32.deserialize(this.next(), 'portable');
  }

  bytes(): Buffer {
    return Buffer.from(this.next());
  }

  /** A typed array of its own (aligned) memory, at least `minLength` long. */
  array<T extends TypedArray>(make: (length: number) => T, minLength = 0): T {
    const part = this.next();
    const probe = make(0);
    const length = part.length / probe.BYTES_PER_ELEMENT;
    const array = make(Math.max(length, minLength));
    new Uint8Array(array.buffer, array.byteOffset, part.length).set(part);
    return array;
  }

  get done(): boolean {
    return this.at === this.data.length;
  }
}

/** Where the engine keeps the snapshot of one database: a name derived from the database, never its password. */
export function snapshotFileFor(dir: string, databaseIdentity: string): string {
  const name = createHash('sha256').update(databaseIdentity).digest('hex').slice(0, 16);
  return path.join(dir, `lead-list-${name}.snapshot`);
}

/** Writes the parts to a temporary file and renames it over the snapshot: readers see the old one or the new one. */
export async function writeSnapshot(file: string, parts: readonly Buffer[]): Promise<void> {
  await ensurePrivateFolderAsync(path.dirname(file));
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'w', PRIVATE_FILE_MODE);
  try {
    for (const part of parts) {
      const length = Buffer.alloc(4);
      length.writeUInt32LE(part.length);
      await handle.write(length);
      await handle.write(part);
    }
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
}

/** The snapshot's bytes, or undefined when there is none. */
export async function readSnapshot(file: string): Promise<SnapshotReader | undefined> {
  try {
    return new SnapshotReader(await readFile(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
