// Bundles the API (and the shared package's TypeScript) into dist/server.js, the CLIs, and the worker threads the
// bundles start next to themselves (src/db/worker-threads.ts); npm dependencies stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    'seed-cli': 'src/db/seed-cli.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'create-admin-cli': 'src/db/create-admin-cli.ts',
    'sqlite-read-worker': 'src/db/sqlite-read-worker.ts',
    'lead-load-worker': 'src/modules/leads/list-engine/lead-load-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // The shared package is TypeScript source: bundled, not external.
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@dealerleads/')),
  logLevel: 'warning',
});
