// New-lead alerts in the browser: a dealer saves a search (instant e-mail) on the lead list; an owner submits a
// matching car through the wizard in another tab; the dealer's bell counts it within 2 seconds, the saved search shows
// it as new, and the mail lands in the e2e server's outbox folder (no SMTP_URL there: .eml files).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demo, E2E_DATA_DIR, loginAs, verifyPhoneOnForm } from './support';

const outboxDir = path.join(E2E_DATA_DIR, 'outbox');
const mailsInOutbox = () =>
  existsSync(outboxDir) ? readdirSync(outboxDir).filter((f) => f.endsWith('.eml')) : [];

async function next(page: Page) {
  const button = page.getByRole('button', { name: 'Next' });
  await expect(button).toBeEnabled();
  await button.click();
}

async function submitCreta(page: Page, city: string) {
  await page.goto('/lead-form');
  for (const choice of ['Hyundai', 'Creta']) {
    await page.getByRole('radio', { name: choice, exact: true }).check();
    await next(page);
  }
  await page.getByLabel('Year').selectOption('2019');
  await next(page);
  for (const choice of ['Petrol', 'Manual', '5 Seater']) {
    await page.getByRole('radio', { name: choice, exact: true }).check();
    await next(page);
  }
  await page.getByRole('radio', { name: 'First Owner', exact: true }).check();
  await page.getByLabel('Kilometres Driven').fill('48,000');
  await next(page);
  // No photos.
  await next(page);
  await page.getByLabel('Full Name').fill('Alert Journey Owner');
  await page.getByLabel('City').fill(city);
  await page.getByLabel('Phone Number').fill('7304918273');
  await page.getByLabel('Expected Price').fill('9,50,000');
  await page.getByLabel(/^I agree to share my number/).check();
  await verifyPhoneOnForm(page, '7304918273');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
}

test('save a search → a matching lead from the wizard in another tab → the bell counts it within 2 s', async ({
  page,
  context,
}) => {
  await loginAs(page, demo.dealer);
  await page.goto('/dealers/leads?brand=hyundai&model=Creta&city=Neemrana');
  await page.getByRole('button', { name: 'Saved searches' }).click();
  await page.getByRole('button', { name: 'Save this search' }).click();
  await page.getByLabel('Name').fill('Cretas in Neemrana');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('instant');
  await page.getByLabel('E-mail', { exact: true }).selectOption({ label: 'E-mail at once' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.Toastify__toast', { hasText: 'Search saved' })).toBeVisible();
  // The bell is live once its stream is open.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await page.waitForTimeout(500);

  const before = mailsInOutbox();
  const owner = await context.newPage();
  await submitCreta(owner, 'Neemrana');
  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 2000 });
  await expect(page.getByTestId('saved-searches-count')).toHaveText('1');

  // The instant mail: one .eml named by its idempotency key (lead × saved search), naming the car and the search.
  await expect.poll(() => mailsInOutbox().length, { timeout: 10_000 }).toBe(before.length + 1);
  const file = mailsInOutbox().find((f) => !before.includes(f))!;
  expect(file).toMatch(/^lead-\d+-search-\d+\.eml$/);
  const mail = readFileSync(path.join(outboxDir, file), 'utf8');
  expect(mail).toContain(`Message-ID: <${file.replace(/\.eml$/, '')}@`);
  expect(mail).toContain('Cretas in Neemrana');
  expect(mail).toMatch(/List-Unsubscribe:\s*<http[^>]*\/api\/unsubscribe\?token=s\d+\./);

  await bell.click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
    '2019 Hyundai Creta in Neemrana, ₹9,50,000',
  );
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);

  // Opening the saved search applies its filters and resets its count.
  await page.goto('/dealers');
  await page.getByRole('button', { name: /^Saved searches/ }).click();
  await page.getByRole('button', { name: /^Cretas in Neemrana/ }).click();
  await expect(page).toHaveURL(/\/dealers\/leads\?/);
  const applied = new URL(page.url()).searchParams;
  expect(Object.fromEntries(applied)).toEqual({
    brand: 'hyundai',
    model: 'Creta',
    city: 'Neemrana',
  });
  await expect(page.getByTestId('saved-searches-count')).toHaveCount(0);
});
