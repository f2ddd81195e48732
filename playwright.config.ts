// Browser journeys: Chromium drives the production build, served by the API on a fresh seeded SQLite file.
import { existsSync } from 'node:fs';
import { chromium, defineConfig } from '@playwright/test';
// E2E_PORT and E2E_WEB_DIST let several runs (e.g. engineers on one machine) use their own server and build.
import { E2E_DATA_DIR as DATA_DIR, E2E_PORT as PORT } from './e2e/support';

const WEB_DIST = process.env.E2E_WEB_DIST;

/** Debian's and Ubuntu's Chromium package installs it here. */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The browser: CHROMIUM_PATH, else the system's /usr/bin/chromium, else the one `npx playwright install chromium`
 * downloaded (undefined lets Playwright launch it). With none, the run stops and says how to get one.
 */
function chromiumPath(): string | undefined {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen && existsSync(chosen)) return chosen;
  if (!chosen && existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  if (!chosen && existsSync(chromium.executablePath())) return undefined;
  console.error(
    chosen
      ? `CHROMIUM_PATH is ${chosen}, which does not exist: point it at a Chromium or Chrome executable.`
      : 'The browser tests need Chromium, and none was found. Install one: `apt-get install chromium` ' +
          '(Debian, Ubuntu) or `npx playwright install chromium`; or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/run-${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // A fresh database each run, so the deterministic demo seed is what the journeys see.
    command: `rm -rf ${DATA_DIR} && node apps/api/dist/server.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_IP_RATE_LIMIT: '100000',
      LEAD_SUBMIT_RATE_LIMIT: '1000',
      // PHONE_VERIFICATION is the default, required: journeys read the codes from DATA_DIR/sms-outbox (e2e/support.ts).
      // A journey fills the wizard in seconds, which moderation would hold as a bot's (fraud-signals.test.ts covers it).
      FAST_FILL_SECONDS: '0',
      API_RATE_LIMIT: '100000',
      // No SMTP_URL: alert mails are .eml files in DATA_DIR/outbox, sent within half a second.
      EMAIL_WORKER_INTERVAL_MS: '500',
      // Buying by UPI is on (e2e/orders.spec.ts); the popup's WhatsApp route is tested without it in web unit tests.
      UPI_VPA: 'dealerleads@okaxis',
      MERCHANT_NAME: 'DealerLeads Demo',
      ...(WEB_DIST ? { WEB_DIST } : {}),
    },
  },
});
