// The worker thread of a load from a SQLite file (engine-reads.ts, loadChunkReader): reads the leads' ids from `from`
// to `upTo`, chunk by chunk, on a read-only connection of its own, encodes each chunk (LeadChunkEncoder) and hands them over in
// order as they are asked for, reading ahead meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import { openReadConnection, type ReadWorkerData } from '../../../db/sqlite-read-connection';
import { LeadChunkEncoder, transferablesOf, type LeadArrayRow, type LeadChunk } from './lead-chunk';

/** What a load gives its worker: the ids from `from` (exclusive) up to `upTo`. */
export interface LoadWorkerData extends ReadWorkerData {
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
const statement = openReadConnection(data).prepare(data.sql).raw(true);
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

/** Reads one chunk, then gives messages a turn before the next, until enough are ready or the span is read. */
function readAhead(): void {
  reading = false;
  if (done || failure !== undefined || ready.length >= data.readAhead) return;
  try {
    const rows = statement.all(after, data.upTo, data.chunk) as LeadArrayRow[];
    const chunk = encoder.encode(rows);
    if (chunk.ids.length > 0) ready.push(chunk);
    if (rows.length < data.chunk) done = true;
    else after = chunk.ids[chunk.ids.length - 1]!;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  answer();
  keepReading();
}

function keepReading(): void {
  if (reading) return;
  reading = true;
  setImmediate(readAhead);
}

port.on('message', () => {
  asked += 1;
  answer();
  keepReading();
});
keepReading();
