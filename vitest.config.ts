// One Vitest run for every unit and API test of the monorepo (browser journeys live in e2e/ under Playwright).
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Every project's property tests run on one fixed seed (see the file). */
const FAST_CHECK_SEED = fileURLToPath(new URL('./vitest.fast-check.ts', import.meta.url));

/**
 * `npm run test:fast` (TEST_LANE=fast) leaves out the API suites that crash, soak or run several server processes:
 * minutes of the API project's time, which `npm test` still spends. The lane runs the API on SQLite alone.
 */
const FAST_LANE = process.env.TEST_LANE === 'fast';
const SLOW_API_SUITES = [
  'src/reliability/crash-safety.test.ts',
  'src/reliability/ledger-invariants.test.ts',
  'src/reliability/fuzz.test.ts',
  'src/reliability/backup.test.ts',
  'src/reliability/api-processes.test.ts',
  'src/reliability/two-processes.test.ts',
  'src/reliability/two-process-lists.test.ts',
  'src/reliability/run-together.test.ts',
  'src/reliability/two-process-security.test.ts',
  // Minutes-long property and snapshot runs of the list engine and the command-line tools; `npm test` runs them.
  'src/modules/leads/**/lead-bitmaps*.test.ts',
  'src/modules/leads/**/lead-list-snapshot*.test.ts',
  'src/modules/leads/**/lead-findability*.test.ts',
  'src/db/command-line.test.ts',
  'src/db/seed-cli.test.ts',
];

if (!FAST_LANE && !process.env.TEST_DATABASE_URL) {
  console.log(
    'TEST_DATABASE_URL is not set: the API tests run on SQLite only, and the PostgreSQL-only suites are skipped. ' +
      'Set it to an empty PostgreSQL database (postgres://user@host:5432/db) to test both engines.',
  );
}

export default defineConfig({
  test: {
    // Vitest leaves a core free by default; the fast lane's files wait on the CPU, not on each other, so it takes them all.
    ...(FAST_LANE ? { maxWorkers: availableParallelism() } : {}),
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          environment: 'node',
          setupFiles: [FAST_CHECK_SEED],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          environment: 'node',
          exclude: [...configDefaults.exclude, ...(FAST_LANE ? SLOW_API_SUITES : [])],
          setupFiles: [FAST_CHECK_SEED],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // API test files each open their own database; SQLite files and PG schemas are per file.
          fileParallelism: true,
          // One module graph per worker, as in the web project: importing the app for every file dominated the
          // project's time. Module state here is per app or per database (WeakMaps keyed by them), so files stay
          // independent; spies, stubbed globals and environment variables are put back after every test.
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          setupFiles: [FAST_CHECK_SEED, './src/test/setup.ts'],
          // One jsdom and one module graph per worker instead of per file: loading them dominated the project's time.
          // src/test/setup.ts puts every piece of module state back after each test, so files stay independent.
          isolate: false,
          // Typing through user-event in jsdom is slow on a busy machine; 5 s (the default) proved too short.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
