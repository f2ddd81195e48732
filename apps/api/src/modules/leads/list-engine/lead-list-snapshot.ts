// The lead list engine's bitmaps on disk, so a restart is ready in seconds instead of reading every lead again
// (docs/lead-list-engine.md, "Snapshots"). A snapshot is a sequence of length-prefixed parts: a JSON header, then the
// columns' bitmaps and per-lead arrays as LeadBitmaps writes them. It is only a head start: the engine applies the
// changes logged after its revision and checks the result against the database before answering from it.
//
// Both ways a snapshot is streamed: each part is serialized and written (or read and restored) before the next, so the
// process never holds the whole snapshot besides the columns themselves, only one part and a small gathering buffer.
import { createHash, randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import roaring from 'roaring';
import { ensurePrivateFolderAsync, PRIVATE_FILE_MODE } from '../../../lib/private-files';

const { RoaringBitmap32 } = roaring;
type Bitmap = InstanceType<typeof RoaringBitmap32>;
type TypedArray = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/** Parts up to this size are gathered into one write (and read in one read): a snapshot has tens of thousands. */
export const SNAPSHOT_GATHER_BYTES = 1 << 20;
const LENGTH_BYTES = 4;

/** Where a writer's bytes go, in order; the writer reuses `bytes` once the returned promise settles. */
export type SnapshotSink = (bytes: Uint8Array) => Promise<void>;

/**
 * Writes the parts of a snapshot to its sink as they come: small parts gathered into one buffer, a part larger than the
 * buffer on its own. Once a call's promise settles the part is written (or gathered as a copy), so the caller may
 * change or reuse what it passed; `flush` writes what is gathered.
 */
export class SnapshotWriter {
  private gathered: Buffer | undefined;
  private used = 0;

  constructor(
    private readonly sink: SnapshotSink,
    private readonly gatherBytes = SNAPSHOT_GATHER_BYTES,
  ) {}

  async json(value: unknown): Promise<void> {
    await this.part(Buffer.from(JSON.stringify(value)));
  }

  async bitmap(bitmap: Bitmap): Promise<void> {
    const size = bitmap.getSerializationSizeInBytes('portable');
    if (LENGTH_BYTES + size > this.gatherBytes) {
      await this.part(bitmap.serialize('portable'));
      return;
    }
    // Serialized straight into the gathering buffer: no buffer of its own per bitmap.
    const into = await this.room(LENGTH_BYTES + size);
    into.writeUInt32LE(size, this.used);
    bitmap.serialize(
      'portable',
      into.subarray(this.used + LENGTH_BYTES, this.used + LENGTH_BYTES + size),
    );
    this.used += LENGTH_BYTES + size;
  }

  async bitmaps(bitmaps: Iterable<Bitmap>): Promise<void> {
    for (const bitmap of bitmaps) await this.bitmap(bitmap);
  }

  /** The first `length` entries of `array`, as its bytes in memory. */
  async array(array: TypedArray, length = array.length): Promise<void> {
    const bytes = length * array.BYTES_PER_ELEMENT;
    await this.part(new Uint8Array(array.buffer, array.byteOffset, bytes));
  }

  /** Writes whatever is gathered. */
  async flush(): Promise<void> {
    if (this.gathered === undefined || this.used === 0) return;
    const bytes = this.gathered.subarray(0, this.used);
    this.used = 0;
    await this.sink(bytes);
  }

  private async part(bytes: Uint8Array): Promise<void> {
    const framed = LENGTH_BYTES + bytes.length;
    if (framed <= this.gatherBytes) {
      const into = await this.room(framed);
      into.writeUInt32LE(bytes.length, this.used);
      into.set(bytes, this.used + LENGTH_BYTES);
      this.used += framed;
      return;
    }
    await this.flush();
    const length = Buffer.alloc(LENGTH_BYTES);
    length.writeUInt32LE(bytes.length);
    await this.sink(length);
    await this.sink(bytes);
  }

  /** The gathering buffer with at least `bytes` free after `used` (what it held written first if need be). */
  private async room(bytes: number): Promise<Buffer> {
    if (this.used + bytes > this.gatherBytes) await this.flush();
    this.gathered ??= Buffer.allocUnsafe(this.gatherBytes);
    return this.gathered;
  }
}

/** Where a reader's bytes come from: `read` fills `into` from `position` and says how many bytes it read. */
export interface SnapshotSource {
  readonly size: number;
  read(into: Uint8Array, position: number): Promise<number>;
}

/** A snapshot held in memory as a source (tests). */
export function bytesSource(data: Uint8Array): SnapshotSource {
  return {
    size: data.length,
    read: (into, position) => {
      const bytes = data.subarray(position, position + into.length);
      into.set(bytes);
      return Promise.resolve(bytes.length);
    },
  };
}

/**
 * Reads the parts back in the order they were written, a buffer's worth of the source at a time (a part larger than
 * the buffer in a buffer of its own): nothing keeps a part once the next is read.
 */
export class SnapshotReader {
  private readonly buffer: Buffer;
  /** The unread bytes held: buffer[start, end), which came from the source up to `position`. */
  private start = 0;
  private end = 0;
  private position = 0;

  constructor(
    private readonly source: SnapshotSource,
    bufferBytes = SNAPSHOT_GATHER_BYTES,
  ) {
    this.buffer = Buffer.alloc(bufferBytes);
  }

  /** Where the next unread byte is in the source. */
  private get offset(): number {
    return this.position - (this.end - this.start);
  }

  /** The next `length` bytes: a view valid until the next take. */
  private async take(length: number): Promise<Buffer> {
    if (this.offset + length > this.source.size) throw new Error('lead list snapshot: truncated');
    if (this.end - this.start < length && length > this.buffer.length) {
      const own = Buffer.allocUnsafe(length);
      let filled = this.buffer.copy(own, 0, this.start, this.end);
      this.start = this.end = 0;
      while (filled < length) filled += await this.fill(own.subarray(filled));
      return own;
    }
    if (this.end - this.start < length) {
      this.buffer.copy(this.buffer, 0, this.start, this.end);
      this.end -= this.start;
      this.start = 0;
      while (this.end < length) this.end += await this.fill(this.buffer.subarray(this.end));
    }
    const view = this.buffer.subarray(this.start, this.start + length);
    this.start += length;
    return view;
  }

  /** Reads from the source at `position` into `into`, at least one byte. */
  private async fill(into: Uint8Array): Promise<number> {
    const read = await this.source.read(into, this.position);
    if (read <= 0) throw new Error('lead list snapshot: truncated');
    this.position += read;
    return read;
  }

  private async next(): Promise<Buffer> {
    const length = (await this.take(LENGTH_BYTES)).readUInt32LE(0);
    return this.take(length);
  }

  async json<T>(): Promise<T> {
    return JSON.parse((await this.next()).toString('utf8')) as T;
  }

  async bitmap(): Promise<Bitmap> {
    return RoaringBitmap32.deserialize(await this.next(), 'portable');
  }

  /** The next part as a Buffer of its own. */
  async bytes(): Promise<Buffer> {
    return Buffer.from(await this.next());
  }

  /** A typed array of its own (aligned) memory, at least `minLength` long. */
  async array<T extends TypedArray>(make: (length: number) => T, minLength = 0): Promise<T> {
    const part = await this.next();
    const probe = make(0);
    const length = part.length / probe.BYTES_PER_ELEMENT;
    const array = make(Math.max(length, minLength));
    new Uint8Array(array.buffer, array.byteOffset, part.length).set(part);
    return array;
  }

  get done(): boolean {
    return this.offset === this.source.size;
  }
}

/** Where the engine keeps the snapshot of one database: a name derived from the database, never its password. */
export function snapshotFileFor(dir: string, databaseIdentity: string): string {
  const name = createHash('sha256').update(databaseIdentity).digest('hex').slice(0, 16);
  return path.join(dir, `lead-list-${name}.snapshot`);
}

/** Writes all of `bytes` to the file at its current position (a write may take fewer bytes than asked). */
async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, at, bytes.length - at);
    at += bytesWritten;
  }
}

/**
 * Writes the parts `write` gives its writer to a temporary file as they come, then renames it over the snapshot:
 * readers see the old one or the new one, never a part-written file.
 */
export async function writeSnapshot(
  file: string,
  write: (out: SnapshotWriter) => Promise<void>,
): Promise<void> {
  await ensurePrivateFolderAsync(path.dirname(file));
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'w', PRIVATE_FILE_MODE);
  try {
    const out = new SnapshotWriter((bytes) => writeAll(handle, bytes));
    await write(out);
    await out.flush();
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
}

/**
 * Reads the snapshot through `read`, part by part from the open file (a snapshot renamed over it meanwhile is not
 * mixed in), or gives undefined when there is none.
 */
export async function readSnapshot<T>(
  file: string,
  read: (input: SnapshotReader) => Promise<T>,
): Promise<T | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const source: SnapshotSource = {
      size,
      read: async (into, position) => (await handle.read(into, 0, into.length, position)).bytesRead,
    };
    return await read(new SnapshotReader(source));
  } finally {
    await handle.close();
  }
}
