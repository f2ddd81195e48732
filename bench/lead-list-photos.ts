// The lead list with photos on a phone: Lighthouse (mobile) on /dealers/leads of the demo marketplace, whose
// cards show cover thumbnails, against the photo budgets of issue 41 (LCP ≤ 1.5 s, CLS ≤ 0.05).
// Starts the production build on a free port with a fresh DATA_DIR, so the demo (with its photos) is seeded.
//
//   npm run build && node --import tsx bench/lead-list-photos.ts [--runs 3]
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { numberArgument } from './database';
import { freePort, installExitHandlers, startService, stopChild, waitForHttp } from './processes';
import { CHROMIUM, runLighthouse } from './web';

const LCP_BUDGET_MS = 1500;
const CLS_BUDGET = 0.05;
const runs = numberArgument('runs', 3);
const server = path.resolve('apps/api/dist/server.js');

if (!existsSync(server))
  throw new Error('Run `npm run build` first: apps/api/dist/server.js is missing.');
if (!existsSync(CHROMIUM)) throw new Error(`Lighthouse needs Chromium at ${CHROMIUM}.`);
installExitHandlers();

const dataDir = mkdtempSync(path.join(tmpdir(), 'dealerleads-photos-bench-'));
const port = await freePort();
// The embedded SQLite database of a fresh DATA_DIR, whatever the caller's shell points at.
const { DATABASE_URL: _ignored, ...environment } = process.env;
const api = startService(
  'api',
  process.execPath,
  [server],
  {
    ...environment,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64'),
  },
  `http://127.0.0.1:${port}`,
  path.join(dataDir, 'api.log'),
);
try {
  await waitForHttp(api, '/api/health', 120_000);
  const firstPage = (await (await fetch(`${api.url}/api/leads`)).json()) as { photos: unknown[] }[];
  const withPhotos = firstPage.filter((lead) => lead.photos.length > 0).length;
  console.log(`first page: ${firstPage.length} leads, ${withPhotos} with a cover photo`);
  if (withPhotos === 0) throw new Error('The demo lead list shows no photo: nothing to measure.');

  console.log(`Lighthouse (mobile) on /dealers/leads, ${runs} run(s)…`);
  const result = await runLighthouse(`${api.url}/dealers/leads`, runs);
  for (const [i, run] of result.runs.entries()) {
    console.log(
      `run ${i + 1}: LCP ${run.lcp} ms, CLS ${run.cls}, TBT ${run.tbt} ms, FCP ${run.fcp} ms; ` +
        `largest paint: ${run.lcpElement.slice(0, 100) || 'unknown'}`,
    );
  }
  const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
  console.log(
    `median: LCP ${result.lcp} ms (${verdict(result.lcp <= LCP_BUDGET_MS)} ${LCP_BUDGET_MS} ms), ` +
      `CLS ${result.cls} (${verdict(result.cls <= CLS_BUDGET)} ${CLS_BUDGET}), TBT ${result.tbt} ms, ` +
      `score ${result.score ?? 'n/a'}`,
  );
} finally {
  await stopChild(api.child);
  rmSync(dataDir, { recursive: true, force: true });
}
