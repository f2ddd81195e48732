import { openDatabase } from './db/database';
import { LEAD_LIST_COLUMNS, LeadBitmaps } from './modules/leads/lead-bitmaps';
const handle = openDatabase({ engine: 'sqlite', file: process.argv[2]! });
let read = 0, build = 0;
const c0 = process.cpuUsage();
const t0 = performance.now();
const b = new LeadBitmaps();
let after = 0;
for (;;) {
  let t = process.cpuUsage();
  const rows = await handle.db.selectFrom('leads').select(LEAD_LIST_COLUMNS).where('id', '>', after).orderBy('id').limit(5000).execute();
  let u = process.cpuUsage(t); read += u.user + u.system;
  t = process.cpuUsage();
  b.appendAll(rows);
  u = process.cpuUsage(t); build += u.user + u.system;
  if (rows.length < 5000) break;
  after = rows[rows.length - 1]!.id;
  if (after > 100000) break;
}
const all = process.cpuUsage(c0);
console.log('300k rows: wall s', ((performance.now()-t0)/1000).toFixed(1), 'cpu s', ((all.user+all.system)/1e6).toFixed(1), 'read cpu s', (read/1e6).toFixed(1), 'build cpu s', (build/1e6).toFixed(1));
await handle.close();
