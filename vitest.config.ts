// One Vitest run for every unit and API test of the monorepo (browser journeys live in e2e/ under Playwright).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Every project's property tests run on one fixed seed (see the file). */
const FAST_CHECK_SEED = fileURLToPath(new URL('./vitest.fast-check.ts', import.meta.url));

export default defineConfig({
  test: {
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
          setupFiles: [FAST_CHECK_SEED],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // API test files each open their own database; SQLite files and PG schemas are per file.
          fileParallelism: true,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          setupFiles: [FAST_CHECK_SEED, './src/test/setup.ts'],
          // Typing through user-event in jsdom is slow on a busy machine; 5 s (the default) proved too short.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
