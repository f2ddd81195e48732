// A local S3-compatible server (s3rver, speaking S3's REST API) for tests of the bucket storage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { MediaConfig } from '../config';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// s3rver ships no types: its constructor is described above.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface TestS3 {
  media: Extract<MediaConfig, { kind: 's3' }>;
  /** The folder s3rver keeps objects in. */
  directory: string;
  close(): Promise<void>;
}

/** Starts a server with one empty bucket on a free port; s3rver accepts the credentials it is given. */
export async function startTestS3(bucket = 'photos'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'dealerleads-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    media: {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
