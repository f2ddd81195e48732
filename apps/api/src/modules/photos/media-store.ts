// Where photo files live: one interface, a folder (DATA_DIR/media) or an S3-compatible bucket (docs/photos.md).
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import type { MediaConfig } from '../../config';
import { loadOnUse } from '../../lib/load-on-use';

const s3Library = loadOnUse<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');

/** A file's name: only what photo files are called, so a name never walks out of the folder or bucket. */
export const MEDIA_NAME_PATTERN = /^[0-9a-f]{32}-[a-z]+\.webp$/;

export interface MediaStore {
  /** Stores the bytes under the name (replacing any file of that name: the name is the content's hash). */
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(name: string): Promise<Buffer | undefined>;
  has(name: string): Promise<boolean>;
  /** Removes the file; a missing file is no error. */
  delete(name: string): Promise<void>;
}

function checkName(name: string): void {
  if (!MEDIA_NAME_PATTERN.test(name)) throw new Error(`not a media file name: ${name}`);
}

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

/** Files in one folder, each written to a temporary name and renamed, so a reader never sees half a file. */
export class LocalMediaStore implements MediaStore {
  constructor(readonly dir: string) {}

  async put(name: string, body: Buffer): Promise<void> {
    checkName(name);
    await mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temporary, body);
    await rename(temporary, path.join(this.dir, name));
  }

  async get(name: string): Promise<Buffer | undefined> {
    checkName(name);
    try {
      return await readFile(path.join(this.dir, name));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async has(name: string): Promise<boolean> {
    checkName(name);
    try {
      return (await stat(path.join(this.dir, name))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    checkName(name);
    await rm(path.join(this.dir, name), { force: true });
  }
}

function isMissingObject(error: unknown): boolean {
  const { NoSuchKey, NotFound } = s3Library();
  return error instanceof NoSuchKey || error instanceof NotFound;
}

/** Objects in a bucket of any S3-compatible service, addressed path-style (MinIO, Ceph, R2 and AWS all take it). */
export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;

  constructor(private readonly config: Extract<MediaConfig, { kind: 's3' }>) {
    const { S3Client } = s3Library();
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Older S3-compatible servers refuse the SDK's default CRC32 trailers; MD5-free plain PUTs work everywhere.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(name: string, body: Buffer, contentType: string): Promise<void> {
    checkName(name);
    await this.client.send(
      new (s3Library().PutObjectCommand)({
        Bucket: this.config.bucket,
        Key: name,
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async get(name: string): Promise<Buffer | undefined> {
    checkName(name);
    try {
      const answer = await this.client.send(
        new (s3Library().GetObjectCommand)({ Bucket: this.config.bucket, Key: name }),
      );
      if (!answer.Body) return undefined;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  async has(name: string): Promise<boolean> {
    checkName(name);
    try {
      await this.client.send(
        new (s3Library().HeadObjectCommand)({ Bucket: this.config.bucket, Key: name }),
      );
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return false;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    checkName(name);
    await this.client.send(
      new (s3Library().DeleteObjectCommand)({ Bucket: this.config.bucket, Key: name }),
    );
  }

  close(): void {
    this.client.destroy();
  }
}

export function openMediaStore(config: MediaConfig): MediaStore {
  return config.kind === 'local' ? new LocalMediaStore(config.dir) : new S3MediaStore(config);
}
