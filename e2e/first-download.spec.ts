// The lead list's first download against its budget, on the build these journeys run (docs/performance-budgets.md);
// and another screen opened directly, which preloads the other screens' routes with the app.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FIRST_DOWNLOAD_BUDGET, kib, measureJavaScript } from '../bench/web-size';

const WEB_DIST = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');

test('the lead list downloads at most 120 KiB of gzipped JavaScript before its first render', () => {
  const { entry } = measureJavaScript(WEB_DIST);
  expect(entry.files.some((file) => file.startsWith('boot-'))).toBe(true);
  expect(entry.files.some((file) => file.startsWith('screen-routes-'))).toBe(false);
  expect(entry.gzip, `${kib(entry.gzip)} KiB in ${entry.files.join(', ')}`).toBeLessThanOrEqual(
    FIRST_DOWNLOAD_BUDGET,
  );
});

test("another screen opened directly preloads the other screens' routes with the app", async ({
  page,
}) => {
  await page.goto('/dealers/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(preloaded.some((href) => href.includes('/screen-routes-'))).toBe(true);
});

test("the lead list renders without the other screens' routes, and fetches them once idle", async ({
  page,
}) => {
  await page.route(/\/screen-routes-[\w-]+\.js$/, (route) => route.abort());
  const fetched = page.waitForRequest(/\/screen-routes-[\w-]+\.js$/);
  await page.goto('/dealers/leads');
  await expect(page.getByRole('region', { name: 'Lead results' }).getByRole('article')).toHaveCount(
    60,
  );
  await fetched;
});

test('the lead list asks for the parts of the shell that can wait only after its first paint', async ({
  page,
}) => {
  await page.goto('/dealers/leads');
  // The page's title is set by app-extras: once it is, the chunk has arrived.
  await expect(page).toHaveTitle('Leads · DealerLeads');
  const { firstPaint, extrasAsked, scriptsBefore } = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'));
    return {
      firstPaint: paint,
      extrasAsked:
        scripts.find((entry) => /\/app-extras-[\w-]+\.js$/.test(entry.name))?.startTime ?? NaN,
      scriptsBefore: scripts
        .filter((entry) => entry.startTime < paint)
        .map((entry) => entry.name.split('/').pop() ?? ''),
    };
  });
  expect(firstPaint).toBeGreaterThan(0);
  expect(extrasAsked).toBeGreaterThan(firstPaint);
  // Nothing but the first download is asked for before the first paint.
  const { entry } = measureJavaScript(WEB_DIST);
  expect(scriptsBefore.filter((file) => !entry.files.includes(file))).toEqual([]);
});
