// The production build works under the API's Content Security Policy: the screens load with no CSP violation,
// neither in the console nor as a securitypolicyviolation event, and the document carries the policy.
import { expect, test, type Page } from '@playwright/test';
import { demo, loginAs } from './support';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects CSP complaints from the console and from the browser's violation events. */
async function watchCsp(page: Page): Promise<string[]> {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text()))
      complaints.push(`console ${message.type()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return complaints;
}

async function violationEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

const screens = [
  { name: 'home', path: '/', ready: (page: Page) => page.getByText(/premium/i).first() },
  {
    name: 'login',
    path: '/dealers/login',
    ready: (page: Page) => page.getByRole('button', { name: /login/i }).first(),
  },
  {
    name: 'lead list',
    path: '/dealers/leads',
    ready: (page: Page) =>
      page.getByRole('region', { name: 'Lead results' }).getByRole('article').first(),
  },
];

for (const screen of screens) {
  test(`the ${screen.name} screen loads with no CSP violation`, async ({ page }) => {
    const complaints = await watchCsp(page);
    const response = await page.goto(screen.path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    await expect(screen.ready(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(complaints).toEqual([]);
    expect(await violationEvents(page)).toEqual([]);
  });
}

test('a logged-in dealer browses the leads and opens one with no CSP violation', async ({
  page,
}) => {
  const complaints = await watchCsp(page);
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads');
  const first = page.getByRole('region', { name: 'Lead results' }).getByRole('article').first();
  await expect(first).toBeVisible();
  const id = await first.getAttribute('data-lead-id');
  await page.goto(`/leads/${id}`);
  await page.waitForLoadState('networkidle');
  expect(complaints).toEqual([]);
  expect(await violationEvents(page)).toEqual([]);
});

test('a form validated with zod (sign-up) runs with no CSP violation', async ({ page }) => {
  const complaints = await watchCsp(page);
  await page.goto('/dealers/register');
  const first = page.getByRole('textbox').first();
  await first.fill('has space');
  await first.press('Tab');
  await expect(page.getByText('Username must not contain spaces')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(complaints).toEqual([]);
  expect(await violationEvents(page)).toEqual([]);
});
