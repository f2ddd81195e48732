import { openDatabase } from './db/database';
import { canonicalLeadFilter } from './modules/leads/lead-filters';
import { currentLeadsVersion, LeadListEngine } from './modules/leads/lead-list-engine';
import { leadFilterSchema } from '@dealerleads/shared';

const handle = openDatabase({ engine: 'sqlite', file: process.argv[2]! });
const rss0 = process.memoryUsage().rss;
const engine = new LeadListEngine(handle.db, (e) => console.error(e));
const t0 = performance.now();
// measure event-loop gaps while loading
let maxGap = 0;
let last = performance.now();
const timer = setInterval(() => { const now = performance.now(); maxGap = Math.max(maxGap, now - last - 5); last = now; }, 5);
await engine.syncTo(await currentLeadsVersion(handle.db));
clearInterval(timer);
console.log('load s', ((performance.now() - t0) / 1000).toFixed(1), 'max loop gap ms', maxGap.toFixed(0));
global.gc?.();
console.log('engine MB', (engine.memoryBytes / 1e6).toFixed(0), 'rss delta MB', ((process.memoryUsage().rss - rss0) / 1e6).toFixed(0), 'heap MB', (process.memoryUsage().heapUsed/1e6).toFixed(0));
const queries: Record<string, string>[] = [
  { city: 'Noida' }, { city: 'Noida', fuel: 'diesel', price: '312345-678901' },
  { brand: 'hyundai', model: 'Creta', year: '2019', KmDriven: '10000-54321' },
  { price: '123456-' }, { seats: '7', transmission: 'automatic', ownerName: 'first', rto: 'HR' },
  { searchterm: 'am' }, { searchterm: 'a4' }, { searchterm: 'kumar', city: 'Noida' }, { searchterm: 'amit sha' },
  { searchterm: 'gurgaon', fuel: 'petrol' }, { searchterm: 'an', price: '100000-500000', year: '2018' },
  {}, { pageNumber: '1000' },
];
for (const raw of queries) {
  const q = leadFilterSchema.parse(raw);
  const f = canonicalLeadFilter(q, false);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 30; i++) { const t = performance.now(); total = engine.page(f, (q.pageNumber - 1) * q.pageSize, q.pageSize).total; times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify(raw).padEnd(80), 'total', String(total).padStart(7), 'median ms', times[15]!.toFixed(2), 'max', times[29]!.toFixed(2));
}
await handle.close();
