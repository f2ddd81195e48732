// The installable app (docs/offline-and-push.md): manifest, icons and service worker with no installability errors
// from Chrome; offline, the shell opens with the banner, and My Leads and the last lead list read from the device.
import { expect, test, type Page } from '@playwright/test';
import { demo, loginAs } from './support';

const OFFLINE_TEXT =
  'You are offline. Leads and My Leads show what this device saved; actions need a connection.';

interface Manifest {
  name: string;
  short_name: string;
  display: string;
  start_url: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/**
 * Waits until the service worker controls the page: the first visit registers it once idle; a page loaded after it
 * has settled is its (Chrome takes a moment after 'activated' before it serves navigations).
 */
async function underServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    navigator.serviceWorker.getRegistration().then((r) => r?.active?.state === 'activated'),
  );
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.evaluate(() => navigator.serviceWorker.controller !== null);
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(true);
}

test('is installable: a manifest with 192 and 512 icons, standalone, a service worker, and Chrome finds no errors', async ({
  page,
}) => {
  await page.goto('/dealers/leads');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'DealerLeads',
    short_name: 'DealerLeads',
    display: 'standalone',
    start_url: '/dealers/leads',
    theme_color: '#0d6efd',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  await underServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito profiles, where Chrome never installs anything: that one is the browser's.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
});

test('offline: the shell opens with the banner, My Leads and the last lead list read from the device', async ({
  page,
  context,
}) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads');
  await underServiceWorker(page);
  const results = page.getByRole('region', { name: 'Lead results' }).getByRole('article');
  await expect(results.first()).toBeVisible();
  const firstLead = await results.first().getAttribute('data-lead-id');
  const myLeadsAnswer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/me/leads' && response.request().method() === 'GET',
  );
  await page.goto('/dealers/my-leads');
  await expect(page.getByRole('heading', { name: /^My Leads/ })).toBeVisible();
  // Count the cards of the page the API answered, not whatever had rendered when the heading showed.
  const myLeads = ((await (await myLeadsAnswer).json()) as unknown[]).length;
  await expect(page.getByRole('article')).toHaveCount(myLeads);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^My Leads/ })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(myLeads);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  await page.goto('/dealers/leads');
  await expect(results.first()).toHaveAttribute('data-lead-id', firstLead!);
  await expect(page.getByText('No leads to show.')).toHaveCount(0);
  await context.setOffline(false);
});
