// What the lead list engine's memory is made of once it has read every lead of the benchmark database, in a process
// that holds nothing else: private RSS (RssAnon) before and after, V8's heap, ArrayBuffers (the per-lead tables), and
// the roaring bitmaps' native memory (CRoaring's own count), and the highest RssAnon and external memory seen while it
// loads (sampled at a short interval). Figures only.
//
//   node --expose-gc --import tsx bench/engine-memory.ts [--leads 1000000] [--snapshot]
//
// With --snapshot the load writes its snapshot as the API's does (DATA_DIR/lead-list), to a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/database';
import { LeadListEngine } from '../apps/api/src/modules/leads/list-engine';
import { bitmapBytes } from '../apps/api/src/modules/leads/list-engine/bitmaps';
import { existingBenchDatabase, numberArgument } from './database';
import { rssMegabytes } from './storm';

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const leads = numberArgument('leads', 1_000_000);
const { bench, config } = existingBenchDatabase(leads);
const database = openDatabase(config);
const snapshotDir = process.argv.includes('--snapshot')
  ? mkdtempSync(path.join(tmpdir(), 'dealerleads-memory-bench-'))
  : undefined;
const line = (label: string) => {
  const usage = process.memoryUsage();
  console.log(
    `  ${label.padEnd(34)} RssAnon ${rssMegabytes(process.pid)} MB · V8 heap ${mb(usage.heapUsed)} used of ${mb(usage.heapTotal)} MB · ` +
      `ArrayBuffers ${mb(usage.arrayBuffers)} MB (external ${mb(usage.external)} MB) · roaring native ${mb(bitmapBytes())} MB`,
  );
};
console.log(`${bench.label}: the lead list engine's memory, alone in a process`);
line('before the load');
const engine = new LeadListEngine(
  database.db,
  (error) => console.error('engine error:', error),
  snapshotDir ? { snapshotFile: path.join(snapshotDir, 'lead-list.snapshot') } : {},
);
const peak = { rssAnon: 0, external: 0 };
const sample = () => {
  peak.rssAnon = Math.max(peak.rssAnon, rssMegabytes(process.pid) ?? 0);
  peak.external = Math.max(peak.external, mb(process.memoryUsage().external));
};
const sampling = setInterval(sample, 20);
const started = performance.now();
engine.start();
while (engine.state !== 'ready') {
  if (engine.state === 'failed') throw new Error('the engine failed');
  await new Promise((resolve) => setTimeout(resolve, 20));
}
// Ready answers from the start of the snapshot's write; the load's work ends when it is written.
while (engine.sync.kind !== 'current') await new Promise((resolve) => setTimeout(resolve, 20));
clearInterval(sampling);
sample();
console.log(
  `  loaded ${engine.size.toLocaleString('en-US')} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
console.log(
  `  highest while loading (every 20 ms) RssAnon ${peak.rssAnon} MB · external ${peak.external} MB`,
);
line(snapshotDir ? 'after the load and its snapshot' : 'after the load');
global.gc?.();
line('after a full GC (--expose-gc)');
// ArrayBuffers' memory is freed by a task after the GC that found them unreachable: look again a moment later.
await new Promise((resolve) => setTimeout(resolve, 3000));
global.gc?.();
line('3 s and another full GC later');
console.log(
  `  the engine's own account: ${mb(engine.memoryBytes)} MB, of which roaring native ${mb(bitmapBytes())} MB and per-lead tables, covers and windows ${mb(engine.memoryBytes - bitmapBytes())} MB`,
);
await engine.close();
await database.close();
if (snapshotDir) rmSync(snapshotDir, { recursive: true, force: true });
