// The worker thread of a load (engine-reads.ts, loadChunkReader): reads the leads' ids from `from` to `upTo`, chunk
// by chunk, on a connection of its own (read-only on SQLite), encodes each chunk (LeadChunkEncoder) and hands them
// over in order as they are asked for, reading ahead meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerConnection } from '../../../db/database';
import { pgTypes, postgresDriver, postgresOptions } from '../../../db/postgres-driver';
import { openReadConnection } from '../../../db/sqlite-read-connection';
import { LeadChunkEncoder, transferablesOf, type LeadArrayRow, type LeadChunk } from './lead-chunk';

/** What a load gives its worker: the ids from `from` (exclusive) up to `upTo`. */
export interface LoadWorkerData {
  connection: WorkerConnection;
  /** loadChunkQuery, compiled: its parameters are the id after, the highest id and the chunk's size. */
  sql: string;
  from: number;
  upTo: number;
  /** Leads per chunk (LOAD_CHUNK), and chunks read ahead at most (LOAD_READ_AHEAD). */
  chunk: number;
  readAhead: number;
}

/** The next chunk; none when every one was given. */
export type ChunkReply = { chunk: LeadChunk | undefined } | { error: string };

const port = parentPort;
if (port === null) throw new Error('lead-load-worker runs as a worker thread');
const data = workerData as LoadWorkerData;

/** The rows after an id, as arrays of their values: better-sqlite3's raw rows, or pg's array rows. */
function rowReader({
  connection,
  sql,
}: LoadWorkerData): (after: number) => Promise<LeadArrayRow[]> {
  if (connection.engine === 'sqlite') {
    const statement = openReadConnection(connection).prepare(sql).raw(true);
    return async (after) => statement.all(after, data.upTo, data.chunk) as LeadArrayRow[];
  }
  const client = new (postgresDriver().Client)({
    connectionString: connection.url,
    types: pgTypes(),
    ...postgresOptions(connection.schema),
  });
  const connected = client.connect();
  // A connection the server ends is reported here; the read under way fails with it.
  client.on('error', () => undefined);
  return async (after) => {
    await connected;
    const result = await client.query({
      text: sql,
      values: [after, data.upTo, data.chunk],
      rowMode: 'array',
    });
    return result.rows as LeadArrayRow[];
  };
}

const readRows = rowReader(data);
const encoder = new LeadChunkEncoder();
const ready: LeadChunk[] = [];
let after = data.from;
let done = false;
let failure: string | undefined;
let asked = 0;
let reading = false;

/** Answers what was asked, as far as the chunks read go. */
function answer(): void {
  for (; asked > 0; asked--) {
    if (failure !== undefined) port!.postMessage({ error: failure } satisfies ChunkReply);
    else if (ready.length > 0) {
      const chunk = ready.shift()!;
      port!.postMessage({ chunk } satisfies ChunkReply, transferablesOf(chunk));
    } else if (done) port!.postMessage({ chunk: undefined } satisfies ChunkReply);
    else return;
  }
}

/** Reads chunk after chunk until enough are ready or the ids are read, giving messages a turn after each. */
async function readAhead(): Promise<void> {
  if (reading) return;
  reading = true;
  while (!done && failure === undefined && ready.length < data.readAhead) {
    try {
      const rows = await readRows(after);
      const chunk = encoder.encode(rows);
      if (chunk.ids.length > 0) ready.push(chunk);
      if (rows.length < data.chunk) done = true;
      else after = chunk.ids[chunk.ids.length - 1]!;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    answer();
    await new Promise((resolve) => setImmediate(resolve));
  }
  reading = false;
}

port.on('message', () => {
  asked += 1;
  answer();
  void readAhead();
});
void readAhead();
